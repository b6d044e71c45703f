import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { resetStorage } from "../providers/testing/fixtures";
import { ScreenTip } from "./ScreenTip";
import { belowReference, rootFontSize, screenLevel, useRootFontSize, useScreenLevel } from "./screen";
import "./i18n";

const resize = (width: number, height = 1080) =>
  act(() => {
    Object.assign(window, { innerWidth: width, innerHeight: height });
    window.dispatchEvent(new Event("resize"));
  });

afterEach(() => {
  cleanup();
  resetStorage();
  resize(1024, 768);
});

function Probe() {
  useRootFontSize();
  return <output data-testid="level">{useScreenLevel()}</output>;
}

const tip = "当前浏览器尺寸不是最佳浏览尺寸，建议使用1920x1080分辨率";

describe("screen rules of §9", () => {
  it("maps widths to the breakpoint levels 1200→3, 992→2, 768→1, else 0", () => {
    expect([1920, 1200, 1199, 992, 991, 768, 767, 320].map(screenLevel)).toEqual([3, 3, 2, 2, 1, 1, 0, 0]);
  });

  it("follows resizes with the level and the root font size width/1366×13", () => {
    resize(1366);
    render(<Probe />);
    expect(screen.getByTestId("level")).toHaveTextContent("3");
    expect(document.documentElement.style.fontSize).toBe("13px");
    resize(800);
    expect(screen.getByTestId("level")).toHaveTextContent("1");
    expect(document.documentElement.style.fontSize).toBe(`${rootFontSize(800)}px`);
    expect(rootFontSize(2732)).toBe(26);
    cleanup();
    expect(document.documentElement.style.fontSize).toBe("");
  });

  it("shows the 1920x1080 tip on smaller windows until 'do not show again'", async () => {
    expect(belowReference(1920, 1080)).toBe(false);
    expect(belowReference(1920, 1000)).toBe(true);
    resize(1920, 1080);
    render(<ScreenTip />);
    expect(screen.queryByText(tip)).toBeNull();
    resize(1600, 900);
    expect(await screen.findByText(tip)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "不再提示" }));
    expect(screen.queryByText(tip)).toBeNull();
    expect(JSON.parse(localStorage.getItem("blade-screenTipHidden")!).content).toBe(true);
    cleanup();
    render(<ScreenTip />);
    expect(screen.queryByText(tip)).toBeNull();
  });
});
