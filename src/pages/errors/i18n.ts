import { addTranslations } from "../../providers/i18n";

addTranslations("errorPage", {
  zh: { "404": "抱歉，您访问的页面不存在", "403": "抱歉，您无权访问该页面", "500": "抱歉，服务器出错了", backHome: "返回首页" },
  en: {
    "404": "Sorry, the page you visited does not exist",
    "403": "Sorry, you are not authorised to access this page",
    "500": "Sorry, something went wrong on the server",
    backHome: "Back to home",
  },
});
