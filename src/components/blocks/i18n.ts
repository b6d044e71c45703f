import { addTranslations } from "../../providers/i18n";

addTranslations("blocks", {
  zh: { defaultTitle: "这是一个标题" },
  en: { defaultTitle: "This is a title" },
});
