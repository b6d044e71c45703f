import { defineResource, field } from "../../../validation";
import { CRUD, button, scopedButtons } from "../../../menus/entry";

/**
 * 角色管理 (/system/role, BladeX blade_role): the one description of a role, server and console
 * alike. `categoryId` is the role's category (角色分类, blade_role.category_id), a form field
 * the list does not show as a column.
 */
export const roleSpec = defineResource({
  name: "role",
  menuCode: "role",
  menu: {
    icon: "TeamOutlined",
    // 权限设置: grants menus, buttons and scopes to roles, and gives roles to users.
    buttons: [...CRUD, button("grant", "权限设置", "Permissions", 2), ...scopedButtons("group", "角色组", "Role groups", "role group")],
    apis: ["/blade-system/rolePolicy/"],
  },
  api: "/blade-system/role",
  path: "/system/role",
  title: { zh: "角色管理", en: "Roles" },
  fields: {
    roleName: field.text({ zh: "角色名称", en: "Role name" }, 64, { required: true, format: "input", search: "like", sortable: true }),
    roleAlias: field.text({ zh: "角色别名", en: "Role alias" }, 64, { required: true, format: "code", search: "like", sortable: true }),
    parentId: field.id({ zh: "上级角色", en: "Parent role" }, { control: "treeSelect", column: false, defaultValue: "0" }),
    categoryId: field.id({ zh: "角色分类", en: "Category" }, { control: "treeSelect", column: false, defaultValue: "0" }),
    categoryName: field.text({ zh: "角色分类", en: "Category" }, 64, { form: false }),
    sort: field.int({ zh: "角色排序", en: "Sort" }, { required: true, maxValue: 99999, sortable: true, defaultValue: 1 }),
  },
  unique: [{ field: "roleAlias", message: { zh: "角色别名已存在", en: "Role alias already exists" } }],
});

/** 角色分类 (blade_role_category): a tenant's tree of role categories, managed with the roles' buttons. */
export const roleCategorySpec = defineResource({
  name: "roleCategory",
  menuCode: "role",
  api: "/blade-system/roleCategory",
  path: "/system/role",
  title: { zh: "角色分类", en: "Role categories" },
  fields: {
    categoryName: field.text({ zh: "分类名称", en: "Category name" }, 64, { required: true, format: "input", search: "like", sortable: true }),
    parentId: field.id({ zh: "上级分类", en: "Parent category" }, { control: "treeSelect", column: false, defaultValue: "0" }),
    sort: field.int({ zh: "分类排序", en: "Sort" }, { required: true, maxValue: 99999, sortable: true, defaultValue: 1 }),
    remark: field.remark({ zh: "分类备注", en: "Remark" }),
  },
});
