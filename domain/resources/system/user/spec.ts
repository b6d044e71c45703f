import {
  USER_FIELD_LIMITS as L,
  defineResource,
  field,
  formatMessage,
  isValidBirthday,
  patterns,
  validateIdDocument,
  type FieldSpec,
  type MessageKey,
} from "../../../validation";
import { CRUD, button, exportButton, importButton } from "../../../menus/entry";

/** A §5 rule of the user form beyond type: the message of a non-empty value, or null. */
type Check = NonNullable<FieldSpec["check"]>;

const length = (s: string): number => [...s].length;
const maxLength = (n: number): Check => (value, lang) => (length(value) > n ? formatMessage("maxLength", lang, { n }) : null);
const matches = (pattern: RegExp, message: MessageKey): Check => (value, lang) =>
  pattern.test(value) ? null : formatMessage(message, lang);
/** The first message of several checks. */
const all = (...checks: Check[]): Check => (value, lang, body) => {
  for (const check of checks) {
    const message = check(value, lang, body);
    if (message !== null) return message;
  }
  return null;
};
const idList = (max: number) => all(maxLength(max), matches(patterns.idList, "formatIncorrect"));

const account: Check = (value, lang) => {
  const n = length(value);
  if (n < 2 || n > L.account) return formatMessage("accountLength", lang);
  return /^[A-Za-z0-9_.@-]+$/.test(value) ? null : formatMessage("accountChars", lang);
};
const password: Check = (value, lang) => {
  const n = length(value);
  return n < 6 || n > L.password ? formatMessage("passwordLength", lang) : null;
};

/**
 * 用户管理 (/system/user, BladeX blade_user): labels, lengths, search, sort, permission codes and the
 * form's §5 rules (`required` with its words, `createOnly`, `check`), which `validateUser`
 * (./validate.ts) applies for both the form and /blade-user/submit. Fields are in form order, the
 * order of its errors.
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
    account: field.text({ zh: "登录账号", en: "Account" }, L.account, {
      required: true, requiredMessage: "accountRequired", search: "like", sortable: true, immutable: true, check: account,
    }),
    // The passwords of a new user; an existing one changes its password through reset and update-password.
    password: field.text({ zh: "密码", en: "Password" }, L.password, {
      required: true, requiredMessage: "passwordRequired", createOnly: true, column: false, check: password,
    }),
    // A missing confirmation is a mismatch, not a second "please enter password".
    password2: field.text({ zh: "确认密码", en: "Confirm password" }, L.password, {
      required: true, requiredMessage: "passwordMismatch", createOnly: true, column: false,
      check: (value, lang, body) => (value === body.password ? null : formatMessage("passwordMismatch", lang)),
    }),
    realName: field.text({ zh: "用户姓名", en: "Real name" }, L.realName, {
      required: true, requiredMessage: "realNameRequired", search: "like", sortable: true,
      check: all(maxLength(L.realName), matches(patterns.realName, "nameChars")),
    }),
    roleName: field.text({ zh: "所属角色", en: "Roles" }, 1000, { form: false }),
    deptName: field.text({ zh: "所属部门", en: "Departments" }, 1000, { form: false }),
    name: field.text({ zh: "用户昵称", en: "Nickname" }, L.name, { column: false, filter: true, check: maxLength(L.name) }),
    phone: field.text({ zh: "手机号码", en: "Mobile" }, 11, { format: "phone", filter: true, check: matches(patterns.mainlandMobile, "formatIncorrect") }),
    email: field.text({ zh: "电子邮箱", en: "Email" }, L.email, {
      format: "email", column: false, filter: true, check: all(maxLength(L.email), matches(patterns.email, "emailFormat")),
    }),
    sex: field.dict({ zh: "用户性别", en: "Sex" }, "sex", { oneOf: [1, 2, 3], column: false, filter: true, check: matches(/^[123]$/, "sexValue") }),
    birthday: {
      kind: "date", label: { zh: "用户生日", en: "Birthday" }, column: false,
      check: (value, lang) => (isValidBirthday(value) ? null : formatMessage("birthdayFormat", lang)),
    },
    userType: field.dict({ zh: "用户平台", en: "Platform" }, "user_type", { oneOf: [1, 2, 3], column: false, filter: true }),
    status: field.int({ zh: "状态", en: "Status" }, { form: false, column: false, filter: true }),
    roleId: field.text({ zh: "所属角色", en: "Roles" }, L.roleId, { required: true, requiredMessage: "roleRequired", column: false, check: idList(L.roleId) }),
    deptId: field.text({ zh: "所属部门", en: "Departments" }, L.deptId, { required: true, requiredMessage: "deptRequired", column: false, check: idList(L.deptId) }),
    postId: field.text({ zh: "所属岗位", en: "Posts" }, L.postId, { column: false, check: idList(L.postId) }),
    code: field.text({ zh: "用户编号", en: "User number" }, L.code, { column: false, filter: true, check: maxLength(L.code) }),
    idType: field.dict({ zh: "证件类型", en: "ID type" }, "id_type", { oneOf: [0, 1, 2, 3, 4, 5], column: false, check: matches(/^[0-5]$/, "idType") }),
    // Judged by its type (§3's six, §5's ID card rules): a number without a type has nothing to be judged by.
    idNumber: field.text({ zh: "证件号码", en: "ID number" }, L.idNumber, {
      column: false,
      check: (value, lang, body) => maxLength(L.idNumber)(value, lang, body) ?? validateIdDocument((body.idType as number | string | undefined) ?? "", value, lang),
    }),
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
