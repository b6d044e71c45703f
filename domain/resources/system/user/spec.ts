import { USER_FIELD_LIMITS as L, defineResource, field } from "../../../validation";
import { CRUD, button, exportButton, importButton } from "../../../menus/entry";

/**
 * 用户管理 (/system/user, BladeX blade_user): labels, lengths, search, sort and permission codes.
 * The field rules with cross-field logic (password confirmation, account characters, id lists)
 * are `validateUser` of domain/validation, which both the form and /blade-user/submit apply.
 */
export const userSpec = defineResource({
  name: "user",
  menuCode: "user",
  menu: {
    icon: "UserOutlined",
    buttons: [
      ...CRUD,
      button("reset", "重置密码", "Reset password", 1),
      button("unlock", "账号解封", "Unlock account", 1),
      button("status", "启用停用", "Enable or disable", 3),
      button("role", "角色配置", "Set roles", 3),
      button("dept", "设置部门", "Set departments", 3),
      button("platform", "平台配置", "Platform settings", 2),
      importButton,
      exportButton,
      button("unbind", "解除绑定", "Unbind", 2),
      button("app_role", "应用角色", "Application roles", 2),
    ],
  },
  api: "/blade-user",
  path: "/system/user",
  title: { zh: "用户管理", en: "Users" },
  fields: {
    account: field.text({ zh: "登录账号", en: "Account" }, L.account, { required: true, search: "like", sortable: true, immutable: true }),
    realName: field.text({ zh: "用户姓名", en: "Real name" }, L.realName, { required: true, search: "like", sortable: true }),
    roleName: field.text({ zh: "所属角色", en: "Roles" }, 1000, { form: false }),
    deptName: field.text({ zh: "所属部门", en: "Departments" }, 1000, { form: false }),
    phone: field.text({ zh: "手机号码", en: "Mobile" }, 11, { format: "phone", filter: true }),
    name: field.text({ zh: "用户昵称", en: "Nickname" }, L.name, { column: false, filter: true }),
    code: field.text({ zh: "用户编号", en: "User number" }, L.code, { column: false, filter: true }),
    email: field.text({ zh: "电子邮箱", en: "Email" }, L.email, { format: "email", column: false, filter: true }),
    sex: field.dict({ zh: "用户性别", en: "Sex" }, "sex", { oneOf: [1, 2, 3], column: false, filter: true }),
    birthday: { kind: "date", label: { zh: "用户生日", en: "Birthday" }, column: false },
    userType: field.dict({ zh: "用户平台", en: "Platform" }, "user_type", { oneOf: [1, 2, 3], column: false, filter: true }),
    status: field.int({ zh: "状态", en: "Status" }, { form: false, column: false, filter: true }),
    roleId: field.text({ zh: "所属角色", en: "Roles" }, L.roleId, { required: true, column: false }),
    deptId: field.text({ zh: "所属部门", en: "Departments" }, L.deptId, { required: true, column: false }),
    postId: field.text({ zh: "所属岗位", en: "Posts" }, L.postId, { column: false }),
    idType: field.dict({ zh: "证件类型", en: "ID type" }, "id_type", { oneOf: [0, 1, 2, 3, 4, 5], column: false }),
    idNumber: field.text({ zh: "证件号码", en: "ID number" }, L.idNumber, { column: false }),
  },
});

/** The user page's buttons beyond CRUD (seeded under the `user` menu); server routes and console both use these. */
export const USER_BUTTON_CODES = {
  reset: "user_reset",
  unlock: "user_unlock",
  status: "user_status",
  role: "user_role",
  dept: "user_dept",
  platform: "user_platform",
  import: "user_import",
  export: "user_export",
  unbind: "user_unbind",
} as const;

/** One import reads at most this many rows; the file itself is bounded by the request limit (1 MB). */
export const USER_IMPORT_MAX_ROWS = 5000;
// A little under the 1 MB request limit, which also carries the multipart framing.
export const USER_IMPORT_MAX_BYTES = 1000 * 1024;
