import { addTranslations } from "../../providers/i18n";

addTranslations("dictionary", {
  zh: { entries: "字典配置", topLevel: "顶级" },
  en: { entries: "Entries", topLevel: "Top level" },
});
