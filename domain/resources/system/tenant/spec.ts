import { defineResource, field } from "../../../validation";
import { CRUD, button } from "../../../menus/entry";

/** The platform's own tenant (§9 default tenant id): never limited, disabled or removed. */
export const PLATFORM_TENANT_ID = "000000";

/**
 * 租户管理 (/system/tenant, BladeX blade_tenant): the one description of a tenant, server and
 * console alike. The tenant id is generated (six digits, BladeX) unless one is given.
 */
export const tenantSpec = defineResource({
  name: "tenant",
  menuCode: "tenant",
  menu: {
    // Platform administrator only (§6): tenants and the packages of menus they may use.
    icon: "GlobalOutlined",
    buttons: [
      ...CRUD,
      button("setting", "授权配置", "Authorisation settings", 3),
      button("package_setting", "套餐设置", "Package settings", 2),
      button("datasource", "数据源", "Data source", 2),
      button("reset", "重置管理员密码", "Reset administrator password", 2),
      button("status", "启用停用", "Enable or disable", 2),
    ],
  },
  api: "/blade-system/tenant",
  path: "/system/tenant",
  title: { zh: "租户管理", en: "Tenants" },
  fields: {
    tenantId: field.text({ zh: "租户ID", en: "Tenant id" }, 12, { format: "code", search: "like", sortable: true, immutable: true }),
    tenantName: field.text({ zh: "租户名称", en: "Tenant name" }, 50, { required: true, format: "textarea", search: "like", sortable: true }),
    domain: field.text({ zh: "域名地址", en: "Domain" }, 255, { format: "code", search: "like" }),
    linkman: field.text({ zh: "联系人", en: "Contact" }, 20, { required: true, format: "textarea", search: "like" }),
    contactNumber: field.text({ zh: "联系电话", en: "Phone" }, 20, { required: true, format: "textarea" }),
    address: field.text({ zh: "联系地址", en: "Address" }, 255, { format: "textarea", control: "textarea", column: false }),
    // Shown by the page itself (-1 reads 不限, an empty expiry 永不过期).
    accountNumber: field.int({ zh: "账号额度", en: "Account quota" }, { min: -1, defaultValue: -1, sortable: true, column: false }),
    expireTime: { kind: "date", label: { zh: "过期时间", en: "Expires at" }, filter: true, sortable: true, column: false },
    packageId: field.id({ zh: "租户套餐", en: "Package" }, { filter: true, column: false, control: "select" }),
  },
  unique: [{ field: "tenantId", message: { zh: "租户ID已存在", en: "Tenant id already exists" } }],
});

/** What a tenant's creation (or an administrator password reset) answers, once. */
export interface TenantAdminSecret {
  account: string;
  password: string;
}
