import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { App as AntdApp } from "antd";
import { Link, MemoryRouter, Route, Routes } from "react-router";
import { browser } from "./browser";
import { ChunkLoadError, importWithTimeout, isChunkLoadError, lazyRoute } from "./lazy-route";
import { RouteBoundary } from "./RouteBoundary";
import { getErrorLog } from "./error-log/error-log";
import { resetStorage } from "../providers/testing/fixtures";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  resetStorage();
});

function Home() {
  return <Link to="/other">go elsewhere</Link>;
}

function renderRoutes(Page: React.ComponentType, path = "/slow") {
  return render(
    <AntdApp>
      <MemoryRouter initialEntries={[path]}>
        <RouteBoundary>
          <Routes>
            <Route path="/slow" element={<><Page /><Home /></>} />
            <Route path="/other" element={<p>other page</p>} />
          </Routes>
        </RouteBoundary>
      </MemoryRouter>
    </AntdApp>,
  );
}

describe("importWithTimeout", () => {
  it("rejects with a ChunkLoadError once 120 s pass without the chunk", async () => {
    vi.useFakeTimers();
    const never = new Promise<{ default: () => null }>(() => {});
    const p = importWithTimeout(() => never);
    const outcome = p.then(() => "loaded", (e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(String((error as Error).message)).toContain("120000");
  });

  it("passes a module through and turns an import failure into a ChunkLoadError", async () => {
    await expect(importWithTimeout(() => Promise.resolve({ default: 1 }), 50)).resolves.toEqual({ default: 1 });
    const failure = importWithTimeout(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module: /a.js")), 50);
    await expect(failure).rejects.toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: x"))).toBe(true);
    expect(isChunkLoadError(new Error("boom"))).toBe(false);
  });
});

describe("lazyRoute + RouteBoundary", () => {
  it("shows the load-error page with a reload button when the chunk times out", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const reload = vi.spyOn(browser, "reload").mockImplementation(() => {});
    const Page = lazyRoute(() => new Promise<{ default: () => null }>(() => {}), 30);
    renderRoutes(Page);
    await screen.findByText("页面加载失败");
    fireEvent.click(screen.getByRole("button", { name: "刷新页面" }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(getErrorLog().at(-1)?.message).toMatch(/not loaded within 30 ms/);
  });

  it("shows the load-error page when the import fails, and lets the user navigate on", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const Page = lazyRoute<object>(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));
    function Shell() {
      return (
        <AntdApp>
          <MemoryRouter initialEntries={["/slow"]}>
            <Link to="/other">go elsewhere</Link>
            <RouteBoundary>
              <Routes>
                <Route path="/slow" element={<Page />} />
                <Route path="/other" element={<p>other page</p>} />
              </Routes>
            </RouteBoundary>
          </MemoryRouter>
        </AntdApp>
      );
    }
    render(<Shell />);
    await screen.findByText("页面加载失败");
    await act(async () => fireEvent.click(screen.getByText("go elsewhere")));
    await screen.findByText("other page");
    expect(screen.queryByText("页面加载失败")).toBeNull();
  });

  it("renders the page when the chunk arrives in time", async () => {
    const Page = lazyRoute(() => Promise.resolve({ default: () => <h1>loaded page</h1> }), 1000);
    renderRoutes(Page);
    expect(await screen.findByRole("heading", { name: "loaded page" })).toBeInTheDocument();
  });
});
