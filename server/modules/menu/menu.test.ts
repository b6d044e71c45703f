import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MenuNode } from "../../../domain/contract";
import { nextId } from "../../db/ids";
import { menu, roleMenu, topMenu, topMenuSetting } from "../../db/schema";
import { freshApp, type TestApp } from "../../test/fresh-app";

/** What role 普通用户 opens: the workbench, the dashboard and the resource centre with 审批管理 (for directory owners). */
const USER_PATHS = [
  "/instrumentPanel/index",
  "/resourceCenter",
  "/resourceCenter/approvalManagement/index",
  "/resourceCenter/myApplication/index",
  "/resourceCenter/myResources/index",
  "/resourceCenter/resourceApplication/index",
  "/workbench/index",
];

/** Every menu path of spec §2 "Menu paths" (the sample top-level menus are mock data). */
const SPEC_PATHS = [
  "/workbench/index", "/instrumentPanel/index", "/sessionManagement/index",
  "/system/dept", "/system/user", "/system/role", "/system/menu", "/system/dict", "/system/dictbiz", "/system/param",
  "/system/cryptographicPolicy/index", "/system/mailboxConfig", "/system/shortMessageService/index", "/system/thirdPartyLogin/index",
  "/applicationManagement/applicationList/index", "/applicationManagement/resourceDirectory/index",
  "/applicationManagement/rolesManagement/index",
  "/logAudit/systemLogin/index", "/logAudit/applicationAccess/index", "/logAudit/systemOperation/index",
  "/dataAssets/assetOverview", "/dataAssets/assetCatalog", "/dataAssets/assetCollect",
  "/dataAuth/policy", "/dataAuth/apply", "/dataAuth/approve", "/dataAudit", "/dataFactory/ide/ide",
];

let t: TestApp;
let admin: string;
let ordinary: string;
beforeAll(async () => {
  t = await freshApp();
  admin = (await t.loginAdmin()).access_token;
  await t.createUser({ account: "plain", password: "Passw0rd!x", roleAliases: ["user"] });
  ordinary = (await t.login("plain", "Passw0rd!x")).access_token;
});
afterAll(() => t.close());

const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
const get = async (path: string, token?: string) => t.request(`/api/blade-system/menu/${path}`, { token });

describe("seeded menus", () => {
  it("has every §2 menu path as a category-1 menu with a name", async () => {
    const rows = await t.db.select().from(menu).where(eq(menu.category, 1));
    for (const path of SPEC_PATHS) {
      const row = rows.find((r) => r.path === path);
      expect(row, path).toBeDefined();
      expect(row!.name).not.toBe("");
    }
  });

  it("gives management pages add/edit/delete/view buttons with unique codes", async () => {
    const rows = await t.db.select().from(menu);
    const codes = rows.map((r) => r.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const page of ["user", "dept", "role", "menu", "dict", "dictbiz", "param"]) {
      for (const alias of ["add", "edit", "delete", "view"]) {
        const button = rows.find((r) => r.code === `${page}_${alias}`);
        expect(button, `${page}_${alias}`).toMatchObject({ category: 2, alias });
        expect([1, 2, 3]).toContain(button!.action);
      }
    }
  });
});

describe("GET /blade-system/menu/routes", () => {
  it("gives the administrator the whole category-1 forest, sorted, without buttons", async () => {
    const res = await get("routes", admin);
    expect(res.status).toBe(200);
    const { data } = await res.json();
    const all = flatten(data);
    expect(all.every((n) => n.category === 1)).toBe(true);
    for (const path of SPEC_PATHS) expect(all.some((n) => n.path === path), path).toBe(true);
    const system = data.find((n: MenuNode) => n.path === "/system");
    expect(system).toMatchObject({ parentId: "0", name: "系统管理", code: "system", alias: "menu", isOpen: 1 });
    expect(system.children[0]).toMatchObject({ parentId: system.id, path: "/system/user", name: "用户管理" });
    const sorts = data.map((n: MenuNode) => n.sort);
    expect([...sorts].sort((a, b) => a - b)).toEqual(sorts);
  });

  it("gives role user its workbench, dashboard and the resource centre, nothing under /system", async () => {
    const { data } = await (await get("routes", ordinary)).json();
    expect(flatten(data).map((n) => n.path).sort()).toEqual(USER_PATHS);
  });

  it("adds the ancestors of a granted child", async () => {
    const { roleIds } = await t.createTenant("200001");
    const [userMenu] = await t.db.select().from(menu).where(eq(menu.code, "user"));
    await t.db.delete(roleMenu).where(eq(roleMenu.roleId, roleIds.user));
    await t.db.insert(roleMenu).values({ id: nextId(), roleId: roleIds.user, menuId: userMenu.id });
    await t.createUser({ account: "narrow", password: "Passw0rd!x", tenantId: "200001", roleAliases: ["user"] });
    const token = (await t.login("narrow", "Passw0rd!x", { tenantId: "200001" })).access_token;
    const { data } = await (await get("routes", token)).json();
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ path: "/system", name: "系统管理" });
    expect(data[0].children.map((c: MenuNode) => c.path)).toEqual(["/system/user"]);
  });

  it("answers 401 without a token", async () => {
    expect((await get("routes")).status).toBe(401);
    expect((await get("buttons")).status).toBe(401);
    expect((await get("top-menu")).status).toBe(401);
  });
});

