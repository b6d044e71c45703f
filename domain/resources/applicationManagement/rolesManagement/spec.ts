import { defineResource, field } from "../../../validation";
import { CRUD, button } from "../../../menus/entry";

/**
 * 应用角色 (/applicationManagement/rolesManagement/index, /authentication/bladeApplicationRole):
 * an application's own roles, given to users (addUser, the user page's 应用角色) and bound to
 * role groups. `appId` is a filter, not a search field: the page offers it as an application select.
 */
export const appRoleSpec = defineResource({
  name: "rolesManagement",
  menuCode: "rolesManagement",
  menu: { icon: "IdcardOutlined", buttons: [...CRUD, button("user", "分配用户", "Assign users", 2), button("directory", "分配目录", "Assign directories", 2)] },
  api: "/authentication/bladeApplicationRole",
  path: "/applicationManagement/rolesManagement/index",
  title: { zh: "应用角色", en: "Application roles" },
  fields: {
    appId: field.id({ zh: "所属应用", en: "Application" }, { required: true, filter: true, column: false, control: "select", immutable: true }),
    roleName: field.text({ zh: "角色名称", en: "Role name" }, 64, { required: true, format: "textarea", search: "like", sortable: true }),
    roleCode: field.text({ zh: "角色编码", en: "Role code" }, 64, { required: true, format: "code", search: "like", sortable: true }),
    sort: field.int({ zh: "排序", en: "Sort" }, { maxValue: 99999, sortable: true, defaultValue: 1 }),
    remark: field.remark(),
  },
});

/** The 分配用户 row action's code; the user page's 应用角色 action has its own (user_app_role). */
export const APP_ROLE_USER_CODE = "rolesManagement_user";
export const USER_APP_ROLE_CODE = "user_app_role";

export const appRoleMessages = {
  appMissing: { zh: "应用不存在", en: "Application not found" },
  roleMissing: { zh: "应用角色不存在", en: "Application role not found" },
  codeTaken: { zh: "该应用下已有此角色编码", en: "The application already has a role with this code" },
  chooseUser: { zh: "请选择用户", en: "Please select users" },
  chooseRole: { zh: "请选择应用角色", en: "Please select application roles" },
  userMissing: { zh: "用户不存在", en: "User not found" },
  otherTenant: { zh: "应用角色与用户不属于同一租户", en: "The application role and the user belong to different tenants" },
} as const;
