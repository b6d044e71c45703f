import { addTranslations } from "../providers/i18n";

addTranslations("components", {
  zh: { filterTree: { placeholder: "输入关键字进行过滤" } },
  en: { filterTree: { placeholder: "Enter keyword to filter" } },
});
