import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { FullScreenButton } from "./FullScreenButton";
import "./i18n";

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(document, "fullscreenElement");
  Reflect.deleteProperty(document, "exitFullscreen");
  Reflect.deleteProperty(document.documentElement, "requestFullscreen");
});

describe("<FullScreenButton>", () => {
  it("enters full screen, follows fullscreenchange and exits again", () => {
    let current: Element | null = null;
    Object.defineProperty(document, "fullscreenElement", { configurable: true, get: () => current });
    const request = vi.fn(async () => {
      current = document.documentElement;
      document.dispatchEvent(new Event("fullscreenchange"));
    });
    const exit = vi.fn(async () => {
      current = null;
      document.dispatchEvent(new Event("fullscreenchange"));
    });
    Object.assign(document.documentElement, { requestFullscreen: request });
    Object.assign(document, { exitFullscreen: exit });

    render(<FullScreenButton />);
    act(() => fireEvent.click(screen.getByRole("button", { name: "全屏" })));
    expect(request).toHaveBeenCalledTimes(1);
    act(() => fireEvent.click(screen.getByRole("button", { name: "退出全屏" })));
    expect(exit).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "全屏" })).toBeInTheDocument();
  });

  it("does nothing where the browser has no full-screen API", () => {
    render(<FullScreenButton />);
    expect(() => fireEvent.click(screen.getByRole("button", { name: "全屏" }))).not.toThrow();
  });
});
