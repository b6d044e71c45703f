import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, loginFailure, user } from "../db/schema";
import { md5Hex } from "./password";
import { RATE_RULES } from "./rate-limit";
import { freshApp, type TestApp } from "../test/fresh-app";

const MSG_LOCKED = "登录错误次数过多,请稍后再试";
const MSG_BAD = "用户名或密码错误";

let t: TestApp;
beforeAll(async () => {
  t = await freshApp();
});
afterAll(() => t.close());

const grant = (account: string, password: string, tenantId = "000000") =>
  t.tokenRequest({ tenantId, username: account, password: md5Hex(password), grant_type: "password" });
const outcome = async (res: Response) =>
  res.status === 200 ? "ok" : ((await res.json()) as { error_description: string }).error_description;

describe("the lockout under concurrency", () => {
  it("30 concurrent wrong passwords: exactly 5 are checked, the rest are refused as locked", async () => {
    await t.createUser({ account: "raced", password: "Right-pass1" });
    const answers = await Promise.all(Array.from({ length: 30 }, () => grant("raced", "wrong").then(outcome)));
    expect(answers.filter((a) => a === MSG_BAD)).toHaveLength(5);
    expect(answers.filter((a) => a === MSG_LOCKED)).toHaveLength(25);
    expect(await outcome(await grant("raced", "Right-pass1"))).toBe(MSG_LOCKED);
  });

  it("the right password at position 10 of 30 concurrent tries gets nothing and erases nothing", async () => {
    await t.createUser({ account: "raced2", password: "Right-pass1" });
    const tries = Array.from({ length: 30 }, (_, i) => (i === 9 ? "Right-pass1" : "wrong"));
    const answers = await Promise.all(tries.map((pw) => grant("raced2", pw).then(outcome)));
    expect(answers).not.toContain("ok");
    expect(answers.filter((a) => a === MSG_BAD)).toHaveLength(5);
    expect(await outcome(await grant("raced2", "Right-pass1"))).toBe(MSG_LOCKED);
  });

  it("a success among racing failures gives back only its own attempt", async () => {
    await t.createUser({ account: "raced3", password: "Right-pass1" });
    // One right and four wrong at once: whatever the order, the four failures stay counted.
    const answers = await Promise.all(["Right-pass1", "wrong", "wrong", "wrong", "wrong"].map((pw) => grant("raced3", pw).then(outcome)));
    expect(answers.filter((a) => a === "ok")).toHaveLength(1);
    const [row] = await t.db.select().from(loginFailure).where(eq(loginFailure.account, "raced3"));
    expect(row.failCount).toBeGreaterThanOrEqual(0);
    expect(row.failCount).toBeLessThanOrEqual(4);
    // Sequentially afterwards, the account locks after at most 5 - counted further failures.
    let wrongBeforeLock = 0;
    while ((await outcome(await grant("raced3", "wrong"))) === MSG_BAD) wrongBeforeLock++;
    expect(wrongBeforeLock).toBe(5 - row.failCount);
  });

  it("refused attempts neither count nor extend the lock", async () => {
    await t.createUser({ account: "patient2", password: "Right-pass1" });
    for (let i = 0; i < 5; i++) await grant("patient2", "wrong");
    t.advanceTime(20 * 60_000);
    for (let i = 0; i < 10; i++) expect(await outcome(await grant("patient2", "wrong"))).toBe(MSG_LOCKED);
    t.advanceTime(10 * 60_000 + 1000);
    expect(await outcome(await grant("patient2", "Right-pass1"))).toBe("ok");
    t.advanceTime(-(30 * 60_000 + 1000));
  });
});

