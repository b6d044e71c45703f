/** Menu management (/blade-system/menu): the kit's battery, BladeX's list calls and the tree rules. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { menuSpec } from "../../../domain/resources/system/menu/spec";
import { nextId } from "../../db/ids";
import { menu, tenant, tenantPackage } from "../../db/schema";
import { describeConformance } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";

describeConformance({
  spec: menuSpec,
  platform: true,
  valid: (n) => ({ name: `测试菜单${n}`, code: `test_menu_${n}`, alias: "menu", path: `/test/menu${n}`, sort: n, category: 1 }),
  change: { field: "name", value: "改过的菜单" },
});

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
interface MenuVO {
  id: string;
  parentId: string;
  name: string;
  code: string;
  category: number;
  action: number;
  hasChildren: boolean;
  parentName: string;
  categoryName: string;
  actionName: string;
  isOpenName: string;
  children?: MenuVO[];
}

describe("/blade-system/menu management beyond the common routes", () => {
  let api: TestApp;
  let admin: string;
  beforeAll(async () => {
    api = await freshApp({ oauth: false });
    admin = (await api.loginAdmin()).access_token;
  });
  afterAll(() => api.close());

  const get = async <T>(path: string, query: Record<string, string> = {}, token = admin) => {
    const res = await api.request(`/api/blade-system/menu/${path}`, { token, query });
    return { status: res.status, body: (await res.json()) as Envelope<T> };
  };
  const submit = async (json: Record<string, unknown>) => {
    const res = await api.request("/api/blade-system/menu/submit", { token: admin, json });
    return { status: res.status, body: (await res.json()) as Envelope<MenuVO & { field?: string }> };
  };
  const remove = async (ids: string) => {
    const res = await api.request("/api/blade-system/menu/remove", { token: admin, method: "POST", query: { ids } });
    return { status: res.status, body: (await res.json()) as Envelope };
  };
  const byCode = async (code: string) => (await get<MenuVO[]>("lazy-list", { code_equal: code })).body.data[0];

  it("lazy-list answers one level with hasChildren, and every level when searching", async () => {
    const roots = (await get<MenuVO[]>("lazy-list", { parentId: "0" })).body.data;
    expect(roots.every((r) => r.parentId === "0")).toBe(true);
    const system = roots.find((r) => r.code === "system")!;
    expect(system).toMatchObject({ hasChildren: true, parentName: "顶级", categoryName: "菜单" });
    expect(roots.find((r) => r.code === "workbench")!.hasChildren).toBe(false);

    const children = (await get<MenuVO[]>("lazy-list", { parentId: system.id })).body.data;
    expect(children.map((c) => c.code)).toEqual(expect.arrayContaining(["user", "menu", "dict"]));
    const menuPage = children.find((c) => c.code === "menu")!;
    expect(menuPage).toMatchObject({ hasChildren: true, parentName: "系统管理" });

    const buttons = (await get<MenuVO[]>("lazy-list", { parentId: menuPage.id })).body.data;
    expect(buttons.map((b) => b.code)).toEqual(expect.arrayContaining(["menu_add", "menu_data_scope", "menu_api_scope_add", "menu_topmenu_setting"]));
    expect(buttons.find((b) => b.code === "menu_add")).toMatchObject({ category: 2, categoryName: "按钮", actionName: "工具栏", hasChildren: false });

    // A search without parentId looks at every level (Saber clears parentId when it searches).
    const found = (await get<MenuVO[]>("lazy-list", { name: "用户管理" })).body.data;
    expect(found.map((f) => f.code)).toEqual(["user"]);
    // lazy-menu-list: menus only, and a menu whose children are all buttons has none to open.
    const menusOnly = (await get<MenuVO[]>("lazy-menu-list", { parentId: system.id })).body.data;
    expect(menusOnly.every((m) => m.category === 1)).toBe(true);
    expect(menusOnly.find((m) => m.code === "menu")!.hasChildren).toBe(false);
  });

  it("list answers the whole forest with buttons, menu-list without", async () => {
    const all = (await get<MenuVO[]>("list")).body.data;
    const system = all.find((m) => m.code === "system")!;
    const userPage = system.children!.find((m) => m.code === "user")!;
    expect(userPage.children!.map((b) => b.code)).toContain("user_add");
    const menus = (await get<MenuVO[]>("menu-list")).body.data;
    const userMenu = menus.find((m) => m.code === "system")!.children!.find((m) => m.code === "user")!;
    expect(userMenu.children).toBeUndefined();
  });

  it("creates a menu and a button below it, with the dictionary names in detail", async () => {
    const created = await submit({ name: "报表中心", code: "report_center", alias: "menu", path: "/report/center", source: "BarChartOutlined", sort: 7, category: 1 });
    expect(created.status).toBe(200);
    const menuId = created.body.data.id;
    expect(created.body.data).toMatchObject({ parentId: "0", action: 0, isOpen: 1, parentName: "顶级" });
    const button = await submit({ name: "导出", code: "report_center_export", alias: "export", path: "/report/center/export", sort: 1, category: 2, action: 1, parentId: menuId });
    expect(button.status).toBe(200);
    const detail = (await get<MenuVO>("detail", { id: button.body.data.id })).body.data;
    expect(detail).toMatchObject({ parentId: menuId, parentName: "报表中心", categoryName: "按钮", actionName: "工具栏", isOpenName: "否" });
    expect((await byCode("report_center")).hasChildren).toBe(true);
    // The new menu shows in the administrator's routes at once.
    const routes = (await get<{ code: string }[]>("routes")).body.data;
    expect(routes.map((r) => r.code)).toContain("report_center");
  });

  it("refuses what would break the tree, beside the field, and writes nothing", async () => {
    const parent = await submit({ name: "父菜单", code: "tree_parent", alias: "menu", path: "/tree/parent", sort: 1, category: 1 });
    const child = await submit({ name: "子菜单", code: "tree_child", alias: "menu", path: "/tree/child", sort: 1, category: 1, parentId: parent.body.data.id });
    const button = await submit({ name: "按钮", code: "tree_button", alias: "add", sort: 1, category: 2, action: 1, parentId: child.body.data.id });
    const refused = async (json: Record<string, unknown>, field: string, message: string) => {
      const r = await submit(json);
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.body).toMatchObject({ msg: message, data: [{ field, message }] });
    };
    await refused({ name: "无路径", code: "no_path", alias: "menu", sort: 1, category: 1 }, "path", "请输入路由地址");
    await refused({ name: "坏路径", code: "bad_path", alias: "menu", path: "javascript:alert(1)", sort: 1, category: 1 }, "path", "路由地址应以 / 开头，或是 http(s) 网址");
    await refused({ name: "坏图标", code: "bad_icon", alias: "menu", path: "/x", source: "<svg>", sort: 1, category: 1 }, "source", "菜单图标只能包含字母、数字、空格和 _ - . :");
    await refused({ name: "顶层按钮", code: "root_button", alias: "add", sort: 1, category: 2, action: 1 }, "parentId", "按钮必须挂在菜单下");
    await refused({ name: "无功能", code: "no_action", alias: "add", sort: 1, category: 2, parentId: child.body.data.id }, "action", "请选择按钮功能");
    await refused({ name: "按钮下", code: "under_button", alias: "menu", path: "/x", sort: 1, category: 1, parentId: button.body.data.id }, "parentId", "上级菜单不能是按钮");
    await refused({ name: "无父", code: "no_parent", alias: "menu", path: "/x", sort: 1, category: 1, parentId: "1234567890123" }, "parentId", "上级菜单不存在");
    await refused({ id: parent.body.data.id, parentId: child.body.data.id }, "parentId", "上级菜单不能是自身或其下级");
    await refused({ id: parent.body.data.id, parentId: parent.body.data.id }, "parentId", "上级菜单不能是自身或其下级");
    await refused({ id: child.body.data.id, category: 2, action: 1 }, "category", "该菜单下还有子菜单或按钮，不能改为按钮");
    await refused({ name: "重复", code: "tree_child", alias: "menu", path: "/x", sort: 1, category: 1 }, "code", "菜单编号已存在");
    expect((await byCode("tree_parent")).parentId).toBe("0");
    expect(await byCode("no_path")).toBeUndefined();
    // A move under another menu is allowed.
    const moved = await submit({ id: child.body.data.id, parentId: "0" });
    expect(moved.body.data).toMatchObject({ parentId: "0", parentName: "顶级" });
  });

  it("refuses to remove a menu while children or scopes remain, naming them", async () => {
    const parent = await submit({ name: "待删父", code: "rm_parent", alias: "menu", path: "/rm/parent", sort: 1, category: 1 });
    const button = await submit({ name: "待删按钮", code: "rm_button", alias: "add", sort: 1, category: 2, action: 1, parentId: parent.body.data.id });
    const refused = await remove(parent.body.data.id);
    expect(refused).toMatchObject({ status: 400, body: { msg: "请先删除子菜单或按钮：待删按钮" } });
    // Removing the parent with its children in one call is fine.
    expect((await remove(`${parent.body.data.id},${button.body.data.id}`)).status).toBe(200);
    expect(await byCode("rm_parent")).toBeUndefined();

    const owner = await submit({ name: "有权限", code: "rm_scoped", alias: "menu", path: "/rm/scoped", sort: 1, category: 1 });
    const scope = await api.request("/api/blade-system/api-scope/submit", {
      token: admin,
      json: { menuId: owner.body.data.id, scopeName: "接口", resourceCode: "rm_api", scopePath: "/rm/**", scopeType: 2 },
    });
    expect(scope.status).toBe(200);
    expect(await remove(owner.body.data.id)).toMatchObject({ status: 400, body: { msg: "请先删除该菜单的数据权限和接口权限（共1条）" } });
  });

  it("keeps a tenant's administrator to reading: menus are the platform's", async () => {
    await api.createTenant("300001");
    await api.createUser({ account: "tadmin", password: "Passw0rd!x", tenantId: "300001", roleAliases: ["admin"] });
    const tadmin = (await api.login("tadmin", "Passw0rd!x", { tenantId: "300001" })).access_token;
    expect((await get("lazy-list", { parentId: "0" }, tadmin)).status).toBe(200);
    const res = await api.request("/api/blade-system/menu/submit", { token: tadmin, json: { name: "越权", code: "tenant_menu", alias: "menu", path: "/x", sort: 1, category: 1 } });
    expect(res.status).toBe(403);
    const system = await byCode("system");
    const edit = await api.request("/api/blade-system/menu/submit", { token: tadmin, json: { id: system.id, name: "改名" } });
    expect(edit.status).toBe(403);
    expect((await byCode("system")).name).toBe("系统管理");
  });

  it("shows a tenant's administrator neither the platform's own menus nor any outside the tenant's package", async () => {
    const all = await api.db.select({ id: menu.id, code: menu.code }).from(menu);
    const id = (code: string) => all.find((m) => m.code === code)!.id;
    const read = async (token: string) => {
      const system = (await get<MenuVO[]>("lazy-list", { parentId: id("system") }, token)).body.data.map((m) => m.code);
      const forest = (await get<MenuVO[]>("list", {}, token)).body.data;
      const flat = (nodes: MenuVO[]): string[] => nodes.flatMap((n) => [n.code, ...flat(n.children ?? [])]);
      const page = (await get<{ total: number; records: MenuVO[] }>("page", { size: "200" }, token)).body.data;
      return { system, forest: flat(forest), page: page.records.map((m) => m.code), total: page.total };
    };
    const detail = async (code: string, token: string) => (await get<MenuVO>("detail", { id: id(code) }, token)).body;

    // Without a package: everything but the platform's own menus, which answer as missing ones.
    await api.createTenant("300002");
    await api.createUser({ account: "tadmin2", password: "Passw0rd!x", tenantId: "300002", roleAliases: ["admin"] });
    const plain = (await api.login("tadmin2", "Passw0rd!x", { tenantId: "300002" })).access_token;
    const whole = await read(plain);
    expect(whole.system).toEqual(expect.arrayContaining(["user", "menu", "dict"]));
    for (const seen of [whole.system, whole.forest, whole.page]) expect(seen).not.toEqual(expect.arrayContaining(["tenant"]));
    expect(whole.forest.filter((c) => c.startsWith("tenant"))).toEqual([]);
    expect((await get<MenuVO[]>("lazy-list", { name: "租户" }, plain)).body.data).toEqual([]);
    expect(await detail("tenant", plain)).toMatchObject({ code: 400, msg: "菜单不存在" });
    expect(await detail("tenantPackage_add", plain)).toMatchObject({ code: 400, msg: "菜单不存在" });
    expect((await detail("dict", plain)).data).toMatchObject({ code: "dict", parentName: "系统管理" });

    // With a package of the user and menu pages: those, their buttons and the path to them.
    const granted = all.filter((m) => m.code === "user" || m.code === "menu" || /^(user|menu)_/.test(m.code)).map((m) => m.id);
    const packageId = nextId();
    await api.db.insert(tenantPackage).values({ id: packageId, packageName: "用户与菜单", menuId: granted.join(",") });
    await api.db.update(tenant).set({ packageId }).where(eq(tenant.tenantId, "300002"));
    const packaged = await read(plain);
    expect(packaged.system.sort()).toEqual(["menu", "user"]);
    const allowed = new Set(["system", ...all.filter((m) => granted.includes(m.id)).map((m) => m.code)]);
    expect(packaged.forest.sort()).toEqual([...allowed].sort());
    expect(packaged.page.sort()).toEqual([...allowed].sort());
    expect(packaged.total).toBe(allowed.size);
    const roots = (await get<MenuVO[]>("lazy-list", { parentId: "0" }, plain)).body.data;
    expect(roots.map((r) => r.code)).toEqual(["system"]);
    expect(await detail("dict", plain)).toMatchObject({ code: 400, msg: "菜单不存在" });
    expect((await detail("menu_add", plain)).data).toMatchObject({ code: "menu_add", parentName: "菜单管理" });
    // The platform administrator still reads every menu.
    expect((await detail("tenant", admin)).data).toMatchObject({ code: "tenant" });
  });
});
