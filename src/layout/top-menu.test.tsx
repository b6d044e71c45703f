/** The top menu against the reference server: the tenant's top menus, their side menus and the grants are real. */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { inArray } from "drizzle-orm";
import { menu, roleMenu } from "../../server/db/schema";
import { nextId } from "../../server/db/ids";
import { flatten, menuChildren } from "../../domain/contract/menu-reach";
import type { MenuNode } from "../../domain/contract";
import { getMenu } from "../providers/auth/menu-store";
import { getAccessToken } from "../providers/auth/session";
import { setLanguage } from "../providers/i18n";
import { Sidebar } from "./Sidebar";
import { TopMenu } from "./TopMenu";
import { resetTopMenus, sideMenuFor } from "./top-menu-store";
import { capture, currentLocation, renderConsole, setupResourceTest, signIn, menuNode } from "../testing/harness";

const t = setupResourceTest();
afterEach(() => resetTopMenus());

/** A tenant of its own, so that its top menus are only the two this file makes. */
const TENANT = "246810";
const clerk = { account: "clerk", password: "Clerk-pass-7", tenantId: TENANT };
const topIds: Record<string, string> = {};

/**
 * Role `user` of the tenant holds 工作台 and 仪表盘 (as every new tenant's), and here also 机构管理,
 * 参数管理 and 日志审计 › 系统登录日志. Top menus: 工作台 (工作台, 仪表盘) and 后台管理 (系统管理 › 机构管理,
 * 参数管理); 系统登录日志 is in neither.
 */
beforeAll(async () => {
  const { roleIds, rootDeptId } = await t.api.createTenant(TENANT);
  await t.api.createUser({ ...clerk, roleAliases: ["user"], deptId: rootDeptId });
  await t.api.createUser({ account: "boss", password: clerk.password, tenantId: TENANT, roleAliases: ["admin"], deptId: rootDeptId });
  const paths = ["/system", "/system/dept", "/system/param", "/logAudit", "/logAudit/systemLogin/index", "/workbench/index", "/instrumentPanel/index"];
  const menus = await t.api.db.select({ id: menu.id, path: menu.path }).from(menu).where(inArray(menu.path, paths));
  const idOf = (path: string) => menus.find((m) => m.path === path)!.id;
  await t.api.db.insert(roleMenu).values(paths.slice(0, 5).map((p) => ({ id: nextId(), roleId: roleIds.user, menuId: idOf(p) })));

  // The tenant's administrator sets the top menus up in the console's calls.
  const token = (await t.api.login("boss", clerk.password, { tenantId: TENANT })).access_token;
  const top = async (name: string, code: string, sort: number, menuPaths: string[]) => {
    expect((await t.api.request("/api/blade-system/topmenu/submit", { token, json: { name, code, sort, source: "AppstoreOutlined" } })).status).toBe(200);
    const [row] = (await (await t.api.request("/api/blade-system/topmenu/list", { token, query: { code } })).json()).data.records as { id: string }[];
    topIds[code] = row.id;
    const grant = await t.api.request("/api/blade-system/topmenu/grant", { token, json: { topMenuIds: [row.id], menuIds: menuPaths.map(idOf) } });
    expect(grant.status, await grant.clone().text()).toBe(200);
  };
  // Made in the other order than they are sorted.
  await top("后台管理", "backend", 2, ["/system", "/system/dept", "/system/param"]);
  await top("工作台", "work", 1, ["/workbench/index", "/instrumentPanel/index"]);
});

const sideTexts = () => [...document.querySelectorAll(".ant-menu-inline > li")].map((li) => li.querySelector(".ant-menu-title-content")?.textContent);
const topMenuCalls = () => capture(t.api.server, "/blade-system/menu/top-menu");
const routeCalls = () => capture(t.api.server, "/blade-system/menu/routes");

describe("top menu", () => {
  it("gives the administrator no top menu and the full side menu, opened on load", async () => {
    const tops = topMenuCalls();
    const routes = routeCalls();
    const granted = getMenu();
    renderConsole(<><TopMenu /><Sidebar collapsed={false} /></>, { path: "/system/dept" });
    expect(screen.queryByRole("menu", { name: "顶部菜单" })).toBeNull();
    // Every folder open: pages of several folders are visible at once.
    expect(screen.getByText("机构管理")).toBeVisible();
    expect(screen.getByText("系统登录日志")).toBeInTheDocument();
    const folders = flatten(granted).filter((n) => menuChildren(n).length > 0);
    expect(folders.length).toBeGreaterThan(2);
    expect(document.querySelectorAll(".ant-menu-submenu-open")).toHaveLength(folders.length);
    await new Promise((r) => setTimeout(r, 50));
    expect(tops).toEqual([]);
    expect(routes).toEqual([]);
    // The menu is the one the server granted at sign-in.
    const answered = (await (await t.api.request("/api/blade-system/menu/routes", { token: getAccessToken()! })).json()).data as MenuNode[];
    expect(getMenu().map((n) => n.id)).toEqual(answered.map((n) => n.id));
  });

  it("gives other roles the server's top menus; the side menu lists the selected one's pages and the pages no top menu holds", async () => {
    await signIn(t.api, clerk);
    const granted = getMenu().map((n) => n.name);
    expect(granted).toEqual(["工作台", "仪表盘", "系统管理", "资源中心", "日志审计"]);
    const tops = topMenuCalls();
    const routes = routeCalls();
    renderConsole(<><TopMenu /><Sidebar collapsed={false} /></>, { path: "/workbench/index" });

    await waitFor(() => expect(sideTexts()).toEqual(["工作台", "仪表盘", "资源中心", "日志审计"]));
    const bar = screen.getByRole("menu", { name: "顶部菜单" });
    expect([...bar.querySelectorAll(".ant-menu-title-content")].map((i) => i.textContent)).toEqual(["工作台", "后台管理"]);
    expect(tops).toHaveLength(1);
    expect(routes.map((c) => c.query.topMenuId).sort()).toEqual([topIds.work, topIds.backend].sort());
    expect(sessionStorage.getItem("blade-topMenuId")).toContain(topIds.work);

    fireEvent.click(within(bar).getByRole("menuitem", { name: /后台管理/ }));
    // 后台管理 shows its children in the side menu, and its first page opens; the grant that no
    // top menu holds (系统登录日志, in 日志审计, and the resource centre) is still listed.
    await waitFor(() => expect(sideTexts()).toEqual(["机构管理", "参数管理", "资源中心", "日志审计"]));
    await waitFor(() => expect(currentLocation()).toBe("/system/dept"));
    // The whole granted tree stays what the route guard reads.
    expect(getMenu().map((n) => n.name)).toEqual(granted);
  });

  it("names the entries in the language chosen: by code when it has a translation, else as the server does", async () => {
    await signIn(t.api, clerk);
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
    const work = [menuNode("ws", "工作空间", "/workbench", { children: [menuNode("my", "我的工作台", "/workbench/myWorkbench")] })];
    const backend = [menuNode("backend", "后台管理", "/manageCenter", { children: [menuNode("dept", "部门管理", "/system/dept"), menuNode("param", "参数管理", "/system/param")] })];
    expect(sideMenuFor({ name: "工作台" }, work)).toBe(work);
    expect(sideMenuFor({ name: "后台管理" }, backend).map((n) => n.id)).toEqual(["dept", "param"]);
  });
});
