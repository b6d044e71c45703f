import { addTranslations } from "../providers/i18n";

addTranslations("layout", {
  zh: {
    collapse: "收起菜单",
    expand: "展开菜单",
    emptyMenu: "没有发现菜单",
    personCenter: "个人中心",
    logout: "退出登录",
    logoutConfirm: "是否退出系统, 是否继续?",
    language: "语言",
    home: "首页",
    closeOthers: "关闭其他",
    closeTab: "关闭",
    tagMenu: "标签操作",
  },
  en: {
    collapse: "collapse menu",
    expand: "expand menu",
    emptyMenu: "no menu found",
    personCenter: "personal centre",
    logout: "log out",
    logoutConfirm: "Log out of the system. Continue?",
    language: "language",
    home: "home",
    closeOthers: "close others",
    closeTab: "close",
    tagMenu: "tab actions",
  },
});
