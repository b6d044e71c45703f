import { addTranslations } from "../../providers/i18n";

addTranslations("register", {
  zh: {
    title: "账号注册",
    tenantId: "租户编号",
    name: "用户姓名",
    account: "账号名称",
    password: "密码",
    password2: "确认密码",
    submit: "提交",
    back: "返回登录",
    noticeTitle: "注册提示",
    noticeText: "注册申请已提交,请耐心等待管理员通过!",
    failed: "提交失败",
    intro: "首次使用第三方账号登录，请先注册平台账号",
  },
  en: {
    title: "Account registration",
    tenantId: "Tenant id",
    name: "User name",
    account: "Account name",
    password: "Password",
    password2: "Confirm password",
    submit: "Submit",
    back: "Back to sign-in",
    noticeTitle: "Registration",
    noticeText: "Your registration has been submitted. Please wait for an administrator to approve it!",
    failed: "Submission failed",
    intro: "This is your first sign-in with a third-party account: please register a platform account first",
  },
});
