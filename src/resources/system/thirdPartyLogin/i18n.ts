import { addTranslations } from "../../../providers/i18n";
import { thirdLoginMessages } from "../../../../domain/resources/system/thirdPartyLogin/spec";

const pick = (lang: "zh" | "en") => Object.fromEntries(Object.entries(thirdLoginMessages).map(([k, m]) => [k, m[lang]]));

/** 三方登录: the page's words beyond the spec's labels (keys `thirdPartyLogin.*`). */
addTranslations("thirdPartyLogin", {
  zh: { ...pick("zh"), statusChanged: "操作成功", presetHelp: "github、gitee 可不填授权、令牌和用户信息地址" },
  en: { ...pick("en"), statusChanged: "Done", presetHelp: "GitHub and Gitee need no authorize, token or user-info URL" },
});
