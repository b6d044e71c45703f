import { addTranslations } from "../../providers/i18n";

addTranslations("secret", {
  zh: { set: "已设置", notSet: "未设置", keep: "已设置,留空则保持不变" },
  en: { set: "Set", notSet: "Not set", keep: "Set — leave empty to keep it" },
});
