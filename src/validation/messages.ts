/**
 * Every message of the validation rules, in both languages, in one table so the console and the
 * server can never drift apart. zh is the spec's (or the original Saber/avue console's) exact
 * wording; en is the spec's English wording where it has one.
 *
 * `{name}` placeholders are filled by `formatMessage`.
 */
export type Lang = "zh" | "en";

export interface Message {
  readonly zh: string;
  readonly en: string;
}

export const messages = {
  // Chinese ID card and other ID documents (§5, §3 ID types)
  idRequired: { zh: "证件号码不能为空", en: "ID number cannot be empty" },
  idLength: { zh: "证件号码长度不为18位", en: "ID number must be 18 characters long" },
  idFormat: { zh: "证件号码格式错误", en: "ID number format is incorrect" },
  idAddress: { zh: "地址编码错误", en: "address code is incorrect" },
  idChecksum: { zh: "证件号码校验位错误", en: "ID number check character is incorrect" },
  idType: { zh: "证件类型错误", en: "ID type is incorrect" },

  // Mobile
  mobileRequired: { zh: "手机号码不能为空", en: "mobile number cannot be empty" },
  mobileLength: { zh: "手机号码长度不为11位", en: "mobile number must be 11 digits long" },
  mobileFormat: { zh: "手机号码格式错误", en: "mobile number format is incorrect" },

  // Generic form rules
  phoneRequired: { zh: "请输入手机号码", en: "please enter mobile number" },
  formatIncorrect: { zh: "格式不正确", en: "format is incorrect" },
  nameChars: {
    zh: "只能是中文、数字、字母、下划线",
    en: "only Chinese characters, digits, letters and underscore are allowed",
  },
  descriptionRequired: { zh: "请输入描述", en: "please enter description" },
  descriptionChars: {
    zh: "不能包含特殊字符<>/以及双引号和单引号",
    en: "must not contain the special characters <>/ or double and single quotes",
  },
  maxLength: { zh: "长度不能超过{n}个字符", en: "length cannot exceed {n} characters" },
  inputChars: {
    zh: "只能输入中文、字母、数字、下划线",
    en: "only Chinese characters, letters, digits and underscore can be entered",
  },
  specialChars: { zh: "不能包含特殊字符", en: "must not contain special characters" },

  // Parameter form
  paramName: { zh: "请输入参数名称", en: "please enter parameter name" },
  paramKey: { zh: "请输入参数键名", en: "please enter parameter key" },
  paramValue: { zh: "请输入参数键值", en: "please enter parameter value" },

  // Lock screen, switch department/role, bulk actions
  lockPasswordRequired: { zh: "锁屏密码不能为空", en: "lock password cannot be empty" },
  selectDept: { zh: "请选择部门", en: "please select department" },
  selectRole: { zh: "请选择角色", en: "please select role" },
  selectAtLeastOne: { zh: "请选择至少一条数据", en: "please select at least one item" },

  // Dictionary
  dictCode: { zh: "请输入字典编号", en: "please enter dictionary code" },
  dictName: { zh: "请输入字典名称", en: "please enter dictionary name" },
  dictSort: { zh: "请输入字典排序", en: "please enter dictionary sort" },
  dictSealed: { zh: "请选择封存", en: "please select sealed" },
  dictKey: { zh: "请输入字典键值", en: "please enter dictionary key" },
  dictParent: { zh: "请选择上级字典", en: "please select parent dictionary" },

  // Registration dialog
  registerTenant: { zh: "请先输入租户编号", en: "please enter the tenant id first" },
  registerAccount: { zh: "请先输入账号名称", en: "please enter the account name first" },
  registerPassword: { zh: "请先输入密码", en: "please enter the password first" },
  passwordMismatch: { zh: "两次密码输入不一致", en: "the two passwords do not match" },

  // Upload
  uploadFormat: { zh: "上传文件格式错误", en: "file format is not allowed" },
  uploadSize: { zh: "上传文件大小不能超过 {n} MB!", en: "uploaded file size cannot exceed {n} MB!" },
  uploadCount: { zh: "上传文件数量不能超过 {n} 个", en: "file count cannot exceed {n}" },
  uploadSuccess: { zh: "上传成功", en: "upload successful" },
  uploadFailure: { zh: "上传失败，请重试", en: "upload failed, please retry" },
  avatarType: { zh: "头像图片只能是 JPG/PNG 格式!", en: "avatar image must be JPG or PNG!" },
  avatarSize: { zh: "头像图片大小不能超过 500kb!", en: "avatar image size cannot exceed 500kb!" },

  // User form
  accountRequired: { zh: "请输入账号", en: "please enter account" },
  accountLength: { zh: "账号长度在2到45个字符", en: "account must be 2 to 45 characters long" },
  accountChars: {
    zh: "账号只能包含字母、数字、下划线、点、@和-",
    en: "account may only contain letters, digits, underscore, dot, @ and -",
  },
  passwordRequired: { zh: "请输入密码", en: "please enter password" },
  passwordLength: { zh: "密码长度在6到32个字符", en: "password must be 6 to 32 characters long" },
  realNameRequired: { zh: "请输入用户姓名", en: "please enter the user's name" },
  emailFormat: { zh: "邮箱格式不正确", en: "email format is incorrect" },
  sexValue: { zh: "性别取值错误", en: "sex value is incorrect" },
  birthdayFormat: { zh: "生日格式错误", en: "birthday format is incorrect" },
  roleRequired: { zh: "请选择所属角色", en: "please select the role" },
  deptRequired: { zh: "请选择所属部门", en: "please select the department" },
  fieldType: { zh: "{field}类型错误", en: "{field} has the wrong type" },
} as const satisfies Record<string, Message>;

export type MessageKey = keyof typeof messages;

/**
 * Resolves a message. An unknown `lang` (e.g. taken unchecked from a request header) falls back to
 * zh, the product's default language (§9), rather than producing `undefined`.
 */
export function formatMessage(
  key: MessageKey,
  lang: Lang = "zh",
  params: Readonly<Record<string, string | number>> = {},
): string {
  const entry: Message = messages[key];
  const text = lang === "en" ? entry.en : entry.zh;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}
