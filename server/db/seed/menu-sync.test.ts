import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshApp, type TestApp } from "../../test/fresh-app";
import { menu, role, roleMenu, tenant, tenantPackage } from "../schema";
import { nextId } from "../ids";
import { seedIfFirstStart } from "./index";

/* A database seeded by an earlier version: some of today's menus and buttons are missing. */
let t: TestApp;
beforeAll(async () => {
  t = await freshApp();
});
afterAll(() => t.close());

const codes = async (pattern: string) => (await t.db.select({ code: menu.code }).from(menu).where(like(menu.code, pattern))).map((m) => m.code).sort();

describe("menus added since a database was seeded", () => {
  it("are added under their parent at the next start and granted to the administrator, whose menu shows them", async () => {
    const before = await codes("post%");
    expect(before).toContain("post_add");
    // As an older version left it: no 岗位管理 page and no button of it.
    const old = await t.db.select({ id: menu.id }).from(menu).where(like(menu.code, "post%"));
    await t.db.delete(roleMenu).where(inArray(roleMenu.menuId, old.map((m) => m.id)));
    await t.db.delete(menu).where(like(menu.code, "post%"));

    expect(await seedIfFirstStart(t.db)).toEqual({ seeded: false });
    expect(await codes("post%")).toEqual(before);
    const [page] = await t.db.select().from(menu).where(eq(menu.code, "post"));
    const [parent] = await t.db.select().from(menu).where(eq(menu.id, page.parentId));
    expect(parent.code).toBe("system");
    const [button] = await t.db.select().from(menu).where(eq(menu.code, "post_add"));
    expect(button.parentId).toBe(page.id);
    const [administrator] = await t.db.select({ id: role.id }).from(role).where(and(eq(role.tenantId, "000000"), eq(role.roleAlias, "administrator")));
    const granted = await t.db.select().from(roleMenu).where(and(eq(roleMenu.roleId, administrator.id), eq(roleMenu.menuId, button.id)));
    expect(granted).toHaveLength(1);
    const admin = (await t.loginAdmin()).access_token;
    const routes = await (await t.request("/api/blade-system/menu/routes", { token: admin })).json();
    expect(JSON.stringify(routes.data)).toContain("/system/post");
  });

  it("leave a menu an operator deleted deleted, and add nothing twice", async () => {
    await t.db.update(menu).set({ isDeleted: 1 }).where(eq(menu.code, "post_view"));
    const count = (await t.db.select({ id: menu.id }).from(menu)).length;
    await seedIfFirstStart(t.db);
    await seedIfFirstStart(t.db);
    expect((await t.db.select({ id: menu.id }).from(menu)).length).toBe(count);
    const [kept] = await t.db.select().from(menu).where(eq(menu.code, "post_view"));
    expect(kept.isDeleted).toBe(1);
  });
});

describe("a button added since a database was seeded, on a page tenants already had", () => {
  it("is granted to every role holding the page and added to every package holding it, so tenants keep the capability", async () => {
    const { roleIds } = await t.createTenant("100051");
    const [page] = await t.db.select({ id: menu.id }).from(menu).where(eq(menu.code, "user"));
    const [other] = await t.db.select({ id: menu.id }).from(menu).where(eq(menu.code, "workbench"));
    const withPage = nextId();
    const without = nextId();
    await t.db.insert(tenantPackage).values([
      { id: withPage, packageName: "含用户管理", menuId: `${other.id},${page.id}` },
      { id: without, packageName: "仅工作台", menuId: other.id },
    ]);
    await t.db.update(tenant).set({ packageId: withPage }).where(eq(tenant.tenantId, "100051"));
    await t.createUser({ account: "tadmin", password: "Passw0rd!x", tenantId: "100051", roleAliases: ["admin"] });
    const { id: locked } = await t.createUser({ account: "tlocked", password: "Passw0rd!x", tenantId: "100051" });
    // As an older version left it: the page and its roles, but no 账号解封 button anywhere.
    const [button] = await t.db.select({ id: menu.id }).from(menu).where(eq(menu.code, "user_unlock"));
    await t.db.delete(roleMenu).where(eq(roleMenu.menuId, button.id));
    await t.db.delete(menu).where(eq(menu.id, button.id));

    await seedIfFirstStart(t.db);

    const [added] = await t.db.select({ id: menu.id, parentId: menu.parentId }).from(menu).where(eq(menu.code, "user_unlock"));
    expect(added.parentId).toBe(page.id);
    const holders = (await t.db.select({ roleId: roleMenu.roleId }).from(roleMenu).where(eq(roleMenu.menuId, added.id))).map((r) => r.roleId);
    expect(holders).toContain(roleIds.admin);
    // 普通用户 never held 用户管理: it gains nothing.
    expect(holders).not.toContain(roleIds.user);
    const packages = new Map((await t.db.select().from(tenantPackage).where(inArray(tenantPackage.id, [withPage, without]))).map((p) => [p.id, p.menuId]));
    expect(packages.get(withPage)!.split(",")).toContain(added.id);
    expect(packages.get(without)).toBe(other.id);

    // What the tenant's administrator notices: the new check lets it do what it did before.
    const token = (await t.login("tadmin", "Passw0rd!x", { tenantId: "100051" })).access_token;
    const res = await t.request("/api/blade-user/unlock", { method: "POST", token, query: { userIds: locked } });
    expect(res.status).toBe(200);
  });

  it("reaches role 普通用户 only when it is one of the buttons that role is meant to hold", async () => {
    const { roleIds } = await t.createTenant("100053");
    // 普通用户 holds 审批管理 (to decide its own directories' requests): as an older version left it,
    // without 通过 and 查看 anywhere.
    const gone = await t.db.select({ id: menu.id, code: menu.code }).from(menu).where(inArray(menu.code, ["approvalManagement_approve", "approvalManagement_view"]));
    await t.db.delete(roleMenu).where(inArray(roleMenu.menuId, gone.map((m) => m.id)));
    await t.db.delete(menu).where(inArray(menu.id, gone.map((m) => m.id)));

    await seedIfFirstStart(t.db);

    const added = await t.db.select({ id: menu.id, code: menu.code }).from(menu).where(inArray(menu.code, ["approvalManagement_approve", "approvalManagement_view"]));
    const holdersOf = async (code: string) =>
      (await t.db.select({ roleId: roleMenu.roleId }).from(roleMenu).where(eq(roleMenu.menuId, added.find((m) => m.code === code)!.id))).map((r) => r.roleId);
    expect(await holdersOf("approvalManagement_approve")).toContain(roleIds.admin);
    expect(await holdersOf("approvalManagement_approve")).not.toContain(roleIds.user);
    expect(await holdersOf("approvalManagement_view")).toContain(roleIds.user);
  });
});