describe("GET /blade-system/menu/buttons", () => {
  it("answers menu nodes whose children are the granted buttons", async () => {
    const { data } = await (await get("buttons", admin)).json();
    const user = data.find((n: MenuNode) => n.code === "user");
    expect(user.category).toBe(1);
    expect(user.children.map((b: MenuNode) => b.code)).toEqual(expect.arrayContaining(["user_add", "user_edit", "user_delete", "user_view"]));
    expect(user.children.every((b: MenuNode) => b.category === 2 && !b.children)).toBe(true);
  });

  it("gives role user 申请 and 撤回 of 资源申请 and 查看 of 审批管理, never 通过 or 驳回 (the administrators' right)", async () => {
    const { data } = await (await get("buttons", ordinary)).json();
    const buttons = Object.fromEntries(data.map((n: MenuNode) => [n.code, (n.children ?? []).map((b) => b.code).sort()]));
    expect(buttons).toEqual({
      resourceApplication: ["resourceApplication_apply", "resourceApplication_withdraw"],
      approvalManagement: ["approvalManagement_view"],
    });
  });
});

describe("GET /blade-system/menu/top-menu and routes?topMenuId=", () => {
  it("gives the administrator no top menu (§6)", async () => {
    expect(await (await get("top-menu", admin)).json()).toMatchObject({ code: 200, data: [] });
  });

  it("gives other roles the tenant's top menus: 后台管理, holding what role user may open", async () => {
    const { data } = await (await get("top-menu", ordinary)).json();
    expect(data).toEqual([expect.objectContaining({ code: "backend", name: "后台管理", tenantId: "000000" })]);
    const routes = await (await get(`routes?topMenuId=${data[0].id}`, ordinary)).json();
    expect(flatten(routes.data).map((n: MenuNode) => n.path).sort()).toEqual(USER_PATHS);
  });

  it("intersects the role's menus with the top menu's (its menus and everything below them)", async () => {
    await t.createTenant("200002");
    const [system] = await t.db.select().from(menu).where(eq(menu.code, "system"));
    const topId = nextId();
    await t.db.insert(topMenu).values({ id: topId, tenantId: "200002", code: "sys", name: "系统", sort: 1 });
    await t.db.insert(topMenuSetting).values({ id: nextId(), topMenuId: topId, menuId: system.id });
    await t.createUser({ account: "tadmin", password: "Passw0rd!x", tenantId: "200002", roleAliases: ["admin"] });
    await t.createUser({ account: "tuser", password: "Passw0rd!x", tenantId: "200002", roleAliases: ["user"] });
    const tadmin = (await t.login("tadmin", "Passw0rd!x", { tenantId: "200002" })).access_token;
    const tuser = (await t.login("tuser", "Passw0rd!x", { tenantId: "200002" })).access_token;
    expect((await (await get("top-menu", tadmin)).json()).data.map((m: { id: string }) => m.id)).toEqual([topId]);
    const { data } = await (await get(`routes?topMenuId=${topId}`, tadmin)).json();
    expect(data.map((n: MenuNode) => n.path)).toEqual(["/system"]);
    expect(data[0].children.map((n: MenuNode) => n.path)).toContain("/system/user");
    expect((await (await get(`routes?topMenuId=${topId}`, tuser)).json()).data).toEqual([]);
    // Another tenant's top menu is answered like an unknown one; a malformed or unknown id is a bad request.
    expect((await get(`routes?topMenuId=${topId}`, ordinary)).status).toBe(400);
    expect((await get("routes?topMenuId=abc", tadmin)).status).toBe(400);
    expect((await get("routes?topMenuId=1234567890123456789", tadmin)).status).toBe(400);
  });
});

