import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { resetStorage } from "../providers/testing/fixtures";
import { removeStore } from "../providers/storage";
import { THEME_NAMES, themes } from "./themes";
import { ThemeSetting } from "./ThemeSetting";
import { getThemeSettings, setThemeColor, setThemeName, useThemeSettings } from "./theme-settings";
import { renderConsole } from "../testing/harness";

afterEach(() => {
  cleanup();
  removeStore({ name: "themeColor" });
  removeStore({ name: "themeName" });
  resetStorage();
});

function Probe() {
  const { colorPrimary, themeName } = useThemeSettings();
  return <output data-testid="theme">{`${themeName} ${colorPrimary}`}</output>;
}

describe("theme settings", () => {
  it("defaults to the default theme and #409EFF", () => {
    expect(getThemeSettings()).toMatchObject({ themeName: "default", colorPrimary: "#409EFF" });
  });

  it("has the 11 themes of §9, each a full token set", () => {
    expect([...THEME_NAMES]).toEqual(["default", "white", "dark", "colourful", "smart", "iview", "vip", "cool", "d2", "hey", "lte"]);
    for (const name of THEME_NAMES) expect(Object.keys(themes[name]).sort()).toEqual(["headerBg", "headerText", "menu", "primary", "siderBg"]);
  });

  it("saves the colour in client storage and restores it after a reload", async () => {
    render(<Probe />);
    act(() => setThemeColor("#11a983"));
    expect(screen.getByTestId("theme")).toHaveTextContent("default #11a983");
    expect(JSON.parse(localStorage.getItem("blade-themeColor")!).content).toBe("#11a983");
    setThemeColor("javascript:alert(1)");
    expect(getThemeSettings().colorPrimary).toBe("#11a983");

    vi.resetModules();
    const reloaded = await import("./theme-settings");
    expect(reloaded.getThemeSettings()).toMatchObject({ colorPrimary: "#11a983", themeName: "default" });
  });

  it("saves the chosen theme, adopts its primary colour and restores both after a reload", async () => {
    renderConsole(<><ThemeSetting /><Probe /></>, { path: "/workbench/index" });
    fireEvent.click(screen.getByRole("button", { name: "选择主题" }));
    fireEvent.click(await screen.findByText("lte主题"));
    expect(screen.getByTestId("theme")).toHaveTextContent(`lte ${themes.lte.primary}`);
    expect(JSON.parse(localStorage.getItem("blade-themeName")!).content).toBe("lte");

    vi.resetModules();
    const reloaded = await import("./theme-settings");
    expect(reloaded.getThemeSettings()).toMatchObject({ themeName: "lte", colorPrimary: themes.lte.primary, theme: themes.lte });
  });

  it("ignores an unknown saved theme", () => {
    localStorage.setItem("blade-themeName", JSON.stringify({ dataType: "string", content: "neon", type: "local", datetime: 1 }));
    removeStore({ name: "themeColor" });
    expect(getThemeSettings()).toMatchObject({ themeName: "default", colorPrimary: "#409EFF" });
    setThemeName("neon" as never);
    expect(localStorage.getItem("blade-themeColor")).toBeNull();
  });
});