describe("the resource centre on a database seeded before it", () => {
  /** The resource centre's rows: the group, its pages and their buttons. */
  const resourceCentre = async () => {
    const [group] = await t.db.select({ id: menu.id }).from(menu).where(eq(menu.code, "resourceCenter"));
    const pages = await t.db.select({ id: menu.id }).from(menu).where(eq(menu.parentId, group.id));
    const buttons = await t.db.select({ id: menu.id }).from(menu).where(inArray(menu.parentId, pages.map((p) => p.id)));
    return [group, ...pages, ...buttons].map((m) => m.id);
  };
  const heldCodes = async (roleId: string) =>
    (await t.db.select({ code: menu.code }).from(roleMenu).innerJoin(menu, eq(menu.id, roleMenu.menuId)).where(and(eq(roleMenu.roleId, roleId), inArray(menu.id, await resourceCentre()))))
      .map((m) => m.code)
      .sort();
  const userRole = async (tenantId: string) => (await t.db.select({ id: role.id }).from(role).where(and(eq(role.tenantId, tenantId), eq(role.roleAlias, "user"))))[0].id;

  it("gives role 普通用户 of every tenant the pages and buttons a new install gives it, so its users open 我的应用 — once", async () => {
    await t.createTenant("100052");
    const platformUser = await userRole("000000");
    const tenantUser = await userRole("100052");
    // What a new install gives the role, whatever userRoleMenus names today.
    const expected = await heldCodes(platformUser);
    expect(expected).toEqual(expect.arrayContaining(["resourceCenter", "myApplication", "myResources", "resourceApplication_apply"]));
    await t.createUser({ account: "olduser", password: "Passw0rd!x", roleAliases: ["user"] });
    await t.createUser({ account: "olduser", password: "Passw0rd!x", tenantId: "100052", roleAliases: ["user"] });
    // As a version older than the resource centre left the database: none of its menus, no grant of them.
    const old = await resourceCentre();
    await t.db.delete(roleMenu).where(inArray(roleMenu.menuId, old));
    await t.db.delete(menu).where(inArray(menu.id, old));

    await seedIfFirstStart(t.db);

    expect(await heldCodes(platformUser)).toEqual(expected);
    expect(await heldCodes(tenantUser)).toEqual(expected);
    for (const tenantId of ["000000", "100052"]) {
      const token = (await t.login("olduser", "Passw0rd!x", { tenantId })).access_token;
      const routes = await (await t.request("/api/blade-system/menu/routes", { token })).json();
      expect(JSON.stringify(routes.data)).toContain("/resourceCenter/myApplication");
      const mine = await (await t.request("/api/authentication/myApplication/list", { token })).json();
      expect(mine.code).toBe(200);
    }

    // Once: an operator who takes a page away from the role is not overridden at the next start.
    const [page] = await t.db.select({ id: menu.id }).from(menu).where(eq(menu.code, "myResources"));
    await t.db.delete(roleMenu).where(and(eq(roleMenu.roleId, platformUser), eq(roleMenu.menuId, page.id)));
    await seedIfFirstStart(t.db);
    expect(await heldCodes(platformUser)).not.toContain("myResources");
    const token = (await t.login("olduser", "Passw0rd!x")).access_token;
    const routes = await (await t.request("/api/blade-system/menu/routes", { token })).json();
    expect(JSON.stringify(routes.data)).not.toContain("/resourceCenter/myResources");
    expect(JSON.stringify(routes.data)).toContain("/resourceCenter/myApplication");
  });
});
