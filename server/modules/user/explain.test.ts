import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextId } from "../../db/ids";
import { menu, role, roleMenu, roleScope, scopeData, tenant, tenantPackage, user } from "../../db/schema";
import { freshApp, type TestApp } from "../../test/fresh-app";
import type { Explanation } from "./explain";

/*
 * The permission explainer answers with the verdict the server enforces: every case below is
 * checked against what the explained user actually gets when they call the API themselves.
 */
let t: TestApp;
let admin: string;
const TENANT = "600001";
const PASSWORD = "Passw0rd!x";
const ids: Record<string, string> = {};
let clerkRole: string;
let clerk: string;
let clerkToken: string;
let rootDept: string;

beforeAll(async () => {
  t = await freshApp();
  admin = (await t.loginAdmin()).access_token;
  for (const m of await t.db.select().from(menu)) ids[m.code] = m.id;
  const created = await t.createTenant(TENANT, "解释公司");
  rootDept = created.rootDeptId;
  clerkRole = nextId();
  await t.db.insert(role).values({ id: clerkRole, tenantId: TENANT, roleName: "文员", roleAlias: "clerk" });
  await t.db.insert(roleMenu).values(["system", "user", "post"].map((code) => ({ id: nextId(), roleId: clerkRole, menuId: ids[code] })));
  clerk = (await t.createUser({ account: "clerk", password: PASSWORD, tenantId: TENANT, roleAliases: ["clerk"], deptId: rootDept })).id;
  clerkToken = (await t.login("clerk", PASSWORD, { tenantId: TENANT })).access_token;
});
afterAll(() => t.close());

const explain = async (query: Record<string, string>) => {
  const res = await t.request("/api/blade-user/permission-explain", { token: admin, query });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data as Explanation;
};
const step = (e: Explanation, key: string) => e.steps.find((s) => s.key === key);
const status = async (path: string) => (await t.request(`/api${path}`, { token: clerkToken })).status;

describe("GET /blade-user/permission-explain", () => {
  it("names the role that grants a menu, and agrees with the API", async () => {
    const e = await explain({ userId: clerk, code: "post" });
    expect(e.granted).toBe(true);
    expect(step(e, "grant")).toMatchObject({ ok: true, text: expect.stringContaining("文员") });
    expect(await status("/blade-system/post/list")).toBe(200);
  });

  it("says no role grants a button, and agrees with the API", async () => {
    const e = await explain({ userId: clerk, code: "post_delete" });
    expect(e.granted).toBe(false);
    expect(step(e, "grant")).toMatchObject({ ok: false });
    const res = await t.request("/api/blade-system/post/remove", { method: "POST", token: clerkToken, query: { ids: "1" } });
    expect(res.status).toBe(403);
  });

  it("blames the tenant package when the role grants what the package leaves out", async () => {
    const pkg = nextId();
    await t.db.insert(tenantPackage).values({ id: pkg, packageName: "仅岗位", menuId: [ids.system, ids.post].join(",") });
    await t.db.update(tenant).set({ packageId: pkg }).where(eq(tenant.tenantId, TENANT));
    try {
      const e = await explain({ userId: clerk, code: "user" });
      expect(e.granted).toBe(false);
      expect(step(e, "grant")).toMatchObject({ ok: true });
      expect(step(e, "package")).toMatchObject({ ok: false });
      expect(await status("/blade-user/page")).toBe(403);
    } finally {
      await t.db.update(tenant).set({ packageId: null }).where(eq(tenant.tenantId, TENANT));
    }
  });

  it("shows the data scope of the page and whether a row is within it", async () => {
    const scope = nextId();
    await t.db.insert(scopeData).values({ id: scope, menuId: ids.user, resourceCode: "user_own", scopeName: "本人", scopeColumn: "id", scopeType: 2, scopeValue: "" });
    await t.db.insert(roleScope).values({ id: nextId(), roleId: clerkRole, scopeId: scope, scopeCategory: 1 });
    const other = (await t.createUser({ account: "other", password: PASSWORD, tenantId: TENANT, deptId: rootDept })).id;
    const own = await explain({ userId: clerk, code: "user", rowId: clerk });
    expect(step(own, "dataScope")?.text).toContain("本人可见");
    expect(step(own, "row")).toMatchObject({ ok: true });
    const theirs = await explain({ userId: clerk, code: "user", rowId: other });
    expect(step(theirs, "row")).toMatchObject({ ok: false });
    const seen = (await (await t.request("/api/blade-user/page", { token: clerkToken, query: { size: 200 } })).json()).data.records.map((u: { id: string }) => u.id);
    expect(seen).toContain(clerk);
    expect(seen).not.toContain(other);
  });

  it("stops at a disabled account", async () => {
    await t.db.update(user).set({ status: 0 }).where(and(eq(user.id, clerk)));
    try {
      const e = await explain({ userId: clerk, code: "post" });
      expect(e).toMatchObject({ granted: false, steps: [{ key: "account", ok: false, text: "该账号已被禁用,请联系管理员" }] });
    } finally {
      await t.db.update(user).set({ status: 1 }).where(eq(user.id, clerk));
    }
  });

  it("refuses a caller without the users page, and a user of another tenant for a tenant administrator", async () => {
    expect((await t.request("/api/blade-user/permission-explain", { token: clerkToken, query: { userId: clerk, code: "post" } })).status).toBe(200);
    await t.createUser({ account: "plainexp", password: PASSWORD });
    const plain = (await t.login("plainexp", PASSWORD)).access_token;
    expect((await t.request("/api/blade-user/permission-explain", { token: plain, query: { userId: clerk, code: "post" } })).status).toBe(403);
    const [adminUser] = await t.db.select({ id: user.id }).from(user).where(and(eq(user.tenantId, "000000"), eq(user.account, "admin")));
    const foreign = await t.request("/api/blade-user/permission-explain", { token: clerkToken, query: { userId: adminUser.id, code: "post" } });
    expect((await foreign.json()).msg).toBe("用户不存在");
  });
});
