/** Top menus (/blade-system/topmenu): each tenant's own, and the side menus each one is granted. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MenuNode, TreeNode } from "../../../domain/contract";
import { topMenuSpec } from "../../../domain/resources/system/menu/spec";
import { menu, roleMenu, topMenuSetting } from "../../db/schema";
import { describeConformance } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";

describeConformance({
  spec: topMenuSpec,
  valid: (n) => ({ name: `顶部${n}`, code: `top_${n}`, source: "AppstoreOutlined", sort: n }),
  change: { field: "name", value: "改过的顶部菜单" },
});

type Node = TreeNode & { disabled?: boolean; children?: Node[] };
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe("/blade-system/topmenu grant and its trees", () => {
  let api: TestApp;
  let admin: string;
  let tenantAdmin: string;
  let tenantUser: string;
  let ids: Record<string, string>;
  beforeAll(async () => {
    api = await freshApp({ oauth: false });
    admin = (await api.loginAdmin()).access_token;
    ids = Object.fromEntries((await api.db.select({ id: menu.id, code: menu.code }).from(menu)).map((m) => [m.code, m.id]));
    await api.createTenant("500001");
    await api.createUser({ account: "tadmin", password: "Passw0rd!x", tenantId: "500001", roleAliases: ["admin"] });
    await api.createUser({ account: "tuser", password: "Passw0rd!x", tenantId: "500001", roleAliases: ["user"] });
    tenantAdmin = (await api.login("tadmin", "Passw0rd!x", { tenantId: "500001" })).access_token;
    tenantUser = (await api.login("tuser", "Passw0rd!x", { tenantId: "500001" })).access_token;
  });
  afterAll(() => api.close());

  const call = async <T = unknown>(path: string, token: string, o: { json?: unknown; query?: Record<string, string> } = {}) => {
    const res = await api.request(`/api/blade-system/${path}`, { token, ...o });
    return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: T } };
  };
  const createTop = async (token: string, code: string) =>
    (await call<{ id: string }>("topmenu/submit", token, { json: { name: `顶部${code}`, code, sort: 1 } })).body.data.id;

  it("grants a top menu its side menus: the tenant's users see them under it at their next load", async () => {
    const top = await createTop(tenantAdmin, "work");
    const granted = await call("topmenu/grant", tenantAdmin, { json: { topMenuIds: [top], menuIds: [ids.workbench, ids.instrumentPanel] } });
    expect(granted).toMatchObject({ status: 200, body: { data: true } });
    const keys = await call<{ menu: string[] }>("menu/top-tree-keys", tenantAdmin, { query: { topMenuIds: top } });
    expect(keys.body.data.menu.sort()).toEqual([ids.workbench, ids.instrumentPanel].sort());
    expect((await call<{ id: string }[]>("menu/top-menu", tenantUser)).body.data.map((t) => t.id)).toContain(top);
    const routes = await call<MenuNode[]>("menu/routes", tenantUser, { query: { topMenuId: top } });
    expect(routes.body.data.map((r) => r.code).sort()).toEqual(["instrumentPanel", "workbench"]);

    // A new grant replaces the old one.
    await call("topmenu/grant", tenantAdmin, { json: { topMenuIds: [top], menuIds: [ids.workbench] } });
    expect((await call<{ menu: string[] }>("menu/top-tree-keys", tenantAdmin, { query: { topMenuIds: top } })).body.data.menu).toEqual([ids.workbench]);
    expect((await call<MenuNode[]>("menu/routes", tenantUser, { query: { topMenuId: top } })).body.data.map((r) => r.code)).toEqual(["workbench"]);
  });

  it("refuses a grant of buttons, unknown menus, another tenant's top menu, or menus the caller lacks", async () => {
    const top = await createTop(tenantAdmin, "refusals");
    const platformTop = await createTop(admin, "platform_top");
    const refused = async (token: string, json: unknown, status: number, msg: string | RegExp) => {
      const r = await call("topmenu/grant", token, { json });
      expect(r.status, JSON.stringify(json)).toBe(status);
      expect(r.body.msg).toMatch(msg);
    };
    await refused(tenantAdmin, { topMenuIds: [top], menuIds: [ids.user_add] }, 400, "菜单不存在");
    await refused(tenantAdmin, { topMenuIds: [top], menuIds: ["1234567890123"] }, 400, "菜单不存在");
    await refused(tenantAdmin, { topMenuIds: [platformTop], menuIds: [] }, 400, "顶部菜单不存在");
    await refused(tenantAdmin, { topMenuIds: [], menuIds: [] }, 400, "请选择顶部菜单");
    await refused(tenantAdmin, { topMenuIds: [top] }, 400, "缺少必要的请求参数: menuIds");
    await refused(tenantAdmin, { topMenuIds: [top], menuIds: ["1 or 1=1"] }, 400, "请求参数格式错误: menuIds");
    await refused(tenantUser, { topMenuIds: [top], menuIds: [] }, 403, /\S/);
    // The tenant's administrator lacks 参数管理 once its role loses it: it cannot hand it out.
    await api.db.delete(roleMenu).where(eq(roleMenu.menuId, ids.param));
    await refused(tenantAdmin, { topMenuIds: [top], menuIds: [ids.param] }, 403, "不能配置自己未拥有的菜单：参数管理");
    expect((await call<{ menu: string[] }>("menu/top-tree-keys", tenantAdmin, { query: { topMenuIds: top } })).body.data.menu).toEqual([]);
    // What it may hand out is what grant-top-tree offers it: menus only, param not among them.
    // (its buttons, still held, show the path to them: param itself is shown disabled).
    const tree = flatten((await call<{ menu: Node[] }>("menu/grant-top-tree", tenantAdmin)).body.data.menu);
    expect(tree.find((n) => n.id === ids.user)!.disabled).toBeUndefined();
    expect(tree.find((n) => n.id === ids.param)!.disabled).toBe(true);
    expect(tree.map((n) => n.id)).not.toContain(ids.user_add);
    expect((await call("menu/grant-top-tree", tenantUser)).status).toBe(403);
    expect((await call("menu/top-tree-keys", tenantAdmin, { query: { topMenuIds: platformTop } })).body.msg).toBe("顶部菜单不存在");
  });

  it("removing a top menu drops its settings", async () => {
    const top = await createTop(tenantAdmin, "doomed");
    await call("topmenu/grant", tenantAdmin, { json: { topMenuIds: [top], menuIds: [ids.workbench] } });
    expect(await api.db.select().from(topMenuSetting).where(eq(topMenuSetting.topMenuId, top))).toHaveLength(1);
    const res = await api.request("/api/blade-system/topmenu/remove", { token: tenantAdmin, method: "POST", query: { ids: top } });
    expect(res.status).toBe(200);
    expect(await api.db.select().from(topMenuSetting).where(eq(topMenuSetting.topMenuId, top))).toEqual([]);
  });

  it("checks a top menu's path and icon like a menu's", async () => {
    const r = await call("topmenu/submit", tenantAdmin, { json: { name: "坏", code: "bad_top", sort: 1, path: "ftp://x", source: "a<b" } });
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual([
      { field: "path", message: "路由地址应以 / 开头，或是 http(s) 网址" },
      { field: "source", message: "菜单图标只能包含字母、数字、空格和 _ - . :" },
    ]);
  });
});
