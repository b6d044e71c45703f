import { useSyncExternalStore } from "react";
import type { I18nProvider } from "@refinedev/core";
import dayjs from "dayjs";
import zhCN from "antd/es/locale/zh_CN";
import enUS from "antd/es/locale/en_US";
import { currentLanguage, dayjsLocaleOf, i18n, isLanguage, saveLanguage, t, type Language } from "./instance";

export { i18n, t, currentLanguage, getSavedLanguage, LANGUAGES, LANGUAGE_STORE_KEY, type Language } from "./instance";
export { zh } from "./locales/zh";
export { en } from "./locales/en";

/** antd's locale object (the type ConfigProvider's `locale` takes). */
export type AntdLocale = typeof zhCN;

const antdLocales: Record<Language, AntdLocale> = { zh: zhCN, en: enUS };

/** Switch i18next, the dayjs locale and (through useAntdLocale) antd together, and remember the choice. */
export async function setLanguage(lang: Language): Promise<void> {
  if (!isLanguage(lang)) throw new Error(`unsupported language: ${String(lang)}`);
  saveLanguage(lang);
  dayjs.locale(dayjsLocaleOf(lang));
  await i18n.changeLanguage(lang);
}

export const getAntdLocale = (): AntdLocale => antdLocales[currentLanguage()];

function subscribeLanguage(listener: () => void) {
  i18n.on("languageChanged", listener);
  return () => i18n.off("languageChanged", listener);
}

/** antd's locale object for the current language; re-renders when the language changes. */
export function useAntdLocale(): AntdLocale {
  return useSyncExternalStore(subscribeLanguage, getAntdLocale, getAntdLocale);
}

/** The current language; re-renders when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
}

type Bundle = Record<string, unknown>;

/**
 * Register a module's own keys under `ns` in the default namespace, so that `t("user.fields.account")`
 * resolves after `addTranslations("user", { zh: { fields: { account: "账号" } }, en: … })`. Deep-merges.
 */
export function addTranslations(ns: string, bundles: { zh: Bundle; en: Bundle }): void {
  for (const lang of ["zh", "en"] as const) {
    i18n.addResourceBundle(lang, "translation", { [ns]: bundles[lang] }, true, true);
  }
}

export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: unknown, defaultMessage?: string) => {
    if (typeof options === "string") return t(key, { defaultValue: options });
    const opts = (options && typeof options === "object" ? options : {}) as Record<string, unknown>;
    return t(key, defaultMessage === undefined ? opts : { ...opts, defaultValue: defaultMessage });
  },
  changeLocale: (lang: string) => setLanguage(lang as Language),
  getLocale: () => currentLanguage(),
};