describe("refresh rotation under concurrency", () => {
  it("20 concurrent refreshes with one token: exactly one wins, the replays end the session", async () => {
    const first = await t.loginAdmin();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.tokenRequest({ grant_type: "refresh_token", refresh_token: first.refresh_token, tenantId: "000000" }, { "Tenant-Id": "000000" }),
      ),
    );
    const winners = answers.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    const { access_token, refresh_token } = (await winners[0].json()) as { access_token: string; refresh_token: string };
    // A replay is a stolen or duplicated token: the whole session ends, the winner's tokens too.
    expect((await t.request("/api/blade-user/info", { token: access_token })).status).toBe(401);
    const next = await t.tokenRequest({ grant_type: "refresh_token", refresh_token, tenantId: "000000" }, { "Tenant-Id": "000000" });
    expect(next.status).toBe(400);
  });
});

describe("locking ends sessions; unlock ends the lock", () => {
  it("the fifth failure ends the account's live sessions", async () => {
    await t.createUser({ account: "victim2", password: "Right-pass1" });
    const { access_token } = await t.login("victim2", "Right-pass1");
    expect((await t.request("/api/blade-user/info", { token: access_token })).status).toBe(200);
    for (let i = 0; i < 4; i++) await grant("victim2", "wrong");
    expect((await t.request("/api/blade-user/info", { token: access_token })).status).toBe(200);
    await grant("victim2", "wrong");
    expect((await t.request("/api/blade-user/info", { token: access_token })).status).toBe(401);
  });

  it("POST /blade-user/unlock?userIds= lets a locked account sign in again at once", async () => {
    const { id } = await t.createUser({ account: "victim3", password: "Right-pass1" });
    for (let i = 0; i < 5; i++) await grant("victim3", "wrong");
    expect(await outcome(await grant("victim3", "Right-pass1"))).toBe(MSG_LOCKED);
    const admin = (await t.loginAdmin()).access_token;
    const empty = await t.request("/api/blade-user/unlock", { method: "POST", token: admin, query: { userIds: "" } });
    expect(((await empty.json()) as { msg: string }).msg).toBe("请至少选择一个用户");
    const res = await t.request("/api/blade-user/unlock", { method: "POST", token: admin, query: { userIds: id } });
    expect(res.status).toBe(200);
    expect(await outcome(await grant("victim3", "Right-pass1"))).toBe("ok");
  });

  it("unlock needs user_unlock, and another tenant's user is as missing as a deleted one", async () => {
    await t.createTenant("100031");
    await t.createUser({ account: "boss", password: "Passw0rd!x", tenantId: "100031", roleAliases: ["admin"] });
    await t.createUser({ account: "clerk", password: "Passw0rd!x", tenantId: "100031", roleAliases: ["user"] });
    const { id: foreign } = await t.createUser({ account: "victim4", password: "Right-pass1" });
    const boss = (await t.login("boss", "Passw0rd!x", { tenantId: "100031" })).access_token;
    const clerk = (await t.login("clerk", "Passw0rd!x", { tenantId: "100031" })).access_token;
    const { id: missing } = await t.createUser({ account: "gone", password: "Right-pass1", tenantId: "100031" });
    await t.db.update(user).set({ isDeleted: 1 }).where(eq(user.id, missing));
    const unlock = (token: string, userIds: string) => t.request("/api/blade-user/unlock", { method: "POST", token, query: { userIds } });
    expect((await unlock(clerk, foreign)).status).toBe(403);
    const other = await unlock(boss, foreign);
    const deleted = await unlock(boss, missing);
    expect(other.status).toBe(400);
    expect(await other.json()).toEqual(await deleted.json());
  });
});

describe("captcha mode is enforced by the server, per client", () => {
  it("a client that allows only the captcha grant refuses the plain password grant", async () => {
    await t.db.update(client).set({ authorizedGrantTypes: "refresh_token,captcha,sms,social" }).where(eq(client.clientId, "saber"));
    try {
      const res = await t.tokenRequest({ tenantId: "000000", username: "admin", password: md5Hex(t.adminPassword), grant_type: "password" });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: "unauthorized_client", error_description: "请使用验证码登录" });
      const captchaless = await t.tokenRequest({ tenantId: "000000", username: "admin", password: md5Hex(t.adminPassword), grant_type: "captcha" });
      expect(((await captchaless.json()) as { error_description: string }).error_description).toBe("验证码不正确");
    } finally {
      await t.db.update(client).set({ authorizedGrantTypes: "refresh_token,password,captcha,sms,social" }).where(eq(client.clientId, "saber"));
    }
  });
});

