import { addTranslations, i18n, type Language } from "../../../providers/i18n";
import { policyMessages } from "../../../../domain/validation/password-policy";

// The reasons the server records with a sign-in attempt (server/modules/auth, server/security):
// zh exactly as the server words them, so that a recorded reason is found by its text.
const REASONS: Record<string, { zh: string; en: string }> = {
  signedIn: { zh: "登录成功", en: "Signed in" },
  badCredentials: { zh: "用户名或密码错误", en: "Wrong user name or password" },
  badCaptcha: { zh: "验证码不正确", en: "Wrong verification code" },
  noUser: { zh: "用户不存在", en: "No such user" },
  noAccount: { zh: "账号不存在", en: "No such account" },
  disabled: { zh: "该账号已被禁用,请联系管理员", en: "This account is disabled; contact the administrator" },
  pending: { zh: "账号待审核,请耐心等待管理员通过", en: "This account awaits the administrator's approval" },
  locked: { zh: "登录错误次数过多,请稍后再试", en: "Too many failed sign-ins; try again later" },
  tenantDisabled: { zh: "租户已被禁用,请联系管理员", en: "The tenant is disabled; contact the administrator" },
  tenantExpired: { zh: "租户授权已过期,请联系管理员", en: "The tenant's licence has expired; contact the administrator" },
  tenantNotFound: { zh: "租户ID未找到", en: "Tenant ID not found" },
  badClient: { zh: "客户端认证失败", en: "Client authentication failed" },
  clientGrant: { zh: "客户端不支持该授权类型", en: "The client does not allow this way of signing in" },
  captchaRequired: { zh: "请使用验证码登录", en: "Sign in with a verification code" },
  phoneShared: { zh: "该手机号绑定了多个账号,请使用账号密码登录", en: "Several accounts share this phone number; sign in with account and password" },
  unknownSource: { zh: "不支持的第三方登录", en: "Unsupported third-party sign-in" },
  badState: { zh: "授权已失效,请重新登录", en: "The authorisation has expired; sign in again" },
  socialFailed: { zh: "第三方登录失败,请重试", en: "Third-party sign-in failed; try again" },
  boundElsewhere: { zh: "该第三方账号已绑定其他用户", en: "This third-party account is bound to another user" },
  idpInitiated: { zh: "该第三方登录不支持由第三方平台直接发起,请从登录页重新登录", en: "This third-party sign-in cannot start from the provider; sign in from the sign-in page" },
  tooManyRequests: { zh: "请求过于频繁,请稍后再试", en: "Too many requests; try again later" },
  serverError: { zh: "服务器异常", en: "Server error" },
  passwordExpired: { zh: policyMessages.expired("zh"), en: "Your password has expired; change it to sign in" },
  mustChange: { zh: policyMessages.mustChange("zh"), en: "An administrator reset your password; change it to sign in" },
};

const pick = (lang: "zh" | "en") => Object.fromEntries(Object.entries(REASONS).map(([k, v]) => [k, v[lang]]));
addTranslations("loginReason", { zh: pick("zh"), en: pick("en") });

const byText = new Map(Object.entries(REASONS).map(([key, v]) => [v.zh, `loginReason.${key}`]));

/** A recorded sign-in reason in `lng`: a known server reason translated, anything else as written. */
export function reasonText(text: string, lng: Language): string {
  const key = byText.get(text);
  return key ? i18n.t(key, { lng }) : text;
}
