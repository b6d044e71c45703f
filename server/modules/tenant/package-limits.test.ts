import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MenuNode } from "../../../domain/contract";
import { nextId } from "../../db/ids";
import { menu, role, roleMenu, user } from "../../db/schema";
import { freshApp, type TestApp } from "../../test/fresh-app";

let t: TestApp;
let admin: string;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await freshApp({ oauth: false });
  admin = (await t.loginAdmin()).access_token;
  for (const m of await t.db.select().from(menu)) ids[m.code] = m.id;
});
afterAll(() => t.close());

const post = async (path: string, json: unknown) => {
  const res = await t.request(`/api${path}`, { token: admin, json });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data as Record<string, string>;
};
const codesOf = (forest: MenuNode[]): string[] => forest.flatMap((n) => [n.code, ...codesOf(n.children ?? [])]);
const get = async (token: string, path: string, query?: Record<string, string>) => {
  const res = await t.request(`/api${path}`, { token, query });
  return { status: res.status, data: (await res.json()).data };
};

/** A package of the workbench, posts (the page with its add and view buttons) and roles (the page alone), and a tenant holding it. */
async function tenantWithPackage() {
  const pkg = await post("/blade-system/tenant-package/submit", {
    packageName: `岗位套餐${nextId().slice(-6)}`,
    menuId: [ids.workbench, ids.post_add, ids.post_view, ids.role].join(","),
  });
  const created = await post("/blade-system/tenant/submit", { tenantName: "套餐租户", linkman: "王五", contactNumber: "13900000000", packageId: pkg.id });
  const token = (await t.login("admin", created.adminPassword, { tenantId: created.tenantId })).access_token;
  return { pkg, tenantId: created.tenantId, token };
}

describe("a tenant's package", () => {
  it("stores the chosen menus with the menus above them, and refuses the platform's own", async () => {
    const pkg = await post("/blade-system/tenant-package/submit", { packageName: "按钮套餐", menuId: ids.post_add });
    expect(pkg.menuId.split(",").sort()).toEqual([ids.system, ids.post, ids.post_add].sort());
    const res = await t.request("/api/blade-system/tenant-package/submit", { token: admin, json: { packageName: "越权套餐", menuId: ids.tenant } });
    expect((await res.json()).data).toEqual([{ field: "menuId", message: "菜单不存在或不能分配给租户" }]);
    const tree = JSON.stringify((await get(admin, "/blade-system/tenant-package/menu-tree")).data);
    expect(tree).toContain(`"code":"post_add"`);
    expect(tree).not.toContain(`"code":"tenant`);
  });

  it("limits the routes, the buttons and the grant tree of the tenant's users to the package", async () => {
    const { tenantId, token } = await tenantWithPackage();
    expect(codesOf((await get(token, "/blade-system/menu/routes")).data).sort()).toEqual(["post", "role", "system", "workbench"]);
    expect(codesOf((await get(token, "/blade-system/menu/buttons")).data).sort()).toEqual(["post", "post_add", "post_view"]);
    const grant = JSON.stringify((await get(token, "/blade-system/menu/grant-tree")).data.menu);
    expect(grant).toContain(ids.post_add);
    expect(grant).not.toContain(ids.user);
    const detail = await get(admin, "/blade-system/tenant/package-detail", { tenantId });
    expect(detail.data).toMatchObject({ packageName: expect.stringContaining("岗位套餐") });
  });

  it("refuses a menu's API outside the package even to a role granted that menu", async () => {
    const { tenantId, token } = await tenantWithPackage();
    const [adminRole] = await t.db.select().from(role).where(and(eq(role.tenantId, tenantId), eq(role.roleAlias, "admin")));
    // The role says user management; the package does not.
    await t.db.insert(roleMenu).values(["user", "post_delete"].map((code) => ({ id: nextId(), roleId: adminRole.id, menuId: ids[code] })));
    expect((await get(token, "/blade-user/page")).status).toBe(403);
    // The same for a code a route checks only once it knows it needs it (someone else's bound accounts).
    const [other] = await t.db.select({ id: user.id }).from(user).where(and(eq(user.tenantId, tenantId), eq(user.account, "admin")));
    const helper = nextId();
    await t.db.insert(user).values({ id: helper, tenantId, account: "helper", name: "helper", realName: "助手", password: "x", roleId: adminRole.id, deptId: "" });
    expect(other.id).not.toBe(helper);
    expect((await get(token, "/blade-user/bindAccountList", { userId: helper })).status).toBe(403);
    expect((await get(token, "/blade-system/post/list")).status).toBe(200);
    const removed = await t.request("/api/blade-system/post/remove", { method: "POST", token, query: { ids: "1" } });
    expect(removed.status).toBe(403);
    expect(codesOf((await get(token, "/blade-system/menu/routes")).data)).not.toContain("user");
  });

  it("follows a change of package at the next request, and without a package every menu (but the platform's) is the tenant's", async () => {
    const { tenantId, token } = await tenantWithPackage();
    const [adminRole] = await t.db.select().from(role).where(and(eq(role.tenantId, tenantId), eq(role.roleAlias, "admin")));
    const every = await t.db.select().from(menu).where(inArray(menu.code, ["user", "dept"]));
    await t.db.insert(roleMenu).values(every.map((m) => ({ id: nextId(), roleId: adminRole.id, menuId: m.id })));
    expect((await get(token, "/blade-user/page")).status).toBe(403);
    await post("/blade-system/tenant/package-setting", { tenantId, packageId: "" });
    expect((await get(token, "/blade-user/page")).status).toBe(200);
    expect(codesOf((await get(token, "/blade-system/menu/routes")).data)).toEqual(expect.arrayContaining(["user", "dept", "post"]));
    expect((await get(admin, "/blade-system/tenant/package-detail", { tenantId })).data).toBeNull();
  });

  it("cannot be removed while a tenant holds it", async () => {
    const { pkg } = await tenantWithPackage();
    const res = await t.request("/api/blade-system/tenant-package/remove", { method: "POST", token: admin, query: { ids: pkg.id } });
    expect(res.status).toBe(400);
    expect((await res.json()).msg).toContain("使用");
  });
});
