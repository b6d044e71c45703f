import { addTranslations } from "../../providers/i18n";

addTranslations("login", {
  zh: {
    title: "登录",
    heading: "统一身份认证管理平台",
    subtitle: "欢迎登录",
    tenantId: "租户编号",
    account: "账号",
    password: "密码",
    captcha: "验证码",
    submit: "登录",
    refreshCaptcha: "看不清？点击刷新",
    rules: {
      tenantId: "请输入租户编号",
      account: "请输入账号",
      password: "请输入密码",
      captcha: "请输入验证码",
    },
    captchaFailed: "验证码加载失败，请点击重试",
  },
  en: {
    title: "login",
    heading: "Unified Identity Management Platform",
    subtitle: "Welcome, please sign in",
    tenantId: "tenant id",
    account: "account",
    password: "password",
    captcha: "captcha",
    submit: "login",
    refreshCaptcha: "Hard to read? Click to refresh",
    rules: {
      tenantId: "please enter tenant id",
      account: "please enter account",
      password: "please enter password",
      captcha: "please enter captcha",
    },
    captchaFailed: "captcha failed to load, click to retry",
  },
});
