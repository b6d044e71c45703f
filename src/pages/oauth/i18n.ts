import { addTranslations } from "../../providers/i18n";

addTranslations("oauth", {
  zh: {
    signingIn: "正在登录，请稍候…",
    failedTitle: "第三方登录失败",
    missingCode: "回调地址缺少授权码",
    backToLogin: "返回登录",
    authErrorTitle: "统一认证登录失败",
    authErrorText: "登录凭证无效或已过期，请返回登录页重新登录",
    redirecting: "正在跳转…",
  },
  en: {
    signingIn: "Signing in, please wait…",
    failedTitle: "Third-party sign-in failed",
    missingCode: "The callback address carries no authorisation code",
    backToLogin: "Back to sign-in",
    authErrorTitle: "Unified sign-in failed",
    authErrorText: "The sign-in credential is invalid or has expired. Please return to the sign-in page and sign in again.",
    redirecting: "Redirecting…",
  },
});
