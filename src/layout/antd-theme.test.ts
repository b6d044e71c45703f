import { theme } from "antd";
import { describe, expect, it } from "vitest";
import { consoleTheme, siderTheme } from "./antd-theme";
import { contrast, readable } from "./contrast";
import { THEME_NAMES, themes } from "./themes";

/** The tokens antd's components read, as antd derives them from the console's theme. */
const tokensOf = (primary: string) => theme.getDesignToken(consoleTheme(primary)) as unknown as Record<string, string>;

const AA = 4.5;
const LIGHT_GREYS = ["#ffffff", "#fafafa", "#f5f5f5"];

describe("contrast", () => {
  it("matches WCAG's figures", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    // The §9 blue with white text: what axe reported on every primary button.
    expect(contrast("#ffffff", "#409EFF")).toBeCloseTo(2.78, 2);
    // antd's secondary grey, 0.45 black on white (#8c8c8c).
    expect(contrast("rgba(0, 0, 0, 0.45)", "#ffffff")).toBeCloseTo(3.35, 2);
  });

  it("readable keeps a colour that reads and darkens one that does not, hue kept", () => {
    expect(readable("#0958d9", "#ffffff", AA)).toBe("#0958d9");
    const shade = readable("#409EFF", "#ffffff", 5);
    expect(contrast(shade, "#ffffff")).toBeGreaterThanOrEqual(5);
    expect(contrast(shade, "#ffffff")).toBeLessThan(5.6);
  });
});

describe("console theme (WCAG 2.1 AA for text)", () => {
  // The §9 default, each layout theme's colour, and colours an operator may pick (light ones too).
  const primaries = ["#409EFF", ...THEME_NAMES.map((n) => themes[n].primary), "#ffd700", "#7fffd4"];

  it.each(primaries)("primary %s: white on it and it on white and light greys read", (chosen) => {
    const t = tokensOf(chosen);
    for (const key of ["colorPrimary", "colorLink", "colorInfo"]) {
      for (const bg of LIGHT_GREYS) expect(contrast(t[key]!, bg), `${key} on ${bg}`).toBeGreaterThanOrEqual(AA);
    }
    expect(contrast(t.colorTextLightSolid!, t.colorPrimary!)).toBeGreaterThanOrEqual(AA);
    // A selected row or menu item: the primary on its lightest tint.
    expect(contrast(t.colorPrimary!, t.colorPrimaryBg!)).toBeGreaterThanOrEqual(AA);
  });

  it("secondary text, placeholders and status colours read on white and antd's greys", () => {
    const t = tokensOf("#409EFF");
    for (const key of ["colorTextTertiary", "colorTextDescription", "colorTextQuaternary", "colorTextPlaceholder", "colorTextSecondary", "colorError", "colorSuccess", "colorWarning"]) {
      for (const bg of LIGHT_GREYS) expect(contrast(t[key]!, bg), `${key} on ${bg}`).toBeGreaterThanOrEqual(AA);
    }
    // A status tag: its colour on its own background.
    for (const s of ["Success", "Error", "Warning", "Info"]) expect(contrast(t[`color${s}`]!, t[`color${s}Bg`]!), s).toBeGreaterThanOrEqual(AA);
    // Disabled text stays faint (WCAG exempts inactive controls; it must look inactive).
    expect(contrast(t.colorTextDisabled!, "#ffffff")).toBeLessThan(2);
  });

  it("every preset tag colour (gold, orange, …) reads on its own background", () => {
    const t = tokensOf("#409EFF");
    for (const name of ["blue", "purple", "cyan", "green", "magenta", "pink", "red", "orange", "yellow", "volcano", "geekblue", "gold", "lime"]) {
      expect(contrast(t[`${name}7`]!, t[`${name}1`]!), name).toBeGreaterThanOrEqual(AA);
    }
  });
});

describe("sider theme", () => {
  it.each(THEME_NAMES.filter((n) => themes[n].menu === "dark"))("%s: the menu's item text reads on the sider", (name) => {
    const menu = siderTheme(themes[name]).components!.Menu as Record<string, string>;
    expect(contrast(menu.darkItemColor!, themes[name].siderBg)).toBeGreaterThanOrEqual(AA);
  });
});
