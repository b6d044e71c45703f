import { addTranslations } from "../../providers/i18n";

// What every resource page shares beyond refine's own keys (buttons.*, table.*, messages.*).
addTranslations("kit", {
  zh: { total: "共 {{total}} 条", values: { "0": "否", "1": "是" }, enter: "请输入{{label}}", select: "请选择{{label}}" },
  en: { total: "{{total}} in total", values: { "0": "No", "1": "Yes" }, enter: "enter {{label}}", select: "select {{label}}" },
});
