import { availableParallelism } from "node:os";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PASSWORD_POLICY } from "../../../domain/validation/password-policy";
import { loginFailure, param } from "../../db/schema";
import { DEFAULT_POLICY, beginAttempt, isLocked } from "../../security/lockout";
import { md5Hex, withHashSlot } from "../../security/password";
import { removePasswordPolicy, savePasswordPolicy } from "../../security/password-policy";
import { nextId } from "../../db/ids";
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

  it("follows the password policy's threshold, not the retired account.failCount parameter", async () => {
    await t.db.insert(param).values({ id: nextId(), paramName: "登录失败次数上限", paramKey: "account.failCount", paramValue: "9" });
    await savePasswordPolicy(t.db, "000000", { ...DEFAULT_PASSWORD_POLICY, lockThreshold: 2 }, { userId: null, time: "2026-01-01 00:00:00" });
    try {
      await t.createUser({ account: "strict", password: "Right-pass1" });
      await grant("strict", "wrong");
      await grant("strict", "wrong");
      expect(await description(await grant("strict", "Right-pass1"))).toBe("登录错误次数过多,请稍后再试");
    } finally {
      await removePasswordPolicy(t.db, "000000");
      await t.db.delete(param).where(eq(param.paramKey, "account.failCount"));
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

describe("an overloaded server locks nobody out", () => {
  it("sign-ins refused with 429 because the hash queue is full do not count towards the lock", async () => {
    await t.createUser({ account: "crowded", password: "Right-pass1" });
    for (let i = 0; i < 4; i++) await grant("crowded", "wrong");
    // Every hash slot busy and the queue at its limit, until released.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = Array.from({ length: availableParallelism() + 64 }, () => withHashSlot(() => gate));
    try {
      for (let i = 0; i < 10; i++) {
        const res = await grant("crowded", "wrong");
        expect(res.status).toBe(429);
        expect(res.headers.get("Retry-After")).toMatch(/^\d+$/);
      }
    } finally {
      release();
      await Promise.all(held);
    }
    // The four real failures still count: one more locks, the right password still works now.
    expect((await grant("crowded", "Right-pass1")).status).toBe(200);
    const [row] = await t.db.select().from(loginFailure).where(eq(loginFailure.account, "crowded"));
    expect(row.failCount).toBe(0);
  });
});

describe("stale failure counters are swept by each tenant's own lock period", () => {
  let s: typeof t;
  beforeAll(async () => {
    s = await freshApp();
  });
  afterAll(() => s.close());

  it("a tenant with a short lock period does not erase the counters of a tenant with a long one", async () => {
    const by = { userId: null, time: "2024-01-01 00:00:00" };
    await s.createTenant("100061");
    await s.createTenant("100062");
    await savePasswordPolicy(s.db, "100061", { ...DEFAULT_PASSWORD_POLICY, lockMinutes: 5 }, by);
    await savePasswordPolicy(s.db, "100062", { ...DEFAULT_PASSWORD_POLICY, lockMinutes: 60 }, by);
    await s.createUser({ account: "quick", password: "Right-pass1", tenantId: "100061" });
    await s.createUser({ account: "slow", password: "Right-pass1", tenantId: "100062" });
    const tenantGrant = (tenantId: string, account: string, password: string) =>
      s.tokenRequest({ tenantId, username: account, password: md5Hex(password), grant_type: "password" }, { "Tenant-Id": tenantId });
    const counter = async (tenantId: string, account: string) =>
      (await s.db.select().from(loginFailure).where(and(eq(loginFailure.tenantId, tenantId), eq(loginFailure.account, account)))).length;

    await tenantGrant("100061", "ghost", "wrong");
    for (let i = 0; i < 4; i++) await tenantGrant("100062", "slow", "wrong");
    s.advanceTime(10 * 60_000);
    // A sign-in in the short-period tenant sweeps beside itself.
    await tenantGrant("100061", "quick", "Right-pass1");
    await expect.poll(() => counter("100061", "ghost"), { timeout: 15_000 }).toBe(0);
    // Ten minutes is well inside 100062's hour: its four failures stand, the fifth locks.
    expect(await counter("100062", "slow")).toBe(1);
    await tenantGrant("100062", "slow", "wrong");
    expect(await description(await tenantGrant("100062", "slow", "Right-pass1"))).toBe("登录错误次数过多,请稍后再试");

    s.advanceTime(61 * 60_000);
    await tenantGrant("100061", "quick", "Right-pass1");
    await expect.poll(() => counter("100062", "slow"), { timeout: 15_000 }).toBe(0);
  });
});
