/**
 * The i18next instance of the console, initialised synchronously with both bundles and the saved
 * language (client storage `language`, default zh). Kept free of antd so that the http layer can
 * translate its fallback texts without pulling UI code.
 */
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import "dayjs/locale/en";
import { website } from "../../config/website";
import { getStore, setStore } from "../storage";
import { midSentence } from "../../../domain/validation/resource-spec";
import { zh } from "./locales/zh";
import { en } from "./locales/en";

export type Language = "zh" | "en";
export const LANGUAGES: readonly Language[] = ["zh", "en"];
export const LANGUAGE_STORE_KEY = "language";

export const isLanguage = (v: unknown): v is Language => v === "zh" || v === "en";

export const dayjsLocaleOf = (lang: Language) => (lang === "zh" ? "zh-cn" : "en");

export function getSavedLanguage(): Language {
  const saved = getStore<string>({ name: LANGUAGE_STORE_KEY });
  return isLanguage(saved) ? saved : website.language;
}

export function saveLanguage(lang: Language): void {
  setStore({ name: LANGUAGE_STORE_KEY, content: lang });
}

const initial = getSavedLanguage();

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh }, en: { translation: en } },
  lng: initial,
  fallbackLng: "zh",
  supportedLngs: [...LANGUAGES],
  defaultNS: "translation",
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

// "Enter {{label, midSentence}}": a field label spliced into an English sentence keeps sentence case.
i18n.services.formatter?.add("midSentence", (value: unknown) => midSentence(String(value)));

dayjs.locale(dayjsLocaleOf(initial));

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : website.language);

/** Translate through the console's instance (for non-React code such as the http layer). */
export const t = (key: string, options?: Record<string, unknown>): string => i18n.t(key, options ?? {}) as string;
