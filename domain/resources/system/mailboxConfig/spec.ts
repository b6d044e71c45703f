import { checkRules, field, fieldRules, type FieldError, type FieldSpec, type Lang, type Message } from "../../../validation";

/**
 * 邮箱配置 (/system/mailboxConfig): one SMTP server per tenant. Not a list resource: one form,
 * read with getMailConfig and written with saveOrUpdateMailConfig. Read by the server (validation)
 * and the console (form rules, labels), so each rule is written once.
 */
export const MAIL_MENU_CODE = "mailboxConfig";
export const MAIL_API = "/blade-system/sysConfig";
export const MAIL_CODES = { view: MAIL_MENU_CODE, edit: `${MAIL_MENU_CODE}_edit` } as const;

const flag = (label: Message): FieldSpec => ({ kind: "int", label, oneOf: [0, 1], defaultValue: 0 });

export const mailFields = {
  host: field.text({ zh: "SMTP服务器", en: "SMTP host" }, 255, { required: true }),
  port: field.int({ zh: "端口", en: "Port" }, { required: true, min: 1, maxValue: 65535 }),
  auth: flag({ zh: "身份验证", en: "Authentication" }),
  user: field.text({ zh: "用户名", en: "User name" }, 255),
  /** Write-only: answered as passwordSet, kept when left empty. */
  password: field.text({ zh: "密码", en: "Password" }, 255),
  from: field.text({ zh: "发件人地址", en: "Sender address" }, 255, { required: true, format: "email" }),
  starttlsEnable: flag({ zh: "启用STARTTLS", en: "STARTTLS" }),
  sslEnable: flag({ zh: "启用SSL", en: "SSL/TLS" }),
  sslTrusts: field.text({ zh: "信任的主机", en: "Trusted hosts" }, 500),
} satisfies Record<string, FieldSpec>;

export type MailField = keyof typeof mailFields;

export const mailMessages = {
  title: { zh: "邮箱配置", en: "Mailbox settings" },
  host: { zh: "请输入正确的主机名或IP地址", en: "Enter a valid host name or IP address" },
  trusts: { zh: "信任的主机应为以空格或逗号分隔的主机名,或 *", en: "Trusted hosts: host names separated by spaces or commas, or *" },
  userRequired: { zh: "启用身份验证时请输入用户名", en: "Enter the user name when authentication is on" },
  passwordRequired: { zh: "启用身份验证时请输入密码", en: "Enter the password when authentication is on" },
  sslAndStarttls: { zh: "SSL与STARTTLS只能启用一个", en: "Turn on either SSL or STARTTLS, not both" },
  testTo: { zh: "收件人", en: "Recipient" },
  toRequired: { zh: "请输入收件人邮箱", en: "Please enter the recipient's address" },
  notConfigured: { zh: "请先保存邮箱配置", en: "Save the mail settings first" },
} satisfies Record<string, Message>;

const LABEL = "(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)";
/** A DNS name (IPv4 included) or an IPv6 address. */
export const HOST_PATTERN = new RegExp(`^(?:(?=.{1,253}$)${LABEL}(?:\\.${LABEL})*|[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7})$`);
const TRUSTS_PATTERN = new RegExp(`^(?:\\*|(?:${LABEL}(?:\\.${LABEL})*|\\*\\.${LABEL}(?:\\.${LABEL})*)(?:[\\s,;]+(?:${LABEL}(?:\\.${LABEL})*))*)$`);

const msg = (m: Message, lang: Lang) => (lang === "en" ? m.en : m.zh);

/** true/false, "true"/"false", 1/0 → 1/0 (the console sends switches' booleans, BladeX strings). */
export function toFlag(value: unknown): unknown {
  if (value === true || value === "true") return 1;
  if (value === false || value === "false") return 0;
  return value;
}

/**
 * The errors of a mail settings body (flags already 0/1). `passwordStored`: a password is kept from
 * before, so an empty one keeps it.
 */
export function mailFieldErrors(body: Record<string, unknown>, passwordStored: boolean, lang: Lang = "zh"): FieldError[] {
  const errors: FieldError[] = [];
  for (const [name, f] of Object.entries(mailFields)) {
    const message = checkRules(body[name], fieldRules(f, lang), lang);
    if (message) errors.push({ field: name, message });
  }
  const has = (name: string) => errors.some((e) => e.field === name);
  const text = (name: string) => (typeof body[name] === "string" ? (body[name] as string).trim() : "");
  if (!has("host") && text("host") && !HOST_PATTERN.test(text("host"))) errors.push({ field: "host", message: msg(mailMessages.host, lang) });
  if (!has("sslTrusts") && text("sslTrusts") && !TRUSTS_PATTERN.test(text("sslTrusts"))) errors.push({ field: "sslTrusts", message: msg(mailMessages.trusts, lang) });
  if (Number(body.auth) === 1) {
    if (!has("user") && !text("user")) errors.push({ field: "user", message: msg(mailMessages.userRequired, lang) });
    if (!has("password") && !text("password") && !passwordStored) errors.push({ field: "password", message: msg(mailMessages.passwordRequired, lang) });
  }
  if (Number(body.sslEnable) === 1 && Number(body.starttlsEnable) === 1) errors.push({ field: "starttlsEnable", message: msg(mailMessages.sslAndStarttls, lang) });
  return errors;
}
