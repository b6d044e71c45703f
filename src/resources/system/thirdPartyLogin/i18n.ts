import { addTranslations } from "../../../providers/i18n";
import { thirdLoginMessages } from "../../../../domain/resources/system/thirdPartyLogin/spec";

const pick = (lang: "zh" | "en") => Object.fromEntries(Object.entries(thirdLoginMessages).map(([k, m]) => [k, m[lang]]));

/** 三方登录: the page's words beyond the spec's labels (keys `thirdPartyLogin.*`). */
addTranslations("thirdPartyLogin", {
  zh: {
    ...pick("zh"),
    statusChanged: "操作成功",
    presetHelp: "github、gitee 可不填授权、令牌和用户信息地址",
    boundUsers: "绑定用户",
    boundOpen: "{{name}} 的绑定用户({{count}})",
    boundTitle: "{{name}} 的绑定用户",
    boundNone: "暂无用户绑定",
    boundAccount: "账号",
    boundRealName: "姓名",
    boundDept: "所属部门",
    boundIdentity: "三方账号",
    boundTime: "绑定时间",
  },
  en: {
    ...pick("en"),
    statusChanged: "Done",
    presetHelp: "GitHub and Gitee need no authorize, token or user-info URL",
    boundUsers: "Bound users",
    boundOpen: "Users bound to {{name}} ({{count}})",
    boundTitle: "Users bound to {{name}}",
    boundNone: "No user is bound",
    boundAccount: "Account",
    boundRealName: "Name",
    boundDept: "Department",
    boundIdentity: "Third-party account",
    boundTime: "Bound at",
  },
});
