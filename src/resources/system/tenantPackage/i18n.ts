import { addTranslations } from "../../../providers/i18n";

addTranslations("tenantPackage", {
  zh: { button: "按钮" },
  en: { button: "Button" },
});
