import { addTranslations } from "../../../providers/i18n";

// The page's own words; field labels and the title come from the spec (spec.ts).
addTranslations("user", {
  zh: {
    deptTree: "部门",
    deptAll: "全部",
    addTitle: "新增用户",
    editTitle: "编辑用户",
    reset: "重置密码",
    resetConfirm: "确定将选择账号密码重置为初始密码?",
    resetDone: "密码重置成功",
    fields: { password: "密码", password2: "确认密码" },
  },
  en: {
    deptTree: "departments",
    deptAll: "all",
    addTitle: "add user",
    editTitle: "edit user",
    reset: "reset password",
    resetConfirm: "reset the selected account's password to the initial password?",
    resetDone: "password reset",
    fields: { password: "password", password2: "confirm password" },
  },
});
