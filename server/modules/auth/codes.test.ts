import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyCode } from "../../db/schema";
import { LogCodeSender } from "../../notify/sender";
import { CODE_RESEND_MS, CODE_TTL_MS } from "../../security/codes";
import { freshApp, type TestApp } from "../../test/fresh-app";

let t: TestApp;
beforeAll(async () => {
  t = await freshApp();
  await t.createUser({ account: "smsuser", password: "Passw0rd!x", phone: "13911112222", email: "sms@example.com" });
  await t.createUser({ account: "resetuser", password: "Passw0rd!x", phone: "13911113333", email: "reset@example.com" });
});
afterAll(() => t.close());

// Each test uses its own phone numbers: one code per number per minute.
let next = 13800000100;
const newPhone = () => String(next++);

const smsCode = (phone: string, path = "smsCode", headers: Record<string, string> = {}) =>
  t.request(`/api/blade-auth/oauth/${path}`, { query: { phone }, headers });
const codeId = async (res: Response) => {
  const body = await res.json();
  expect(res.status).toBe(200);
  expect(body).toMatchObject({ code: 200, success: true, data: { id: expect.stringMatching(/^\d+$/) } });
  return body.data.id as string;
};
const smsGrant = (phone: string, value: string, id: string, tenantId = "000000") =>
  t.tokenRequest({ grant_type: "sms", tenantId, phone, value, id }, { "Tenant-Id": tenantId });
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("GET /blade-auth/oauth/smsCode", () => {
  it("sends a 6-digit code through the sender and answers its id (public)", async () => {
    const phone = newPhone();
    const id = await codeId(await smsCode(phone));
    expect(t.lastCodeSent(phone)).toMatch(/^\d{6}$/);
    expect(t.lastMessageSent(phone)).toMatchObject({ channel: "sms", purpose: "login", tenantId: "000000" });
    // Stored as an HMAC, never as the code itself.
    const [row] = await t.db.select().from(verifyCode).where(eq(verifyCode.id, id));
    expect(row.codeHash).not.toContain(t.lastCodeSent(phone));
    expect(row.expiresAt - row.createdAt).toBe(CODE_TTL_MS);
  });

  it("refuses a malformed phone with the shared mobile messages", async () => {
    for (const [phone, msg] of [
      ["", "手机号码不能为空"],
      ["1380000", "手机号码长度不为11位"],
      ["12800000000", "手机号码格式错误"],
    ]) {
      const res = await smsCode(phone);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 400, success: false, msg });
    }
  });

  it("sends one code per phone per minute", async () => {
    const phone = newPhone();
    await codeId(await smsCode(phone));
    const again = await smsCode(phone);
    expect(again.status).toBe(400);
    expect((await again.json()).msg).toBe("发送过于频繁,请稍后再试");
    t.advanceTime(CODE_RESEND_MS + 1000);
    try {
      await codeId(await smsCode(phone));
    } finally {
      t.advanceTime(-(CODE_RESEND_MS + 1000));
    }
  });

  it("refuses an unknown tenant", async () => {
    const res = await smsCode(newPhone(), "smsCode", { "Tenant-Id": "999999" });
    expect(res.status).toBe(400);
    expect((await res.json()).msg).toBe("租户ID未找到");
  });
});

describe("smsCodeNew and sendMailCode (find password)", () => {
  it("send only to a phone or address of an account, but answer alike either way", async () => {
    const known = await smsCode("13911113333", "smsCodeNew");
    const unknownPhone = newPhone();
    const unknown = await smsCode(unknownPhone, "smsCodeNew");
    expect(Object.keys((await known.json()).data)).toEqual(Object.keys((await unknown.json()).data));
    expect(t.lastMessageSent("13911113333")).toMatchObject({ purpose: "reset" });
    expect(t.lastCodeSent(unknownPhone)).toBeUndefined();
    // The rate limit applies to unknown numbers too, or its absence would tell them apart.
    expect((await smsCode(unknownPhone, "smsCodeNew")).status).toBe(400);

    await codeId(await t.request("/api/blade-auth/oauth/sendMailCode", { query: { email: "reset@example.com" } }));
    expect(t.lastMessageSent("reset@example.com")).toMatchObject({ channel: "mail", purpose: "reset" });
    await codeId(await t.request("/api/blade-auth/oauth/sendMailCode", { query: { email: "nobody@example.com" } }));
    expect(t.lastCodeSent("nobody@example.com")).toBeUndefined();
  });

  it("refuses a malformed address", async () => {
    const res = await t.request("/api/blade-auth/oauth/sendMailCode", { query: { email: "not-an-address" } });
    expect(res.status).toBe(400);
    expect((await res.json()).msg).toBe("邮箱格式不正确");
  });
});

