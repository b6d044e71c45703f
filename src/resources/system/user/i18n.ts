import { addTranslations } from "../../../providers/i18n";

// The page's own words; field labels and the title come from the spec (spec.ts).
addTranslations("user", {
  zh: {
    deptTree: "部门",
    deptAll: "全部",
    addTitle: "新增用户",
    editTitle: "编辑用户",
    fields: { password: "密码", password2: "确认密码" },
  },
  en: {
    deptTree: "departments",
    deptAll: "all",
    addTitle: "add user",
    editTitle: "edit user",
    fields: { password: "password", password2: "confirm password" },
  },
});
