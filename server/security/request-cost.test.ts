import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshApp, type TestApp } from "../test/fresh-app";

/**
 * What one list request costs the database: the caller (session, user, roles, grants, scopes) in
 * one statement, the page's rows with their total in one, every name beside the rows in one, and
 * the sign-in locks of their tenants in one (apart, so that an edit of a user keeps the names). An
 * embedded database answers repeated reads from memory until its next write.
 */
let t: TestApp;
let statements: string[];
let restore: () => void;
beforeAll(async () => {
  t = await freshApp();
  await t.createTenant("100081");
  for (let i = 0; i < 15; i++) await t.createUser({ account: `cost${i}`, password: "Passw0rd!x", tenantId: "100081", roleAliases: ["admin"] });
  const pglite = t.database.pglite!;
  const query = pglite.query.bind(pglite);
  statements = [];
  pglite.query = ((sql: string, ...rest: unknown[]) => {
    statements.push(sql);
    return (query as (...a: unknown[]) => unknown)(sql, ...rest);
  }) as typeof pglite.query;
  restore = () => (pglite.query = query);
});
afterAll(async () => {
  restore();
  await t.close();
});

const page = async (token: string, current = 1) => {
  statements.length = 0;
  const res = await t.request("/api/blade-user/page", { token, query: { current, size: 10 } });
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: { total: number; records: unknown[] } };
  return { total: data.total, rows: data.records.length, statements: statements.length };
};

describe("the cost of a list request", () => {
  it("a tenant administrator's user page: at most 4 statements cold, none when nothing changed", async () => {
    const token = (await t.login("cost0", "Passw0rd!x", { tenantId: "100081" })).access_token;
    const cold = await page(token);
    expect(cold).toMatchObject({ total: 15, rows: 10 });
    expect(cold.statements).toBeLessThanOrEqual(4);
    const warm = await page(token);
    expect(warm.statements).toBe(0);
    // Another page: only its rows are read (the total and the caller are still known).
    expect(await page(token, 2)).toMatchObject({ total: 15, rows: 5, statements: 1 });
  });

  it("any write makes the next read go to the database again, and see the change", async () => {
    const token = (await t.login("cost1", "Passw0rd!x", { tenantId: "100081" })).access_token;
    await page(token);
    await t.createUser({ account: "cost15", password: "Passw0rd!x", tenantId: "100081" });
    const after = await page(token);
    expect(after.total).toBe(16);
    expect(after.statements).toBeGreaterThan(0);
    expect(after.statements).toBeLessThanOrEqual(2);
  });

  it("another user's edit keeps the caller in memory; an edit of the caller's own account is seen at its next request", async () => {
    const me = (await t.login("cost2", "Passw0rd!x", { tenantId: "100081" })).access_token;
    const other = (await t.login("cost3", "Passw0rd!x", { tenantId: "100081" })).access_token;
    const callerReads = () => statements.filter((s) => s.includes("blade_auth_session")).length;
    await page(me);
    await page(other);
    const edit = (token: string, realName: string) => t.request("/api/blade-user/update-info", { token, json: { realName } });
    expect((await edit(other, "别人")).status).toBe(200);
    await page(me);
    expect(callerReads()).toBe(0);
    expect((await edit(me, "我自己")).status).toBe(200);
    statements.length = 0;
    const info = await t.request("/api/blade-user/info", { token: me });
    expect(callerReads()).toBe(1);
    expect(((await info.json()) as { data: { realName: string } }).data.realName).toBe("我自己");
  });
});
