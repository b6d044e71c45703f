import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextId } from "../db/ids";
import { dept, menu, role, roleMenu, roleScope, scopeData, tenant, user } from "../db/schema";
import { formatDateTime } from "../db/time";
import { freshApp, type TestApp } from "../test/fresh-app";

/**
 * Tokens name a session, nothing more: roles, departments, the account's status and the grants of
 * its roles are read at every request, so a change takes effect at the very next one.
 */
let t: TestApp;
let admin: string;
let roles: Record<string, string>;
beforeAll(async () => {
  t = await freshApp();
  admin = (await t.loginAdmin()).access_token;
  ({ roleIds: roles } = await t.createTenant("100041"));
  // A second administrator, so that demoting the one under test leaves the tenant administered.
  await t.createUser({ account: "keeper", password: "Passw0rd!x", tenantId: "100041", roleAliases: ["admin"] });
});
afterAll(() => t.close());

const page = (token: string) => t.request("/api/blade-user/page", { token });

async function signedInAdmin(account: string) {
  const { id } = await t.createUser({ account, password: "Passw0rd!x", tenantId: "100041", roleAliases: ["admin"] });
  const token = (await t.login(account, "Passw0rd!x", { tenantId: "100041" })).access_token;
  expect((await page(token)).status).toBe(200);
  return { id, token };
}

