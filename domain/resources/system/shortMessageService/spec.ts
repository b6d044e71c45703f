import { checkRules, field, fieldRules, type FieldError, type FieldSpec, type Lang, type Message } from "../../../validation";

/**
 * 短信配置 (/system/shortMessageService/index): per tenant, the provider, keys, signature and
 * template of one use (`VERIFICATION_CODE`: the codes of SMS sign-in and find-password). One form,
 * read with sms/detail?smsCode= and written with sms/submit; sms/updateStatus turns it on or off.
 */
export const SMS_MENU_CODE = "shortMessageService";
export const SMS_API = "/blade-resource/sms";
export const SMS_CODES = { view: SMS_MENU_CODE, create: `${SMS_MENU_CODE}_add`, edit: `${SMS_MENU_CODE}_edit` } as const;
export const VERIFICATION_CODE = "VERIFICATION_CODE";

/** `log` sends nothing: codes go to the server log, as on a development install. */
export const SMS_PROVIDERS = ["log", "aliyun", "tencent", "yunpian"] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];

export const smsProviderLabels: Record<SmsProvider, Message> = {
  log: { zh: "仅写入日志", en: "Server log only" },
  aliyun: { zh: "阿里云", en: "Alibaba Cloud" },
  tencent: { zh: "腾讯云", en: "Tencent Cloud" },
  yunpian: { zh: "云片", en: "Yunpian" },
};

export const smsFields = {
  smsCode: field.text({ zh: "配置编号", en: "Use" }, 64, { required: true, format: "code" }),
  provider: { kind: "text", label: { zh: "服务商", en: "Provider" }, required: true, oneOf: SMS_PROVIDERS, control: "select" },
  accessKey: field.text({ zh: "AccessKey", en: "Access key" }, 255),
  /** Write-only: answered as secretKeySet, kept when left empty. */
  secretKey: field.text({ zh: "SecretKey", en: "Secret key" }, 255),
  signName: field.text({ zh: "短信签名", en: "Signature" }, 64, { format: "textarea" }),
  templateId: field.text({ zh: "模板编号", en: "Template id" }, 128, { format: "code" }),
  regionId: field.text({ zh: "地域", en: "Region" }, 64, { format: "code" }),
  endpoint: field.text({ zh: "接口地址", en: "API address" }, 500, { format: "url" }),
  remark: field.remark(),
} satisfies Record<string, FieldSpec>;

export const smsMessages = {
  title: { zh: "短信配置", en: "SMS settings" },
  accessKeyRequired: { zh: "请输入AccessKey", en: "Please enter the access key" },
  secretKeyRequired: { zh: "请输入SecretKey", en: "Please enter the secret key" },
  signNameRequired: { zh: "请输入短信签名", en: "Please enter the signature" },
  templateIdRequired: { zh: "请输入模板编号", en: "Please enter the template id" },
  statusInvalid: { zh: "状态取值不正确", en: "Status must be 0 or 1" },
} satisfies Record<string, Message>;

const msg = (m: Message, lang: Lang) => (lang === "en" ? m.en : m.zh);

/** Which fields each provider needs beyond the spec's own rules. */
const NEEDS: Record<SmsProvider, ("accessKey" | "secretKey" | "signName" | "templateId")[]> = {
  log: [],
  aliyun: ["accessKey", "secretKey", "signName", "templateId"],
  tencent: ["accessKey", "secretKey", "signName", "templateId"],
  yunpian: ["secretKey", "templateId"],
};

/** The errors of an SMS settings body. `secretStored`: an empty secret key keeps the stored one. */
export function smsFieldErrors(body: Record<string, unknown>, secretStored: boolean, lang: Lang = "zh"): FieldError[] {
  const errors: FieldError[] = [];
  for (const [name, f] of Object.entries(smsFields)) {
    const message = checkRules(body[name], fieldRules(f, lang), lang);
    if (message) errors.push({ field: name, message });
  }
  const provider = body.provider as SmsProvider;
  if (!errors.some((e) => e.field === "provider")) {
    for (const name of NEEDS[provider]) {
      const given = typeof body[name] === "string" && (body[name] as string).trim() !== "";
      if (given || (name === "secretKey" && secretStored) || errors.some((e) => e.field === name)) continue;
      errors.push({ field: name, message: msg(smsMessages[`${name}Required`], lang) });
    }
  }
  return errors;
}
