import { website } from "../config/website";

/**
 * The 11 themes of §9 as token sets. A theme paints the sider and the header and brings its own
 * primary colour; the colour picker may then override the primary colour alone.
 */
export interface LayoutTheme {
  primary: string;
  siderBg: string;
  /** The side menu's antd theme: light text on dark siders, dark text on light ones. */
  menu: "dark" | "light";
  headerBg: string;
  headerText: string;
}

export const THEME_NAMES = website.themes;

export type ThemeName = (typeof THEME_NAMES)[number];

export const themes: Record<ThemeName, LayoutTheme> = {
  default: { primary: "#409EFF", siderBg: "#20222a", menu: "dark", headerBg: "#ffffff", headerText: "#1f2d3d" },
  white: { primary: "#409EFF", siderBg: "#ffffff", menu: "light", headerBg: "#ffffff", headerText: "#1f2d3d" },
  dark: { primary: "#177ddc", siderBg: "#141414", menu: "dark", headerBg: "#1f1f1f", headerText: "#e8e8e8" },
  colourful: { primary: "#6c5dd3", siderBg: "#3b2f8f", menu: "dark", headerBg: "#6c5dd3", headerText: "#ffffff" },
  smart: { primary: "#00a6ad", siderBg: "#1c2a38", menu: "dark", headerBg: "#ffffff", headerText: "#1c2a38" },
  iview: { primary: "#2d8cf0", siderBg: "#515a6e", menu: "dark", headerBg: "#ffffff", headerText: "#515a6e" },
  vip: { primary: "#d4a757", siderBg: "#232323", menu: "dark", headerBg: "#232323", headerText: "#f0d9a8" },
  cool: { primary: "#13c2c2", siderBg: "#0b1e3f", menu: "dark", headerBg: "#0b1e3f", headerText: "#e6f7ff" },
  d2: { primary: "#409EFF", siderBg: "#ebf1f6", menu: "light", headerBg: "#ebf1f6", headerText: "#2f74ff" },
  hey: { primary: "#3788ee", siderBg: "#253041", menu: "dark", headerBg: "#ffffff", headerText: "#253041" },
  lte: { primary: "#3c8dbc", siderBg: "#222d32", menu: "dark", headerBg: "#3c8dbc", headerText: "#ffffff" },
};

export const isThemeName = (v: unknown): v is ThemeName => typeof v === "string" && (THEME_NAMES as readonly string[]).includes(v);
