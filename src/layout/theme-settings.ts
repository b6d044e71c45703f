/**
 * The colour and theme the user chose (client storage `themeColor`, `themeName`), as an external
 * store so that Root's ConfigProvider and the layout re-render together. Kept free of antd and
 * refine: Root imports it on the sign-in path.
 */
import { useSyncExternalStore } from "react";
import { website } from "../config/website";
import { getStore, onStoreChange, setStore } from "../providers/storage";
import { isThemeName, themes, type LayoutTheme, type ThemeName } from "./themes";

export const THEME_COLOR_KEY = "themeColor";
export const THEME_NAME_KEY = "themeName";

export interface ThemeSettings {
  colorPrimary: string;
  themeName: ThemeName;
  theme: LayoutTheme;
}

const isColor = (v: unknown): v is string => typeof v === "string" && /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(v);

let cached: ThemeSettings | null = null;
const listeners = new Set<() => void>();

onStoreChange((name) => {
  if (name !== null && name !== THEME_COLOR_KEY && name !== THEME_NAME_KEY) return;
  cached = null;
  listeners.forEach((l) => l());
});

export function getThemeSettings(): ThemeSettings {
  if (!cached) {
    const saved = getStore<string>({ name: THEME_NAME_KEY });
    const themeName: ThemeName = isThemeName(saved) ? saved : "default";
    const color = getStore<string>({ name: THEME_COLOR_KEY });
    const colorPrimary = isColor(color) ? color : themeName === "default" ? website.themeColor : themes[themeName].primary;
    cached = { colorPrimary, themeName, theme: themes[themeName] };
  }
  return cached;
}

/** Saves the primary colour (the colour picker). */
export function setThemeColor(color: string): void {
  if (!isColor(color)) return;
  setStore({ name: THEME_COLOR_KEY, content: color, type: "local" });
}

/** Saves the theme and adopts its primary colour, which the picker may override afterwards. */
export function setThemeName(name: ThemeName): void {
  if (!isThemeName(name)) return;
  setStore({ name: THEME_NAME_KEY, content: name, type: "local" });
  setStore({ name: THEME_COLOR_KEY, content: name === "default" ? website.themeColor : themes[name].primary, type: "local" });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** `{ colorPrimary, themeName, theme }`; Root feeds colorPrimary to antd's ConfigProvider. */
export const useThemeSettings = (): ThemeSettings => useSyncExternalStore(subscribe, getThemeSettings, getThemeSettings);
