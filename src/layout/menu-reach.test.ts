/**
 * The side menu, the route guard and the server's 权限解释 must never disagree (issue: a menu granted
 * to 普通用户 answered 操作成功, the explainer said 可以使用, and the user got no entry and a 403).
 * For a user of each seeded role, every seeded menu is judged three ways — listed in the side menu
 * under some top entry, opened by the route guard, and 权限解释's verdict — through the console's own
 * loading code against the real server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startTestApi, type TestApi } from "../../mocks/node";
import type { R } from "../../domain/contract";
import { canOpenPath, findTrailWhere, placeOf, samePage, sideMenu, type MenuReach } from "../../domain/contract/menu-reach";
import { loadMenusAndPermissions, saveTokens } from "../providers/auth";
import { getMenu } from "../providers/auth/menu-store";
import { getUserInfo } from "../providers/auth/session";
import { resetStorage } from "../providers/testing/fixtures";
import { getTopMenuState, loadTopMenus, reachOf, resetTopMenus } from "./top-menu-store";

interface MenuRow {
  id: string;
  code: string;
  name: string;
  path: string;
  category: number;
}

let api: TestApi;
let admin: string;
let menus: MenuRow[];

beforeAll(async () => {
  api = await startTestApi();
  admin = (await api.loginAdmin()).access_token;
  const rows = await api.db.execute(sql`select id::text as id, code, name, path, category from blade_menu where is_deleted = 0 and category = 1 order by sort, id`);
  menus = (rows as unknown as { rows: MenuRow[] }).rows;
});
afterAll(() => api.close());

/** The console's view of `account`: its granted tree and top entries, loaded as at sign-in. */
async function consoleReach(account: string, password: string, tenantId?: string): Promise<MenuReach> {
  resetStorage();
  resetTopMenus();
  saveTokens(await api.login(account, password, { tenantId }));
  await loadMenusAndPermissions();
  await loadTopMenus();
  return reachOf(getMenu(), getTopMenuState(), getUserInfo());
}

async function explain(userId: string, code: string): Promise<boolean> {
  const res = await api.request("/api/blade-user/permission-explain", { token: admin, query: { userId, code } });
  const body = (await res.json()) as R<{ granted: boolean }>;
  expect(body.success, `${code}: ${body.msg}`).toBe(true);
  return body.data.granted;
}

/** Every menu: [code, in a side menu, opened by the guard, 权限解释's verdict]. */
async function verdicts(userId: string, reach: MenuReach) {
  const sides = reach.tops.length ? reach.tops.map((t) => sideMenu(reach, t.id)) : [sideMenu(reach, null)];
  return Promise.all(
    menus.map(async (m) => {
      const listed = sides.some((side) => findTrailWhere(side, (n) => n.id === m.id).length > 0);
      // A path two menus share (the sample 数据工作台 /workbench and the home page /workbench/index)
      // opens when either is reached: the guard is judged on paths of one menu only.
      const shared = menus.filter((o) => o.path && m.path && samePage(o.path, m.path)).length > 1;
      const guarded = m.path && !shared ? canOpenPath(reach, m.path) : listed;
      return { code: m.code, listed, guarded, explained: await explain(userId, m.code) };
    }),
  );
}

async function grantToUserRole(code: string, give: boolean) {
  const roleId = String(((await api.db.execute(sql`select id::text as id from blade_role where tenant_id = '000000' and role_alias = 'user' and is_deleted = 0`)) as unknown as { rows: { id: string }[] }).rows[0].id);
  const keys = (await (await api.request("/api/blade-system/menu/role-tree-keys", { token: admin, query: { roleIds: roleId } })).json()) as R<{ menu: string[] }>;
  const target = menus.find((m) => m.code === code)!;
  const menuIds = give ? [...new Set([...keys.data.menu, target.id])] : keys.data.menu.filter((id) => id !== target.id);
  const res = await api.request("/api/blade-system/role/grant", { token: admin, method: "POST", json: { roleIds: [roleId], menuIds, dataScopeIds: [], apiScopeIds: [] } });
  const body = (await res.json()) as R;
  expect(body.success, body.msg).toBe(true);
}

describe("the side menu, the route guard and 权限解释 agree", () => {
  it.each([
    { alias: "administrator", tenantId: undefined },
    { alias: "user", tenantId: undefined },
    { alias: "admin", tenantId: "300071" },
    { alias: "user", tenantId: "300071" },
  ])("for a user of role $alias in tenant $tenantId, over every seeded menu", async ({ alias, tenantId }) => {
    const known = (await api.db.execute(sql`select 1 from blade_tenant where tenant_id = ${tenantId ?? ""}`)) as unknown as { rows: unknown[] };
    if (tenantId && !known.rows.length) await api.createTenant(tenantId);
    const account = `r_${alias.slice(0, 5)}_${tenantId ?? "0"}`;
    const { id } = await api.createUser({ account, password: "Re4ch-Pass!x", tenantId, roleAliases: [alias] });
    const reach = await consoleReach(account, "Re4ch-Pass!x", tenantId);
    const all = await verdicts(id, reach);
    expect(menus.length).toBeGreaterThan(30);
    expect(all.filter((v) => v.listed).length, "the user reaches some pages").toBeGreaterThan(0);
    for (const v of all) expect({ code: v.code, guarded: v.guarded, explained: v.explained }).toEqual({ code: v.code, guarded: v.listed, explained: v.listed });
  }, 120_000);

  it("lets a page granted outside every top menu reach its user, and takes it away again on revoke", async () => {
    const { id } = await api.createUser({ account: "r_grant", password: "Re4ch-Pass!x", roleAliases: ["user"] });
    const session = menus.find((m) => m.path === "/sessionManagement/index")!;
    expect(session, "the seeded 会话管理 menu").toBeTruthy();

    await grantToUserRole(session.code, true);
    let reach = await consoleReach("r_grant", "Re4ch-Pass!x");
    expect(reach.tops.map((t) => t.name)).toContain("后台管理");
    const place = placeOf(reach, (n) => n.id === session.id);
    expect(place).toEqual({ reachable: true, topIds: reach.tops.map((t) => t.id), ungrouped: true });
    expect(canOpenPath(reach, "/sessionManagement/index")).toBe(true);
    expect(await explain(id, session.code)).toBe(true);

    await grantToUserRole(session.code, false);
    reach = await consoleReach("r_grant", "Re4ch-Pass!x");
    expect(canOpenPath(reach, "/sessionManagement/index")).toBe(false);
    expect(await explain(id, session.code)).toBe(false);
  }, 60_000);
});
