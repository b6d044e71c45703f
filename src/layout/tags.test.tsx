import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import type { MenuNode } from "../../domain/contract";
import { getMenu, setMenu } from "../providers/auth/menu-store";
import { getAccessToken } from "../providers/auth/session";
import { getStore, setStore } from "../providers/storage";
import { TagBar } from "./TagBar";
import { tagStore } from "./tags";
import { capture, currentLocation, menuNode, renderConsole, setupResourceTest } from "../testing/harness";

const ctx = setupResourceTest(() => import("./TagBar"));
beforeEach(() => tagStore.reset());
afterEach(() => tagStore.reset());

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
    // The administrator's menu as the real server answers it; the browser holds a stale one.
    const res = await ctx.api.request("/api/blade-system/menu/routes", { token: ctx.token });
    const serverMenu = ((await res.json()) as { data: MenuNode[] }).data;
    expect(serverMenu.length).toBeGreaterThan(0);
    setMenu([menuNode("stale", "旧菜单", "/stale")]);
    // A gateway without the endpoint (or failing) must not stop the local clean-up: the real
    // server always has it, so this answer is stubbed.
    const cleared = capture(ctx.api.server, "/blade-auth/oauth/clear-cache", () =>
      HttpResponse.json({ code: 500, success: false, data: null, msg: "no cache" }, { status: 500 }),
    );
    const menuLoads = capture(ctx.api.server, "/blade-system/menu/routes");
    const refreshToken = getStore({ name: "refreshToken" });
    expect(refreshToken).toBeTruthy();
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
    expect(cleared).toHaveLength(1);
    expect(getStore({ name: "dictCache" })).toBeUndefined();
    expect(getStore({ name: "scratch" })).toBeUndefined();
    expect(getAccessToken()).toBe(ctx.token);
    expect(getStore({ name: "refreshToken" })).toBe(refreshToken);
    expect(getStore({ name: "language" })).toBe("zh");
    await waitFor(() => expect(getStore<MenuNode[]>({ name: "menu" })?.map((n) => n.id)).toEqual(serverMenu.map((n) => n.id)));
    expect(getMenu().map((n) => n.id)).toEqual(serverMenu.map((n) => n.id));
    expect(menuLoads.length).toBeGreaterThan(0);
    expect(queryClient.getQueryData(["data", "default", "list"])).toBeUndefined();
  });
});
