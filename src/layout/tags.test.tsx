import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http as mock, HttpResponse } from "msw";
import { setMenu } from "../providers/auth/menu-store";
import { clearSession, getAccessToken, saveTokens } from "../providers/auth/session";
import { getStore, setStore } from "../providers/storage";
import { createTestServer, ok, resetStorage, tokenResponse } from "../providers/testing/fixtures";
import { TagBar } from "./TagBar";
import { tagStore } from "./tags";
import { currentLocation, menuNode, renderConsole } from "../testing/harness";

const server = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());
beforeEach(() => tagStore.reset());
afterEach(() => {
  cleanup();
  server.resetHandlers();
  clearSession();
  resetStorage();
  tagStore.reset();
});

const open = (...paths: string[]) => paths.forEach((p) => tagStore.open({ label: p.slice(1), path: p }));
const paths = () => tagStore.list().map((t) => t.path);

describe("tag store", () => {
  it("closing the active tab opens its neighbour: the previous one, else the first", () => {
    open("/a", "/b", "/c");
    expect(tagStore.close("/b", "/b")).toBe("/a");
    expect(paths()).toEqual(["/workbench/index", "/a", "/c"]);
    expect(tagStore.close("/c", "/a")).toBeNull();
    expect(tagStore.close("/a", "/a")).toBe("/workbench/index");
  });

  it("never removes 首页, even alone, and keeps it on 'close others'", () => {
    expect(tagStore.close("/workbench/index", "/workbench/index")).toBeNull();
    expect(paths()).toEqual(["/workbench/index"]);
    open("/a", "/b", "/c");
    tagStore.closeOthers("/b");
    expect(paths()).toEqual(["/workbench/index", "/b"]);
  });
});

describe("<TagBar>", () => {
  it("labels the home tab 首页 without a close button and closes the active tab to its neighbour", () => {
    open("/a", "/b");
    renderConsole(<TagBar />, { path: "/b" });
    const home = screen.getByRole("tab", { name: "首页" });
    expect(within(home.closest(".ant-tabs-tab") as HTMLElement).queryByRole("tab", { name: "关闭" })).toBeNull();
    const b = screen.getByRole("tab", { name: "b" }).closest(".ant-tabs-tab") as HTMLElement;
    fireEvent.click(within(b).getByRole("tab", { name: "关闭" }));
    expect(currentLocation()).toBe("/a");
    expect(paths()).toEqual(["/workbench/index", "/a"]);
  });

  it("shows the breadcrumb of the menu path", () => {
    setMenu([menuNode("1", "系统管理", "/system", { children: [menuNode("2", "用户管理", "/system/user")] })]);
    renderConsole(<TagBar />, { path: "/system/user" });
    expect(document.querySelector(".ant-breadcrumb")?.textContent).toBe("系统管理/用户管理");
  });

  it("'close others' from the right-click menu keeps the tab and 首页", async () => {
    open("/a", "/b", "/c");
    renderConsole(<TagBar />, { path: "/a" });
    fireEvent.contextMenu(screen.getByText("b"));
    fireEvent.click(await screen.findByText("关闭其他"));
    expect(paths()).toEqual(["/workbench/index", "/b"]);
    expect(currentLocation()).toBe("/b");
  });

  it("'clear cache' asks first, clears the caches but keeps the session, then says 清除完毕", async () => {
    let serverCleared = 0;
    server.use(
      mock.get("/api/blade-auth/oauth/clear-cache", () => {
        serverCleared++;
        return HttpResponse.json({ code: 500, success: false, data: null, msg: "no cache" }, { status: 500 });
      }),
      mock.get("/api/blade-system/menu/routes", () => HttpResponse.json(ok([menuNode("9", "新菜单", "/fresh")]))),
      mock.get("/api/blade-system/menu/buttons", () => HttpResponse.json(ok([]))),
    );
    saveTokens(tokenResponse());
    setStore({ name: "language", content: "zh" });
    setStore({ name: "dictCache", content: { a: 1 } });
    setStore({ name: "scratch", content: 1, type: "session" });
    open("/a");
    const { queryClient } = renderConsole(<TagBar />, { path: "/a" });
    queryClient.setQueryData(["data", "default", "list"], [1]);

    fireEvent.contextMenu(screen.getByText("a"));
    fireEvent.click(await screen.findByText("清除缓存"));
    await screen.findByText("是否需要清除缓存?");
    expect(screen.getByRole("button", { name: "取 消" })).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "确 定" })));

    await screen.findByText("清除完毕");
    expect(serverCleared).toBe(1);
    expect(getStore({ name: "dictCache" })).toBeUndefined();
    expect(getStore({ name: "scratch" })).toBeUndefined();
    expect(getAccessToken()).toBe("access-1");
    expect(getStore({ name: "refreshToken" })).toBe("refresh-1");
    expect(getStore({ name: "language" })).toBe("zh");
    await waitFor(() => expect(getStore<{ name: string }[]>({ name: "menu" })?.[0]?.name).toBe("新菜单"));
    expect(queryClient.getQueryData(["data", "default", "list"])).toBeUndefined();
  });
});