describe("permissions follow the database", () => {
  it("a demoted administrator loses its powers at its next request, with the same token", async () => {
    const { id, token } = await signedInAdmin("demoted");
    const before = await t.request("/api/blade-user/detail", { token: admin, query: { id } });
    const detail = ((await before.json()) as { data: Record<string, unknown> }).data;
    const res = await t.request("/api/blade-user/update", { token: admin, json: { ...detail, roleId: roles.user } });
    expect(((await res.json()) as { msg: string }).msg).toBe("操作成功");
    expect((await page(token)).status).toBe(403);
    const create = await t.request("/api/blade-user/submit", {
      token,
      json: { account: "escalated", name: "x", realName: "张三", roleId: roles.admin, deptId: "", tenantId: "100041", password: "Passw0rd!x", password2: "Passw0rd!x" },
    });
    expect(create.status).toBe(403);
    // Still signed in: pages open to every user work.
    expect((await t.request("/api/blade-user/info", { token })).status).toBe(200);
  });

  it("a role that loses a grant loses it for its users at once", async () => {
    const { token } = await signedInAdmin("granted");
    const [userMenu] = await t.db.select({ id: menu.id }).from(menu).where(eq(menu.code, "user"));
    await t.db.delete(roleMenu).where(and(eq(roleMenu.roleId, roles.admin), eq(roleMenu.menuId, userMenu.id)));
    try {
      expect((await page(token)).status).toBe(403);
    } finally {
      await t.db.insert(roleMenu).values({ id: `${Date.now()}1`, roleId: roles.admin, menuId: userMenu.id });
    }
    expect((await page(token)).status).toBe(200);
  });

  it("a deleted role grants nothing", async () => {
    const { token } = await signedInAdmin("orphaned");
    await t.db.update(role).set({ isDeleted: 1 }).where(eq(role.id, roles.admin));
    try {
      expect((await page(token)).status).toBe(403);
    } finally {
      await t.db.update(role).set({ isDeleted: 0 }).where(eq(role.id, roles.admin));
    }
  });

  it("a disabled or deleted account is signed out at its next request", async () => {
    const a = await signedInAdmin("disabled");
    await t.db.update(user).set({ status: 0 }).where(eq(user.id, a.id));
    expect((await page(a.token)).status).toBe(401);
    const b = await signedInAdmin("deleted");
    await t.db.update(user).set({ isDeleted: 1 }).where(eq(user.id, b.id));
    expect((await page(b.token)).status).toBe(401);
  });

  it("a disabled or expired tenant's sessions stop at their next request, and stay ended", async () => {
    const { token } = await signedInAdmin("tenanted");
    await t.db.update(tenant).set({ status: 0 }).where(eq(tenant.tenantId, "100041"));
    expect((await page(token)).status).toBe(401);
    await t.db.update(tenant).set({ status: 1 }).where(eq(tenant.tenantId, "100041"));
    // The refusal ended the tenant's sessions in the database: enabling it again revives none.
    expect((await page(token)).status).toBe(401);
    const again = (await t.login("tenanted", "Passw0rd!x", { tenantId: "100041" })).access_token;
    await t.db.update(tenant).set({ expireTime: "2000-01-01 00:00:00" }).where(eq(tenant.tenantId, "100041"));
    expect((await page(again)).status).toBe(401);
    await t.db.update(tenant).set({ expireTime: null }).where(eq(tenant.tenantId, "100041"));
    expect((await page(again)).status).toBe(401);
    expect((await page((await t.login("tenanted", "Passw0rd!x", { tenantId: "100041" })).access_token)).status).toBe(200);
  });

  it("a user moved to another department sees that department's rows at its next request, with the same token", async () => {
    // A role that manages users but sees only its own department's (所在机构可见, by the users' dept_id).
    const now = formatDateTime(new Date());
    const [sales, support, manager, scope] = [nextId(), nextId(), nextId(), nextId()];
    await t.db.insert(dept).values([
      { id: sales, tenantId: "100041", deptName: "销售部", createTime: now },
      { id: support, tenantId: "100041", deptName: "客服部", createTime: now },
    ]);
    await t.db.insert(role).values({ id: manager, tenantId: "100041", roleName: "经理", roleAlias: "manager", createTime: now });
    const menus = await t.db.select({ id: menu.id, code: menu.code }).from(menu);
    await t.db.insert(roleMenu).values(menus.filter((m) => m.code.startsWith("user")).map((m) => ({ id: nextId(), roleId: manager, menuId: m.id })));
    await t.db.insert(scopeData).values({ id: scope, menuId: menus.find((m) => m.code === "user")!.id, scopeName: "本部门", scopeType: 3, scopeColumn: "dept_id" });
    await t.db.insert(roleScope).values({ id: nextId(), scopeCategory: 1, scopeId: scope, roleId: manager });
    await t.createUser({ account: "seller", password: "Passw0rd!x", tenantId: "100041", deptId: sales });
    await t.createUser({ account: "helper", password: "Passw0rd!x", tenantId: "100041", deptId: support });
    const { id } = await t.createUser({ account: "mover", password: "Passw0rd!x", tenantId: "100041", roleAliases: ["manager"], deptId: sales });
    // Signed in with its department chosen (the top bar's switch): a choice the move invalidates.
    const token = (await t.login("mover", "Passw0rd!x", { tenantId: "100041", headers: { "Dept-Id": sales } })).access_token;
    const visible = async () => {
      const res = await t.request("/api/blade-user/page", { token, query: { size: 100 } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { records: { account: string }[] } }).data.records.map((r) => r.account).sort();
    };
    expect(await visible()).toEqual(["mover", "seller"]);

    const keeper = (await t.login("keeper", "Passw0rd!x", { tenantId: "100041" })).access_token;
    const detail = ((await (await t.request("/api/blade-user/detail", { token: keeper, query: { id } })).json()) as { data: Record<string, unknown> }).data;
    const res = await t.request("/api/blade-user/update", { token: keeper, json: { ...detail, deptId: support } });
    expect(((await res.json()) as { msg: string }).msg).toBe("操作成功");
    expect(await visible()).toEqual(["helper", "mover"]);
    // Its old department's rows are out of reach, in the detail as in the list.
    const [seller] = await t.db.select({ id: user.id }).from(user).where(and(eq(user.tenantId, "100041"), eq(user.account, "seller")));
    expect((await t.request("/api/blade-user/detail", { token, query: { id: seller.id } })).status).toBe(400);
  });

  it("checks the session, the user and the permission in one statement", async () => {
    const { token } = await signedInAdmin("counted");
    const pglite = t.database.pglite!;
    const statements: string[] = [];
    const query = pglite.query.bind(pglite);
    pglite.query = ((sql: string, ...rest: unknown[]) => {
      statements.push(sql);
      return (query as (...a: unknown[]) => unknown)(sql, ...rest);
    }) as typeof pglite.query;
    try {
      expect((await t.request("/api/blade-user/info", { token })).status).toBe(200);
      const authStatements = statements.filter((s) => s.includes("blade_auth_session"));
      expect(authStatements).toHaveLength(1);
    } finally {
      pglite.query = query;
    }
  });
});
