import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { menu, role, roleMenu, tenant, user } from "../db/schema";
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

  it("a disabled or expired tenant's sessions stop at their next request", async () => {
    const { token } = await signedInAdmin("tenanted");
    await t.db.update(tenant).set({ status: 0 }).where(eq(tenant.tenantId, "100041"));
    expect((await page(token)).status).toBe(401);
    await t.db.update(tenant).set({ status: 1, expireTime: "2000-01-01 00:00:00" }).where(eq(tenant.tenantId, "100041"));
    expect((await page(token)).status).toBe(401);
    await t.db.update(tenant).set({ expireTime: null }).where(eq(tenant.tenantId, "100041"));
    expect((await page(token)).status).toBe(200);
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
