import { addTranslations } from "../../providers/i18n";

addTranslations("workbench", {
  zh: { title: "工作台", greeting: "欢迎，{{name}}", subtitle: "祝您工作愉快", account: "账号", tenant: "租户编号", role: "角色", shortcuts: "我的功能" },
  en: { title: "workbench", greeting: "Welcome, {{name}}", subtitle: "Have a productive day", account: "account", tenant: "tenant id", role: "role", shortcuts: "my pages" },
});
