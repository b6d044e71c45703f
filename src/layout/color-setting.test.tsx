import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { resetStorage } from "../providers/testing/fixtures";
import { removeStore } from "../providers/storage";
import { useThemeSettings } from "./theme-settings";
import { ColorSetting } from "./ColorSetting";
import { renderConsole } from "../testing/harness";

afterEach(() => {
  cleanup();
  removeStore({ name: "themeColor" });
  resetStorage();
});

function Probe() {
  return <output data-testid="colour">{useThemeSettings().colorPrimary}</output>;
}

const presetBlocks = () => [...document.querySelectorAll<HTMLElement>(".ant-color-picker-presets-color")];

describe("theme colour picker (§2)", () => {
  it("shows the current colour before the picker's code has loaded, opens the picker from it and saves a preset", async () => {
    renderConsole(<><ColorSetting /><Probe /></>, { path: "/workbench/index" });
    const swatch = screen.getByRole("button", { name: "主题色" });
    // Closed, only the swatch is drawn: the picker (and its code) comes with the first click.
    expect(document.querySelector(".ant-color-picker-trigger, .ant-color-picker")).toBeNull();
    expect(presetBlocks()).toHaveLength(0);

    fireEvent.click(swatch);
    // The first open imports the picker's modules, which takes a while on a busy machine.
    await waitFor(() => expect(presetBlocks()).toHaveLength(8), { timeout: 30_000 });
    // The swatch the picker took over keeps the name and the keyboard's focus.
    expect(screen.getByRole("button", { name: "主题色" })).toHaveFocus();

    fireEvent.click(presetBlocks()[4]); // #11a983
    await waitFor(() => expect(screen.getByTestId("colour")).toHaveTextContent(/^#11a983$/i));
    expect(JSON.parse(localStorage.getItem("blade-themeColor")!).content).toMatch(/^#11a983$/i);
  });
});