describe("rate limits (the production defaults)", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await freshApp({ rateLimits: RATE_RULES });
  });
  afterAll(() => limited.close());

  it("one wrong guess on each of many accounts: the IP is stopped with 429 and Retry-After", async () => {
    await limited.createUser({ account: "target40", password: "Right-pass1" });
    const { max } = RATE_RULES.signInFailuresPerIp;
    for (let i = 0; i < max; i++) {
      const res = await limited.tokenRequest({ tenantId: "000000", username: `guess${i}`, password: md5Hex("wrong"), grant_type: "password" });
      expect(res.status).toBe(400);
    }
    const res = await limited.tokenRequest({ tenantId: "000000", username: "target40", password: md5Hex("Right-pass1"), grant_type: "password" });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({ error: "too_many_requests", error_description: "请求过于频繁,请稍后再试" });
    limited.advanceTime(RATE_RULES.signInFailuresPerIp.windowMs);
    const later = await limited.tokenRequest({ tenantId: "000000", username: "target40", password: md5Hex("Right-pass1"), grant_type: "password" });
    expect(later.status).toBe(200);
  });

  it("codes: the IP is stopped after its allowance, answered in the envelope with Retry-After", async () => {
    const { max } = RATE_RULES.codePerIp;
    for (let i = 0; i < max; i++) {
      const phone = `139${String(10000000 + i)}`;
      expect((await limited.request("/api/blade-auth/oauth/smsCode", { query: { phone }, headers: { "Tenant-Id": "000000" } })).status).toBe(200);
    }
    const res = await limited.request("/api/blade-auth/oauth/smsCode", { query: { phone: "13900000999" }, headers: { "Tenant-Id": "000000" } });
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(((await res.json()) as { msg: string }).msg).toBe("请求过于频繁,请稍后再试");
  });

  describe("per client IP and per account (behind a trusted proxy, so that each request names its IP)", () => {
    const trusted = process.env.BLADE_TRUST_PROXY;
    beforeAll(() => {
      process.env.BLADE_TRUST_PROXY = "1";
    });
    afterAll(() => {
      if (trusted === undefined) delete process.env.BLADE_TRUST_PROXY;
      else process.env.BLADE_TRUST_PROXY = trusted;
    });
    const from = (ip: string, account: string, password: string) =>
      limited.tokenRequest({ tenantId: "000000", username: account, password: password && md5Hex(password), grant_type: "password" }, { "X-Forwarded-For": ip });
    const tooMany = async (res: Response) => {
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await res.json()).toEqual({ error: "too_many_requests", error_description: "请求过于频繁,请稍后再试" });
    };

    it("token grants: one IP is stopped after its allowance, even with the right password; other IPs are not", async () => {
      await limited.createUser({ account: "crowd", password: "Right-pass1" });
      // Malformed grants (no password) are cheap to send and count all the same.
      for (let i = 0; i < RATE_RULES.signInPerIp.max; i++) expect((await from("198.51.100.1", `crowd${i}`, "")).status).toBe(400);
      await tooMany(await from("198.51.100.1", "crowd", "Right-pass1"));
      // The refresh grant is not a sign-in: a signed-in user behind that IP keeps its session.
      const other = await from("198.51.100.2", "crowd", "Right-pass1");
      expect(other.status).toBe(200);
      const { refresh_token } = (await other.json()) as { refresh_token: string };
      const refreshed = await limited.tokenRequest({ grant_type: "refresh_token", refresh_token, tenantId: "000000" }, { "X-Forwarded-For": "198.51.100.1" });
      expect(refreshed.status).toBe(200);
      limited.advanceTime(RATE_RULES.signInPerIp.windowMs);
      expect((await from("198.51.100.1", "crowd", "Right-pass1")).status).toBe(200);
    });

    it("token grants: one account is stopped after its allowance from however many IPs; other accounts are not", async () => {
      await limited.createUser({ account: "busy", password: "Right-pass1" });
      await limited.createUser({ account: "calm", password: "Right-pass1" });
      const { max, windowMs } = RATE_RULES.signInPerAccount;
      for (let i = 0; i < max; i++) expect((await from(`203.0.113.${i + 1}`, "busy", "Right-pass1")).status).toBe(200);
      await tooMany(await from("203.0.113.200", "busy", "Right-pass1"));
      expect((await from("203.0.113.200", "calm", "Right-pass1")).status).toBe(200);
      // The same name in another tenant is another account.
      await limited.createTenant("100032");
      await limited.createUser({ account: "busy", password: "Right-pass1", tenantId: "100032" });
      const elsewhere = await limited.tokenRequest(
        { tenantId: "100032", username: "busy", password: md5Hex("Right-pass1"), grant_type: "password" },
        { "X-Forwarded-For": "203.0.113.201", "Tenant-Id": "100032" },
      );
      expect(elsewhere.status).toBe(200);
      limited.advanceTime(windowMs);
      expect((await from("203.0.113.200", "busy", "Right-pass1")).status).toBe(200);
    });

    it("find-password: one IP is stopped after its allowance, even with the right code; other IPs are not", async () => {
      await limited.createUser({ account: "amnesiac", password: "Right-pass1", phone: "13755556666" });
      const find = (ip: string, json: Record<string, unknown>) =>
        limited.request("/api/blade-user/find-password", { json, headers: { "Tenant-Id": "000000", "X-Forwarded-For": ip } });
      const sent = (await (await limited.request("/api/blade-auth/oauth/smsCodeNew", { query: { phone: "13755556666" }, headers: { "X-Forwarded-For": "192.0.2.9" } })).json()) as {
        data: { id: string };
      };
      const typed = "N3w#Secret9";
      const right = { phone: "13755556666", codeId: sent.data.id, code: limited.lastCodeSent("13755556666")!, password: md5Hex(typed), confirmPassword: md5Hex(typed), newPassword: typed };
      // Guesses against codes that do not exist: each one counts against the IP.
      const { max, windowMs } = RATE_RULES.selfServicePerIp;
      for (let i = 0; i < max; i++) expect((await find("192.0.2.1", { ...right, codeId: "1", code: String(100000 + i) })).status).toBe(400);
      const stopped = await find("192.0.2.1", right);
      expect(stopped.status).toBe(429);
      expect(Number(stopped.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(((await stopped.json()) as { msg: string }).msg).toBe("请求过于频繁,请稍后再试");
      await expect(limited.login("amnesiac", typed)).rejects.toThrow();
      const other = await find("192.0.2.2", right);
      expect(await other.json()).toMatchObject({ code: 200, success: true });
      expect((await limited.login("amnesiac", typed)).account).toBe("amnesiac");
      limited.advanceTime(windowMs);
      expect((await find("192.0.2.1", { ...right, codeId: "1" })).status).toBe(400);
    });
  });

  it("failure counters of unknown accounts are swept once their period has passed", async () => {
    const before = await limited.db.select().from(loginFailure).where(and(eq(loginFailure.tenantId, "000000"), eq(loginFailure.account, "guess0")));
    expect(before).toHaveLength(1);
    limited.advanceTime(31 * 60_000);
    await limited.tokenRequest({ tenantId: "000000", username: "target40", password: md5Hex("Right-pass1"), grant_type: "password" });
    // The sweep runs beside the sign-in; give it a moment.
    await expect.poll(async () => (await limited.db.select().from(loginFailure).where(eq(loginFailure.account, "guess0"))).length).toBe(0);
  });
});
