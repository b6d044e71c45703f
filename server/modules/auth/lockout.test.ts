import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { param } from "../../db/schema";
import { DEFAULT_POLICY, beginAttempt, isLocked } from "../../security/lockout";
import { md5Hex } from "../../security/password";
import { freshApp, type TestApp } from "../../test/fresh-app";

let t: TestApp;
beforeAll(async () => {
  t = await freshApp();
});
afterAll(() => t.close());

const grant = (account: string, password: string) =>
  t.tokenRequest({ tenantId: "000000", username: account, password: md5Hex(password), grant_type: "password" });
const description = async (res: Response) => ((await res.json()) as { error_description: string }).error_description;

describe("login lockout", () => {
  it("locks after 5 failures: the 6th attempt is refused even with the right password", async () => {
    await t.createUser({ account: "victim", password: "Right-pass1" });
    for (let i = 0; i < 5; i++) expect(await description(await grant("victim", "wrong"))).toBe("用户名或密码错误");
    const sixth = await grant("victim", "Right-pass1");
    expect(sixth.status).toBe(400);
    expect(await sixth.json()).toEqual({ error: "invalid_grant", error_description: "登录错误次数过多,请稍后再试" });
  });

  it("unlocks once the lock period has passed", async () => {
    await t.createUser({ account: "patient", password: "Right-pass1" });
    for (let i = 0; i < 5; i++) await grant("patient", "wrong");
    t.advanceTime(29 * 60_000);
    expect(await description(await grant("patient", "Right-pass1"))).toBe("登录错误次数过多,请稍后再试");
    t.advanceTime(60_000 + 1000);
    expect((await grant("patient", "Right-pass1")).status).toBe(200);
    t.advanceTime(-(30 * 60_000 + 1000));
  });

  it("a success clears the counter", async () => {
    await t.createUser({ account: "forgetful", password: "Right-pass1" });
    for (let i = 0; i < 4; i++) await grant("forgetful", "wrong");
    expect((await grant("forgetful", "Right-pass1")).status).toBe(200);
    for (let i = 0; i < 4; i++) await grant("forgetful", "wrong");
    expect((await grant("forgetful", "Right-pass1")).status).toBe(200);
  });

  it("follows the account.failCount parameter", async () => {
    await t.db.update(param).set({ paramValue: "2" }).where(and(eq(param.paramKey, "account.failCount")));
    try {
      await t.createUser({ account: "strict", password: "Right-pass1" });
      await grant("strict", "wrong");
      await grant("strict", "wrong");
      expect(await description(await grant("strict", "Right-pass1"))).toBe("登录错误次数过多,请稍后再试");
    } finally {
      await t.db.update(param).set({ paramValue: "5" }).where(eq(param.paramKey, "account.failCount"));
    }
  });

  it("counting restarts when the last failure is older than the lock period (no lock)", async () => {
    const now = Date.now();
    for (let i = 0; i < 4; i++) await beginAttempt(t.db, "000000", "slow", now, DEFAULT_POLICY);
    await beginAttempt(t.db, "000000", "slow", now + DEFAULT_POLICY.lockMs + 1, DEFAULT_POLICY);
    expect(await isLocked(t.db, "000000", "slow", now + DEFAULT_POLICY.lockMs + 2)).toBe(false);
    for (let i = 0; i < 3; i++) await beginAttempt(t.db, "000000", "slow", now + DEFAULT_POLICY.lockMs + 3, DEFAULT_POLICY);
    expect(await isLocked(t.db, "000000", "slow", now + DEFAULT_POLICY.lockMs + 4)).toBe(false);
    await beginAttempt(t.db, "000000", "slow", now + DEFAULT_POLICY.lockMs + 5, DEFAULT_POLICY);
    expect(await isLocked(t.db, "000000", "slow", now + DEFAULT_POLICY.lockMs + 6)).toBe(true);
  });

  it("locks per tenant and account: other accounts still sign in", async () => {
    await t.createUser({ account: "bystander", password: "Right-pass1" });
    for (let i = 0; i < 5; i++) await grant("target", "wrong");
    expect((await grant("bystander", "Right-pass1")).status).toBe(200);
  });
});
