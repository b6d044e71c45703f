/**
 * The antd theme of the whole console (Root's ConfigProvider) and of the side menu (LayoutFrame):
 * antd's default greys, status colours, tag colours and the §9 blue #409EFF are too faint for
 * text (WCAG 2.1 AA wants 4.5:1); here each is moved to the nearest shade that reaches it, so every
 * page built from antd's components is readable by construction, whatever colour the operator picks.
 */
import { theme, type ThemeConfig } from "antd";
import { readable } from "./contrast";
import type { LayoutTheme } from "./themes";

/** Text on white and on antd's light greys (#fafafa headers, #f5f5f5 tabs and fills) stays ≥ 4.5:1. */
const ON_WHITE = 5;
/** Coloured text on its own light tint (a tag's text on its background). */
const ON_TINT = 4.7;

/**
 * Secondary text (descriptions, breadcrumbs, statistic titles) and placeholders: 0.45 and 0.25
 * black give 3.4:1 and 1.6:1 on white; 0.6 and 0.57 give 5.7:1 and 5.1:1. Disabled text keeps
 * antd's faint grey: WCAG exempts inactive controls, and it must look inactive.
 */
const GREYS = {
  colorTextTertiary: "rgba(0, 0, 0, 0.6)",
  colorTextDescription: "rgba(0, 0, 0, 0.6)",
  colorTextQuaternary: "rgba(0, 0, 0, 0.57)",
  colorTextPlaceholder: "rgba(0, 0, 0, 0.57)",
  colorTextDisabled: "rgba(0, 0, 0, 0.25)",
};

const PRESET_COLOURS = ["blue", "purple", "cyan", "green", "magenta", "pink", "red", "orange", "yellow", "volcano", "geekblue", "gold", "lime"] as const;

/** The light shades of a colour (backgrounds and borders of alerts, tags, selected rows). */
const TINTS = ["Bg", "BgHover", "Border", "BorderHover"] as const;

type Status = "Primary" | "Success" | "Warning" | "Error";

/**
 * A seed colour moved to a shade that reads as text on white and under white text. antd derives
 * the light shades from the seed, and from a darkened seed they come out grey: those are taken
 * from the colour as chosen, so alerts and selected rows keep their tint.
 */
function seed(status: Status, chosen: string): Record<string, string> {
  const original = theme.getDesignToken({ token: { [`color${status}`]: chosen } }) as unknown as Record<string, string>;
  const bg = original[`color${status}Bg`]!;
  // On white, and on its own tint (a selected row or menu item, a status tag).
  const out: Record<string, string> = { [`color${status}`]: readable(readable(chosen, "#ffffff", ON_WHITE), bg, ON_TINT) };
  for (const tint of TINTS) out[`color${status}${tint}`] = original[`color${status}${tint}`]!;
  return out;
}

let cachedStatic: Record<string, string> | null = null;

/** Status colours and the tags' preset text shades (`gold7` on `gold1` …), darkened where too faint. */
function staticColours(): Record<string, string> {
  if (cachedStatic) return cachedStatic;
  const base = theme.getDesignToken() as unknown as Record<string, string>;
  const out: Record<string, string> = {
    ...seed("Success", base.colorSuccess!),
    ...seed("Warning", base.colorWarning!),
    ...seed("Error", base.colorError!),
  };
  for (const name of PRESET_COLOURS) out[`${name}7`] = readable(base[`${name}7`]!, base[`${name}1`]!, ON_TINT);
  cachedStatic = out;
  return out;
}

/** Root's ConfigProvider theme for the primary colour the operator chose. */
export function consoleTheme(colorPrimary: string, { motion = true }: { motion?: boolean } = {}): ThemeConfig {
  const primary = seed("Primary", colorPrimary);
  // antd derives links and info from its own blue (#1677ff), not from the primary colour.
  const info = Object.fromEntries(Object.entries(primary).map(([k, v]) => [k.replace("Primary", "Info"), v]));
  return {
    // motion off (the operator's system asks for reduced motion): antd's zooms, slides and fades end at once.
    token: { ...primary, ...info, colorLink: primary.colorPrimary, ...GREYS, ...staticColours(), motion },
    // A table's and a list's empty text (暂无数据) are painted in the disabled grey, yet they are
    // content, not a control.
    components: { Table: { colorTextDisabled: GREYS.colorTextTertiary }, List: { colorTextDisabled: GREYS.colorTextTertiary } },
  };
}

/**
 * The side menu's component tokens for a layout theme. On a dark sider antd's item text is white
 * at 0.65, which some theme backgrounds (iview's slate, colourful's violet) bring under 4.5:1; it is
 * lightened there until it reads, on the sider and on the darker open submenu alike.
 */
export function siderTheme(layout: LayoutTheme): ThemeConfig {
  if (layout.menu === "light") {
    return { components: { Layout: { siderBg: layout.siderBg }, Menu: { itemBg: layout.siderBg, subMenuItemBg: layout.siderBg } } };
  }
  const itemColor = readable("rgba(255, 255, 255, 0.65)", layout.siderBg, ON_WHITE);
  return {
    components: {
      Layout: { siderBg: layout.siderBg },
      Menu: {
        darkItemBg: layout.siderBg,
        darkSubMenuItemBg: "rgba(0, 0, 0, 0.18)",
        darkItemColor: itemColor,
        darkGroupTitleColor: itemColor,
      },
    },
  };
}
