import { defineResource, field } from "../../../validation";
import { CRUD } from "../../../menus/entry";

/**
 * 租户套餐 (BladeX blade_tenant_package): a name and the menus and buttons a tenant holding it
 * may use, as a comma list of menu ids. A tenant without a package may use every menu.
 */
export const tenantPackageSpec = defineResource({
  name: "tenantPackage",
  menuCode: "tenantPackage",
  menu: { icon: "AppstoreAddOutlined", buttons: CRUD },
  api: "/blade-system/tenant-package",
  path: "/system/tenantPackage",
  title: { zh: "租户套餐", en: "Tenant packages" },
  fields: {
    packageName: field.text({ zh: "套餐名称", en: "Package name" }, 50, { required: true, format: "textarea", search: "like", sortable: true }),
    menuId: field.text({ zh: "菜单权限", en: "Menus" }, 60_000, { required: true, column: false }),
    remark: field.remark({ zh: "备注", en: "Remark" }),
  },
  unique: [{ field: "packageName", message: { zh: "套餐名称已存在", en: "Package name already exists" } }],
});