describe("§3 systemType and isDefault of menu entries", () => {
  const submit = async (json: Record<string, unknown>) => (await t.request("/api/blade-system/menu/submit", { token: admin, json })).json();
  const idOf = async (code: string) => (await t.db.select({ id: menu.id }).from(menu).where(eq(menu.code, code)))[0].id;
  const defaults = async () => (await t.db.select({ code: menu.code }).from(menu).where(eq(menu.isDefault, 2))).map((m) => m.code);

  it("leaves a mobile entry and everything below it out of the console's routes, while management shows and filters it", async () => {
    const mobile = await submit({ name: "移动待办", code: "mobile_todo", alias: "menu", path: "/m/todo", sort: 90, category: 1, systemType: 2 });
    expect(mobile.msg).toBe("操作成功");
    const below = await submit({ name: "移动待办详情", code: "mobile_todo_detail", alias: "menu", path: "/m/todo/detail", sort: 1, category: 1, parentId: mobile.data.id });
    expect(below.msg).toBe("操作成功");
    const paths = flatten((await (await get("routes", admin)).json()).data).map((n) => n.path);
    expect(paths).toContain("/system/menu");
    expect(paths).not.toContain("/m/todo");
    expect(paths).not.toContain("/m/todo/detail");
    const shortcuts = JSON.stringify((await (await get("menuNodeTree", admin)).json()).data);
    expect(shortcuts).not.toContain("移动待办");
    // Menu management: every client's entries, with the dictionary's name, and a filter by client.
    const listed = (await (await t.request("/api/blade-system/menu/lazy-list", { token: admin, query: { systemType_equal: 2 } })).json()).data;
    expect(listed.map((m: { code: string; systemTypeName: string }) => [m.code, m.systemTypeName])).toEqual([["mobile_todo", "移动端"]]);
    const bad = await submit({ id: mobile.data.id, systemType: 3 });
    expect(bad.code).toBe(400);
  });

  it("keeps one default page: setting a second clears the first, a button or a mobile entry is refused or reset", async () => {
    const myApps = await idOf("myApplication");
    const requests = await idOf("resourceApplication");
    expect((await submit({ id: myApps, isDefault: 2 })).msg).toBe("操作成功");
    expect(await defaults()).toEqual(["myApplication"]);
    // The holder's routes name it (the console lands there after signing in).
    const held = flatten((await (await get("routes", ordinary)).json()).data).filter((n) => n.isDefault === 2);
    expect(held.map((n) => n.path)).toEqual(["/resourceCenter/myApplication/index"]);

    expect((await submit({ id: requests, isDefault: 2 })).msg).toBe("操作成功");
    expect(await defaults()).toEqual(["resourceApplication"]);

    const mobile = await submit({ name: "移动首页", code: "mobile_home", alias: "menu", path: "/m/home", sort: 91, category: 1, systemType: 2, isDefault: 2 });
    expect(mobile).toMatchObject({ code: 400, msg: "只有控制台菜单可以设为默认首页" });
    const address = await submit({ name: "外部首页", code: "outside_home", alias: "menu", path: "https://example.com/home", sort: 92, category: 1, isDefault: 2 });
    expect(address).toMatchObject({ code: 400, msg: "默认首页必须是控制台内的路由地址(以 / 开头)" });
    const button = await submit({ name: "默认按钮", code: "default_button", alias: "add", sort: 1, category: 2, action: 1, parentId: requests, isDefault: 2, systemType: 2 });
    expect(button.msg).toBe("操作成功");
    const [stored] = await t.db.select().from(menu).where(eq(menu.code, "default_button"));
    expect(stored).toMatchObject({ isDefault: 1, systemType: 1 });
    expect(await defaults()).toEqual(["resourceApplication"]);
  });

  it("lands a user of another tenant who does not hold the default page as before: their routes name no default", async () => {
    // Menus are the platform's (no tenant column): the default is one for every tenant, and a
    // tenant whose roles do not hold it keeps the workbench.
    expect((await submit({ id: await idOf("myApplication"), isDefault: 2 })).msg).toBe("操作成功");
    const { roleIds } = await t.createTenant("200009");
    const [workbench] = await t.db.select().from(menu).where(eq(menu.path, "/workbench/index"));
    await t.db.delete(roleMenu).where(eq(roleMenu.roleId, roleIds.user));
    await t.db.insert(roleMenu).values({ id: nextId(), roleId: roleIds.user, menuId: workbench.id });
    await t.createUser({ account: "elsewhere", password: "Passw0rd!x", tenantId: "200009", roleAliases: ["user"] });
    const token = (await t.login("elsewhere", "Passw0rd!x", { tenantId: "200009" })).access_token;
    const routes = flatten((await (await get("routes", token)).json()).data);
    expect(routes.map((n) => n.path)).toEqual(["/workbench/index"]);
    expect(routes.filter((n) => n.isDefault === 2)).toEqual([]);
    // …while a holder in the platform tenant is sent to it.
    expect(flatten((await (await get("routes", ordinary)).json()).data).find((n) => n.isDefault === 2)?.path).toBe("/resourceCenter/myApplication/index");
  });
});
