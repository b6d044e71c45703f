import { addTranslations } from "../../providers/i18n";

addTranslations("menuPage", {
  zh: { notAvailable: "该功能暂未开放，敬请期待", backHome: "返回首页" },
  en: { notAvailable: "This page is not available yet.", backHome: "Back to home" },
});
