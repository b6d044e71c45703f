import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http as mock, HttpResponse } from "msw";
import { getMenu, setMenu } from "../providers/auth/menu-store";
import { clearSession, saveTokens } from "../providers/auth/session";
import { setLanguage } from "../providers/i18n";
import { createTestServer, ok, resetStorage, tokenResponse } from "../providers/testing/fixtures";
import { Sidebar } from "./Sidebar";
import { TopMenu } from "./TopMenu";
import { resetTopMenus, sideMenuFor } from "./top-menu-store";
import { currentLocation, menuNode, renderConsole } from "../testing/harness";

const server = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.resetHandlers();
  clearSession();
  resetStorage();
  resetTopMenus();
});

const routesByTop: Record<string, ReturnType<typeof menuNode>[]> = {
  t1: [menuNode("ws", "工作空间", "/workbench", { children: [menuNode("my", "我的工作台", "/workbench/myWorkbench")] })],
  t2: [menuNode("backend", "后台管理", "/manageCenter", { children: [menuNode("dept", "部门管理", "/system/dept"), menuNode("param", "参数管理", "/system/param")] })],
};

// What the roles hold: both top entries' pages, and 日志审计 › 登录日志, which no top entry holds.
const fullTree = [
  ...routesByTop.t1,
  ...routesByTop.t2,
  menuNode("log", "日志审计", "/logAudit", { children: [menuNode("login", "登录日志", "/logAudit/systemLogin/index")] }),
];

const sideTexts = () => [...document.querySelectorAll(".ant-menu-inline > li")].map((li) => li.querySelector(".ant-menu-title-content")?.textContent);

function serverWithTopMenus() {
  const calls: string[] = [];
  server.use(
    mock.get("/api/blade-system/menu/top-menu", () => {
      calls.push("top-menu");
      return HttpResponse.json(ok([
        { id: "t2", code: "backend", name: "后台管理", source: "setting", path: "", sort: 2 },
        { id: "t1", code: "work", name: "工作台", source: "desk", path: "", sort: 1 },
      ]));
    }),
    mock.get("/api/blade-system/menu/routes", ({ request }) => {
      const id = new URL(request.url).searchParams.get("topMenuId") ?? "";
      calls.push(`routes:${id}`);
      return HttpResponse.json(ok(routesByTop[id] ?? []));
    }),
  );
  return calls;
}

describe("top menu", () => {
  it("gives the administrator no top menu and the full side menu, opened on load", async () => {
    const calls = serverWithTopMenus();
    saveTokens(tokenResponse({ role_name: "administrator" }));
    setMenu(fullTree);
    renderConsole(<><TopMenu /><Sidebar collapsed={false} /></>, { path: "/system/dept" });
    expect(screen.queryByRole("menu", { name: "顶部菜单" })).toBeNull();
    // Every folder open: the pages of both folders are visible at once.
    expect(screen.getByText("部门管理")).toBeVisible();
    expect(screen.getByText("登录日志")).toBeInTheDocument();
    expect(document.querySelectorAll(".ant-menu-submenu-open")).toHaveLength(3);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
    expect(getMenu().map((n) => n.id)).toEqual(["ws", "backend", "log"]);
  });

  it("gives other roles the server's top menus; the side menu lists the selected one's pages and the pages no top menu holds", async () => {
    const calls = serverWithTopMenus();
    saveTokens(tokenResponse({ role_name: "user" }));
    setMenu(fullTree);
    renderConsole(<><TopMenu /><Sidebar collapsed={false} /></>, { path: "/workbench/index" });

    await waitFor(() => expect(sideTexts()).toEqual(["工作空间", "日志审计"]));
    const bar = screen.getByRole("menu", { name: "顶部菜单" });
    expect([...bar.querySelectorAll(".ant-menu-title-content")].map((i) => i.textContent)).toEqual(["工作台", "后台管理"]);
    expect(calls.slice(0, 1)).toEqual(["top-menu"]);
    expect(calls.slice(1).sort()).toEqual(["routes:t1", "routes:t2"]);
    expect(sessionStorage.getItem("blade-topMenuId")).toContain("t1");

    fireEvent.click(within(bar).getByRole("menuitem", { name: /后台管理/ }));
    // 后台管理 shows its children in the side menu, and its first page opens; the grant that no
    // top menu holds (登录日志) is still listed.
    await waitFor(() => expect(sideTexts()).toEqual(["部门管理", "参数管理", "日志审计"]));
    await waitFor(() => expect(currentLocation()).toBe("/system/dept"));
    // The whole granted tree stays what the route guard reads.
    expect(getMenu().map((n) => n.id)).toEqual(["ws", "backend", "log"]);
  });

  it("names the entries in the language chosen: by code when it has a translation, else as the server does", async () => {
    serverWithTopMenus();
    saveTokens(tokenResponse({ role_name: "user" }));
    await act(() => setLanguage("en"));
    try {
      renderConsole(<TopMenu />, { path: "/workbench/index" });
      const items = await screen.findAllByRole("menuitem", { name: /工作台|Administration/ });
      expect(items.map((i) => i.textContent)).toEqual(["工作台", "Administration"]);
    } finally {
      await act(() => setLanguage("zh"));
    }
  });

  it("unwraps only the 后台管理 entry", () => {
    expect(sideMenuFor({ name: "工作台" }, routesByTop.t1)).toBe(routesByTop.t1);
    expect(sideMenuFor({ name: "后台管理" }, routesByTop.t2).map((n) => n.id)).toEqual(["dept", "param"]);
  });
});
