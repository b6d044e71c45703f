import { addTranslations } from "../providers/i18n";

// Texts of the route guards (load error, authenticated image); kept apart from the other widgets' keys.
addTranslations("routeGuard", {
  zh: {
    loadErrorTitle: "页面加载失败",
    loadErrorText: "页面资源加载失败或超时，可能是网络不稳定或系统已更新，请刷新后重试",
    crashTitle: "页面出错了",
    crashText: "页面运行时发生错误，请刷新后重试",
    reload: "刷新页面",
    backHome: "返回首页",
  },
  en: {
    loadErrorTitle: "Page failed to load",
    loadErrorText: "The page's code did not load or timed out; the network may be unstable or a new version was released. Please reload.",
    crashTitle: "Something went wrong",
    crashText: "An error occurred on this page. Please reload.",
    reload: "Reload",
    backHome: "Back to home",
  },
});
