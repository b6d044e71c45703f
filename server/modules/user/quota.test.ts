import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenant, user } from "../../db/schema";
import { freshApp, type TestApp } from "../../test/fresh-app";
import { MSG_QUOTA_FULL } from "../../kit/account-quota";

/* 授权配置's account number: a tenant holds at most that many accounts, however they are added. */
let t: TestApp;
let boss: string;
let roleId: string;
let deptId: string;
const TENANT = "500001";
const PASSWORD = "Passw0rd!x";

beforeAll(async () => {
  t = await freshApp();
  const created = await t.createTenant(TENANT, "额度公司");
  roleId = created.roleIds.user;
  deptId = created.rootDeptId;
  await t.createUser({ account: "boss", password: PASSWORD, tenantId: TENANT, roleAliases: ["admin"] });
  boss = (await t.login("boss", PASSWORD, { tenantId: TENANT })).access_token;
});
afterAll(() => t.close());

const submit = (account: string) =>
  t.request("/api/blade-user/submit", { token: boss, json: { account, realName: "员工", password: PASSWORD, password2: PASSWORD, roleId, deptId } });
const accounts = async () => (await t.db.select({ id: user.id }).from(user).where(eq(user.tenantId, TENANT))).length;

describe("the tenant's account quota", () => {
  it("refuses the account past the quota with BladeX's words, and adds nothing", async () => {
    const held = await accounts();
    await t.db.update(tenant).set({ accountNumber: held + 1 }).where(eq(tenant.tenantId, TENANT));
    expect((await submit("first")).status).toBe(200);
    const refused = await submit("second");
    expect(refused.status).toBe(400);
    expect((await refused.json()).msg).toBe(MSG_QUOTA_FULL);
    expect(await accounts()).toBe(held + 1);
  });

  it("lets two concurrent creations take only the one place left", async () => {
    const held = await accounts();
    await t.db.update(tenant).set({ accountNumber: held + 1 }).where(eq(tenant.tenantId, TENANT));
    const answers = await Promise.all([submit("race1"), submit("race2"), submit("race3")]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
    expect(await accounts()).toBe(held + 1);
  });

  it("does not limit a tenant whose account number is not positive", async () => {
    await t.db.update(tenant).set({ accountNumber: -1 }).where(eq(tenant.tenantId, TENANT));
    expect((await submit("unlimited")).status).toBe(200);
  });
});
