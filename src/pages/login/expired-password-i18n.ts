import { addTranslations } from "../../providers/i18n";

addTranslations("expiredPassword", {
  zh: {
    title: "密码已过期",
    notice: "您的密码已超过密码策略规定的有效期,请设置新密码后继续登录。",
    resetTitle: "请修改密码",
    resetNotice: "管理员重置了您的密码,并要求您在登录前设置新密码。",
    newPassword: "新密码",
    newPassword1: "确认密码",
    required: "请输入新密码",
    confirmRequired: "请再次输入新密码",
    submit: "修改并登录",
    done: "密码修改成功",
  },
  en: {
    title: "Password expired",
    notice: "Your password is older than the password policy allows. Set a new one to sign in.",
    resetTitle: "Change your password",
    resetNotice: "An administrator reset your password and asks you to set a new one before signing in.",
    newPassword: "New password",
    newPassword1: "Confirm password",
    required: "Please enter the new password",
    confirmRequired: "Please enter the new password again",
    submit: "Change and sign in",
    done: "Password changed",
  },
});