describe("grant_type=sms", () => {
  it("signs in the user whose phone matches, once per code", async () => {
    const id = await codeId(await smsCode("13911112222"));
    const code = t.lastCodeSent("13911112222")!;
    const res = await smsGrant("13911112222", code, id);
    expect(res.status).toBe(200);
    const token = await res.json();
    expect(token).toMatchObject({ account: "smsuser", token_type: "bearer", tenant_id: "000000" });
    expect((await t.request("/api/blade-auth/oauth/user-info", { token: token.access_token })).status).toBe(200);
    const replay = await smsGrant("13911112222", code, id);
    expect(await replay.json()).toEqual({ error: "invalid_grant", error_description: "验证码不正确" });
  });

  it("refuses a wrong code, and the fifth wrong try burns the right one", async () => {
    const phone = newPhone();
    await t.createUser({ account: `u${phone}`, password: "Passw0rd!x", phone });
    const id = await codeId(await smsCode(phone));
    const code = t.lastCodeSent(phone)!;
    for (let i = 0; i < 5; i++) {
      const res = await smsGrant(phone, wrongOf(code), id);
      expect(res.status).toBe(400);
    }
    expect((await (await smsGrant(phone, code, id)).json()).error_description).toMatch(/验证码不正确|登录错误次数过多/);
  });

  it("refuses an expired code, a code of another phone and a code of another tenant", async () => {
    const phone = newPhone();
    await t.createTenant("300001");
    await t.createUser({ account: `u${phone}`, password: "Passw0rd!x", phone });
    const id = await codeId(await smsCode(phone));
    const code = t.lastCodeSent(phone)!;
    expect((await smsGrant("13911112222", code, id)).status).toBe(400);
    expect((await smsGrant(phone, code, id, "300001")).status).toBe(400);
    t.advanceTime(CODE_TTL_MS + 1000);
    try {
      expect(await (await smsGrant(phone, code, id)).json()).toEqual({ error: "invalid_grant", error_description: "验证码不正确" });
    } finally {
      t.advanceTime(-(CODE_TTL_MS + 1000));
    }
  });

  it("answers 用户不存在 for a right code of a phone without an account", async () => {
    const phone = newPhone();
    const id = await codeId(await smsCode(phone));
    const res = await smsGrant(phone, t.lastCodeSent(phone)!, id);
    expect(await res.json()).toEqual({ error: "invalid_grant", error_description: "用户不存在" });
  });

  it("does not take a find-password code", async () => {
    const id = await codeId(await t.request("/api/blade-auth/oauth/sendMailCode", { query: { email: "sms@example.com" } }));
    expect((await smsGrant("13911112222", t.lastCodeSent("sms@example.com")!, id)).status).toBe(400);
  });

  it("applies the lockout: wrong codes lock the phone, a locked account cannot use SMS", async () => {
    const phone = newPhone();
    await t.createUser({ account: `lock${phone}`, password: "Passw0rd!x", phone });
    for (let i = 0; i < 5; i++) await smsGrant(phone, "000000", "1234567890123456789");
    t.advanceTime(CODE_RESEND_MS + 1000);
    try {
      const id = await codeId(await smsCode(phone));
      const res = await smsGrant(phone, t.lastCodeSent(phone)!, id);
      expect((await res.json()).error_description).toBe("登录错误次数过多,请稍后再试");
    } finally {
      t.advanceTime(-(CODE_RESEND_MS + 1000));
    }
    const other = newPhone();
    await t.createUser({ account: "lockedacct", password: "Passw0rd!x", phone: other });
    for (let i = 0; i < 5; i++) await t.tokenRequest({ grant_type: "password", username: "lockedacct", password: "0".repeat(32) });
    const id = await codeId(await smsCode(other));
    expect((await (await smsGrant(other, t.lastCodeSent(other)!, id)).json()).error_description).toBe("登录错误次数过多,请稍后再试");
  });

  it("refuses a disabled user", async () => {
    const phone = newPhone();
    await t.createUser({ account: `off${phone}`, password: "Passw0rd!x", phone, status: 0 });
    const id = await codeId(await smsCode(phone));
    expect((await (await smsGrant(phone, t.lastCodeSent(phone)!, id)).json()).error_description).toBe("该账号已被禁用,请联系管理员");
  });
});

describe("the default sender", () => {
  it("writes [sms] to=… code=… to the server log and keeps the last code per recipient", async () => {
    const lines: string[] = [];
    const sender = new LogCodeSender((line) => lines.push(line));
    await sender.send({ channel: "sms", to: "13800000000", code: "123456", purpose: "login", tenantId: "000000" });
    await sender.send({ channel: "mail", to: "a@b.cn", code: "654321", purpose: "reset", tenantId: "000000" });
    expect(lines).toEqual(["[sms] to=13800000000 code=123456", "[mail] to=a@b.cn code=654321"]);
    expect(sender.outbox.lastSent("13800000000")?.code).toBe("123456");
  });
});
