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
  idAddress: { zh: "地址编码错误", en: "Address code is incorrect" },
  idChecksum: { zh: "证件号码校验位错误", en: "ID number check character is incorrect" },
  idType: { zh: "证件类型错误", en: "ID type is incorrect" },

  // Mobile
  mobileRequired: { zh: "手机号码不能为空", en: "Mobile number cannot be empty" },
  mobileLength: { zh: "手机号码长度不为11位", en: "Mobile number must be 11 digits long" },
  mobileFormat: { zh: "手机号码格式错误", en: "Mobile number format is incorrect" },

  // Generic form rules
  phoneRequired: { zh: "请输入手机号码", en: "Please enter mobile number" },
  formatIncorrect: { zh: "格式不正确", en: "Format is incorrect" },
  nameChars: {
    zh: "只能是中文、数字、字母、下划线",
    en: "Only Chinese characters, digits, letters and underscore are allowed",
  },
  descriptionRequired: { zh: "请输入描述", en: "Please enter description" },
  descriptionChars: {
    zh: "不能包含特殊字符<>/以及双引号和单引号",
    en: "Must not contain the special characters <>/ or double and single quotes",
  },
  maxLength: { zh: "长度不能超过{n}个字符", en: "Length cannot exceed {n} characters" },
  inputChars: {
    zh: "只能输入中文、字母、数字、下划线",
    en: "Only Chinese characters, letters, digits and underscore can be entered",
  },
  specialChars: { zh: "不能包含特殊字符", en: "Must not contain special characters" },

  // Parameter form
  paramName: { zh: "请输入参数名称", en: "Please enter parameter name" },
  paramKey: { zh: "请输入参数键名", en: "Please enter parameter key" },
  paramValue: { zh: "请输入参数键值", en: "Please enter parameter value" },

  // Lock screen, switch department/role, bulk actions
  lockPasswordRequired: { zh: "锁屏密码不能为空", en: "Lock password cannot be empty" },
  selectDept: { zh: "请选择部门", en: "Please select department" },
  selectRole: { zh: "请选择角色", en: "Please select role" },
  selectAtLeastOne: { zh: "请选择至少一条数据", en: "Please select at least one item" },

  // Dictionary
  dictCode: { zh: "请输入字典编号", en: "Please enter dictionary code" },
  dictName: { zh: "请输入字典名称", en: "Please enter dictionary name" },
  dictSort: { zh: "请输入字典排序", en: "Please enter dictionary sort" },
  dictSealed: { zh: "请选择封存", en: "Please select sealed" },
  dictKey: { zh: "请输入字典键值", en: "Please enter dictionary key" },
  dictParent: { zh: "请选择上级字典", en: "Please select parent dictionary" },

  // Registration dialog
  registerTenant: { zh: "请先输入租户编号", en: "Please enter the tenant id first" },
  registerAccount: { zh: "请先输入账号名称", en: "Please enter the account name first" },
  registerPassword: { zh: "请先输入密码", en: "Please enter the password first" },
  passwordMismatch: { zh: "两次密码输入不一致", en: "The two passwords do not match" },

  // Upload
  uploadFormat: { zh: "上传文件格式错误", en: "File format is not allowed" },
  uploadSize: { zh: "上传文件大小不能超过 {n} MB!", en: "Uploaded file size cannot exceed {n} MB!" },
  uploadCount: { zh: "上传文件数量不能超过 {n} 个", en: "File count cannot exceed {n}" },
  uploadSuccess: { zh: "上传成功", en: "Upload successful" },
  uploadFailure: { zh: "上传失败，请重试", en: "Upload failed, please retry" },
  avatarType: { zh: "头像图片只能是 JPG/PNG 格式!", en: "Avatar image must be JPG or PNG!" },
  avatarSize: { zh: "头像图片大小不能超过 500kb!", en: "Avatar image size cannot exceed 500kb!" },

  // User form
  accountRequired: { zh: "请输入账号", en: "Please enter account" },
  accountLength: { zh: "账号长度在2到45个字符", en: "Account must be 2 to 45 characters long" },
  accountChars: {
    zh: "账号只能包含字母、数字、下划线、点、@和-",
    en: "Account may only contain letters, digits, underscore, dot, @ and -",
  },
  passwordRequired: { zh: "请输入密码", en: "Please enter password" },
  passwordLength: { zh: "密码长度在6到32个字符", en: "Password must be 6 to 32 characters long" },
  realNameRequired: { zh: "请输入用户姓名", en: "Please enter the user's name" },
  emailFormat: { zh: "邮箱格式不正确", en: "Email format is incorrect" },
  sexValue: { zh: "性别取值错误", en: "Sex value is incorrect" },
  birthdayFormat: { zh: "生日格式错误", en: "Birthday format is incorrect" },
  roleRequired: { zh: "请选择所属角色", en: "Please select the role" },
  deptRequired: { zh: "请选择所属部门", en: "Please select the department" },
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
