/** The tree calls of /blade-system/menu: pickers, and the role and top-menu grant dialogs. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TreeNode } from "../../../domain/contract";
import type { GrantKeys, GrantTree } from "../../../domain/resources/system/role/contract";
import { nextId } from "../../db/ids";
import { menu, roleMenu, roleScope, topMenu, topMenuSetting } from "../../db/schema";
import { PLATFORM_MENU_CODES } from "../../security/tenants";
import { freshApp, type TestApp } from "../../test/fresh-app";

type Node = TreeNode & { disabled?: boolean; code?: string; path?: string; category?: number; children?: Node[] };
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

let api: TestApp;
let admin: string;
let tenantAdmin: string;
let narrow: string;
let ids: Record<string, string>;
let roles: Record<string, string>;

beforeAll(async () => {
  api = await freshApp({ oauth: false });
  admin = (await api.loginAdmin()).access_token;
  ids = Object.fromEntries((await api.db.select({ id: menu.id, code: menu.code }).from(menu)).map((m) => [m.code, m.id]));
  ({ roleIds: roles } = await api.createTenant("400001"));
  await api.createUser({ account: "tadmin", password: "Passw0rd!x", tenantId: "400001", roleAliases: ["admin"] });
  tenantAdmin = (await api.login("tadmin", "Passw0rd!x", { tenantId: "400001" })).access_token;
  // Role user of 400001 holds the user page and one of its buttons only (not 系统管理 itself).
  await api.db.delete(roleMenu).where(eq(roleMenu.roleId, roles.user));
  await api.db.insert(roleMenu).values([ids.user, ids.user_add].map((menuId) => ({ id: nextId(), roleId: roles.user, menuId })));
  await api.createUser({ account: "narrow", password: "Passw0rd!x", tenantId: "400001", roleAliases: ["user"] });
  narrow = (await api.login("narrow", "Passw0rd!x", { tenantId: "400001" })).access_token;
});
afterAll(() => api.close());

const get = async <T>(path: string, token: string, query: Record<string, string> = {}) => {
  const res = await api.request(`/api/blade-system/menu/${path}`, { token, query });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: T } };
};

describe("menu pickers", () => {
  it("tree: the category-1 forest as TreeNodes, everything for the administrator", async () => {
    const { data } = (await get<Node[]>("tree", admin)).body;
    const all = flatten(data);
    expect(all.map((n) => n.id)).toContain(ids.menu);
    expect(all.map((n) => n.id)).not.toContain(ids.menu_add);
    const system = data.find((n) => n.id === ids.system)!;
    expect(system).toMatchObject({ parentId: "0", title: "系统管理", key: ids.system, value: ids.system, hasChildren: true });
  });

  it("tree?tenantId: what that tenant's roles hold; a tenant's own caller cannot name another", async () => {
    const own = flatten((await get<Node[]>("tenantMenuTree", tenantAdmin, { tenantId: "000000" })).body.data);
    expect(own.length).toBe(Object.keys(ids).length);
    await api.db.delete(roleMenu).where(eq(roleMenu.roleId, roles.user));
    const users = flatten((await get<Node[]>("tenantMenuTree", tenantAdmin)).body.data).map((n) => n.id);
    expect(users.length).toBe(Object.keys(ids).length);
    await api.db.insert(roleMenu).values([ids.user, ids.user_add].map((menuId) => ({ id: nextId(), roleId: roles.user, menuId })));
    await api.db.delete(roleMenu).where(eq(roleMenu.roleId, roles.admin));
    await api.db.insert(roleMenu).values([ids.system, ids.user, ids.dept].map((menuId) => ({ id: nextId(), roleId: roles.admin, menuId })));
    try {
      const answer = await get<Node[]>("tree", admin, { tenantId: "400001" });
      expect(answer.status, answer.body.msg).toBe(200);
      const ofTenant = flatten(answer.body.data).map((n) => n.id);
      expect(ofTenant.sort()).toEqual([ids.system, ids.user, ids.dept].sort());
      // The menus and buttons all roles of the tenant hold (its user role holds user_add).
      const withButtons = flatten((await get<Node[]>("tenantMenuTree", admin, { tenantId: "400001" })).body.data).map((n) => n.id);
      expect(withButtons.sort()).toEqual([ids.system, ids.user, ids.user_add, ids.dept].sort());
      expect((await get("tree", admin, { tenantId: "x'--" })).status).toBe(400);
    } finally {
      await api.db.delete(roleMenu).where(eq(roleMenu.roleId, roles.admin));
      await api.db.insert(roleMenu).values(Object.values(ids).map((menuId) => ({ id: nextId(), roleId: roles.admin, menuId })));
    }
  });

  it("menuNodeTree and buttonMenuTree: the caller's own menus (with the path to them) and buttons", async () => {
    const nodes = flatten((await get<Node[]>("menuNodeTree", narrow)).body.data);
    expect(nodes.map((n) => n.code)).toEqual(["system", "user"]);
    expect(nodes[1]).toMatchObject({ path: "/system/user", title: "用户管理" });
    const withButtons = flatten((await get<Node[]>("buttonMenuTree", narrow)).body.data);
    expect(withButtons.map((n) => n.code)).toEqual(["system", "user", "user_add"]);
    expect(withButtons[2].category).toBe(2);
  });

  it("topLeftMenuTree: the tenant's top menus, each with the side menus it shows the caller", async () => {
    const topId = nextId();
    await api.db.insert(topMenu).values({ id: topId, tenantId: "400001", code: "sys", name: "系统", sort: 1 });
    await api.db.insert(topMenuSetting).values({ id: nextId(), topMenuId: topId, menuId: ids.system });
    const { data } = (await get<Node[]>("topLeftMenuTree", narrow)).body;
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ id: topId, title: "系统", code: "sys", hasChildren: true });
    expect(flatten(data[0].children!).map((n) => n.code)).toEqual(["system", "user"]);
  });
});

describe("the role grant dialog", () => {
  it("grant-tree gives the administrator every menu and button, and the scopes under their menus", async () => {
    const scope = await api.request("/api/blade-system/data-scope/submit", {
      token: admin,
      json: { menuId: ids.user, scopeName: "本部门用户", resourceCode: "user_dept", scopeType: 3, scopeColumn: "create_dept" },
    });
    expect(scope.status).toBe(200);
    const { data } = (await get<GrantTree>("grant-tree", admin)).body;
    const menus = flatten(data.menu);
    expect(menus.map((n) => n.id)).toEqual(expect.arrayContaining([ids.system, ids.user, ids.user_add, ids.menu_data_scope]));
    expect(menus.some((n) => n.disabled)).toBe(false);
    const owner = flatten(data.dataScope).find((n) => n.id === ids.user)!;
    expect(owner.children!.map((c) => c.title)).toEqual(["本部门用户"]);
    expect(data.apiScope).toEqual([]);
  });

  it("grant-tree below the administrator: only what the caller holds, the path to it disabled", async () => {
    const { data } = (await get<GrantTree>("grant-tree", tenantAdmin)).body;
    // Everything but the platform's own menus (tenants, tenant packages, datasources and their buttons).
    const platformOnly = Object.keys(ids).filter((code) => PLATFORM_MENU_CODES.some((own) => code === own || code.startsWith(`${own}_`)));
    expect(platformOnly.length).toBeGreaterThan(PLATFORM_MENU_CODES.length);
    expect(flatten(data.menu).map((n) => n.id).sort()).toEqual(Object.entries(ids).filter(([code]) => !platformOnly.includes(code)).map(([, id]) => id).sort());
    // A role of 400001 that holds user and user_add only: system shows, but is not its to give.
    await api.db.insert(roleMenu).values({ id: nextId(), roleId: roles.user, menuId: ids.role });
    const limited = await api.createUser({ account: "limited", password: "Passw0rd!x", tenantId: "400001", roleAliases: ["user"] });
    expect(limited.id).toBeTruthy();
    const token = (await api.login("limited", "Passw0rd!x", { tenantId: "400001" })).access_token;
    const tree = (await get<GrantTree>("grant-tree", token)).body.data;
    const nodes = flatten(tree.menu);
    expect(nodes.map((n) => [n.title, !!n.disabled])).toEqual([["系统管理", true], ["用户管理", false], ["新增", false], ["角色管理", false]]);
    expect(tree.dataScope).toEqual([]);
  });

  it("role-tree-keys: the saved grants of the roles; another tenant's role is refused like a missing one", async () => {
    const [scope] = await api.db.select().from(roleScope);
    expect(scope).toBeUndefined();
    const dataScopes = (await (await api.request("/api/blade-system/data-scope/list", { token: admin, query: { menuId: ids.user } })).json()).data.records as { id: string }[];
    await api.db.insert(roleScope).values({ id: nextId(), roleId: roles.user, scopeId: dataScopes[0].id, scopeCategory: 1 });
    const keys = (await get<GrantKeys>("role-tree-keys", tenantAdmin, { roleIds: roles.user })).body.data;
    expect(keys.menu.sort()).toEqual([ids.user, ids.user_add, ids.role].sort());
    expect(keys.dataScope).toEqual([dataScopes[0].id]);
    expect(keys.apiScope).toEqual([]);
    const [platformRole] = (await api.db.select({ id: roleMenu.roleId }).from(roleMenu).where(eq(roleMenu.menuId, ids.param))).filter((r) => r.id !== roles.admin);
    expect((await get("role-tree-keys", tenantAdmin, { roleIds: platformRole.id })).body).toMatchObject({ code: 400, msg: "角色不存在" });
    expect((await get("role-tree-keys", tenantAdmin, {})).body).toMatchObject({ code: 400, msg: "请选择角色" });
    expect((await get("role-tree-keys", tenantAdmin, { roleIds: "1,abc" })).status).toBe(400);
    await api.createTenant("400002");
    await api.createUser({ account: "plain2", password: "Passw0rd!x", tenantId: "400002", roleAliases: ["user"] });
    const plain = (await api.login("plain2", "Passw0rd!x", { tenantId: "400002" })).access_token;
    expect((await get("role-tree-keys", plain, { roleIds: roles.user })).status).toBe(403);
    expect((await get("grant-tree", plain)).status).toBe(403);
  });
});
