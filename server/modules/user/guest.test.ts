import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TokenResponse } from "../../../domain/contract";
import { user } from "../../db/schema";
import { md5Hex } from "../../security/password";
import { freshApp, type TestApp } from "../../test/fresh-app";

let t: TestApp;
beforeAll(async () => {
  t = await freshApp();
});
afterAll(() => t.close());

let seq = 5000;
/** A guest session: an unbound identity signed in through the simulated provider. */
async function guest(tenantId = "000000", nickname?: string): Promise<TokenResponse> {
  const render = await (await t.request("/api/blade-auth/oauth/render/oauth2", { headers: { "Tenant-Id": tenantId } })).json();
  const back = t.oauth!.approve(render.data.url, { id: seq, login: `g${seq++}`, name: nickname });
  const res = await t.tokenRequest({ grant_type: "social", source: "oauth2", code: back.code, state: back.state, tenantId }, { "Tenant-Id": tenantId });
  return res.json();
}
const register = (token: string | undefined, json: Record<string, unknown>) => t.request("/api/blade-user/register-guest", { token, json });

describe("POST /blade-user/register-guest", () => {
  it("runs the four checks of §5 in order, with their messages", async () => {
    const g = await guest();
    const base = { tenantId: "000000", name: "n", account: "acc1", password: "Qz7#Lm2$Kp", oauthId: g.oauth_id };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, tenantId: "", account: "" }, "请先输入账号名称"],
      [{ ...base, account: "" }, "请先输入账号名称"],
      [{ ...base, password: "" }, "请先输入密码"],
      [{ ...base, password2: "" }, "请先输入密码"],
      [{ ...base, password2: "Other#Pw9x" }, "两次密码输入不一致"],
    ];
    for (const [body, msg] of cases) {
      const res = await register(g.access_token, body);
      expect(res.status).toBe(400);
      expect((await res.json()).msg).toBe(msg);
    }
  });

  it("enforces the password policy (6–32 characters, not weak) and the account rules", async () => {
    const g = await guest();
    const base = { tenantId: "000000", account: "acc2", oauthId: g.oauth_id };
    for (const [password, msg] of [
      ["Ab1!", "密码长度在6到32个字符"],
      ["Qwerty#77x", "密码过于简单,不能包含三个相同或连续的字符"],
      ["Zx9#aaa!Lm", "密码过于简单,不能包含三个相同或连续的字符"],
    ]) {
      expect((await (await register(g.access_token, { ...base, password })).json()).msg).toBe(msg);
    }
    expect((await (await register(g.access_token, { ...base, account: "bad account!", password: "Qz7#Lm2$Kp" })).json()).msg).toBe(
      "账号只能包含字母、数字、下划线、点、@和-",
    );
  });

  it("keeps to the §5 rule of real names: the name typed, else a nickname or account that passes it", async () => {
    const body = { account: "named1", password: "Qz7#Lm2$Kp" };
    for (const name of ["<script>", "a'b", "张三!", "x".repeat(21)]) {
      const res = await register((await guest()).access_token, { ...body, name });
      expect(res.status, name).toBe(400);
      expect((await res.json()).msg, name).toMatch(/只能是中文、数字、字母、下划线|长度不能超过20/);
    }
    expect((await register((await guest()).access_token, { ...body, name: "阿卜杜·热合曼" })).status).toBe(200);
    const realNameOf = async (account: string) => (await t.db.select().from(user).where(eq(user.account, account)))[0].realName;
    expect(await realNameOf("named1")).toBe("阿卜杜·热合曼");
    // A nickname that breaks the rule is not a real name; the account is, when it passes.
    expect((await register((await guest("000000", "<b>Eve</b>")).access_token, { account: "named2", password: "Qz7#Lm2$Kp" })).status).toBe(200);
    expect(await realNameOf("named2")).toBe("named2");
    const neither = await register((await guest("000000", "J.Doe")).access_token, { account: "j.doe", password: "Qz7#Lm2$Kp" });
    expect(neither.status).toBe(400);
    expect((await neither.json()).msg).toBe("请输入用户姓名");
  });

  it("refuses an account already used in the tenant", async () => {
    const g = await guest();
    const res = await register(g.access_token, { tenantId: "000000", account: "admin", password: "Qz7#Lm2$Kp", oauthId: g.oauth_id });
    expect(res.status).toBe(400);
    expect((await res.json()).msg).toBe("当前账号已被使用!");
  });

  it("takes the tenant and the binding from the guest session when the body omits them", async () => {
    const g = await guest();
    expect((await register(g.access_token, { account: "implicit1", password: "Qz7#Lm2$Kp" })).status).toBe(200);
    const [row] = await t.db.select().from(user).where(eq(user.account, "implicit1"));
    // No name given: the real name falls back to the third-party nickname.
    expect(row).toMatchObject({ tenantId: "000000", status: 0, realName: expect.stringMatching(/^g\d+$/) });
  });

  it("refuses another tenant (like a missing one), another binding, callers without a session (401) and signed-in users (403)", async () => {
    await t.createTenant("500001");
    const g = await guest();
    const other = await guest();
    const body = { account: "acc3", password: "Qz7#Lm2$Kp" };
    const existing = await register(g.access_token, { ...body, tenantId: "500001" });
    const missing = await register(g.access_token, { ...body, tenantId: "599999" });
    expect(existing.status).toBe(400);
    expect(await existing.json()).toEqual(await missing.json());
    expect((await register(g.access_token, { ...body, oauthId: other.oauth_id })).status).toBe(403);
    expect((await register(undefined, { ...body, oauthId: g.oauth_id })).status).toBe(401);
    const admin = await t.loginAdmin();
    expect((await register(admin.access_token, { ...body, oauthId: g.oauth_id })).status).toBe(403);
    // A guest of tenant 500001 registers there.
    const g2 = await guest("500001");
    expect((await register(g2.access_token, { tenantId: "500001", account: "admin", password: "Qz7#Lm2$Kp" })).status).toBe(200);
  });
});

describe("POST /blade-user/find-password", () => {
  const find = (json: Record<string, unknown>, tenantId = "000000") =>
    t.request("/api/blade-user/find-password", { json, headers: { "Tenant-Id": tenantId } });

  it("sets a new password with a code sent by SMS, and ends the user's sessions", async () => {
    await t.createUser({ account: "forgetful", password: "Passw0rd!x", phone: "13722223333" });
    const before = await t.login("forgetful", "Passw0rd!x");
    const sent = await (await t.request("/api/blade-auth/oauth/smsCodeNew", { query: { phone: "13722223333" } })).json();
    const code = t.lastCodeSent("13722223333")!;
    const typed = "N3w#Secret9";
    const digest = md5Hex(typed);
    const mismatch = await find({ phone: "13722223333", codeId: sent.data.id, code, password: digest, confirmPassword: md5Hex("other") });
    expect((await mismatch.json()).msg).toBe("两次密码输入不一致");
    const res = await find({ phone: "13722223333", codeId: sent.data.id, code, password: digest, confirmPassword: digest, newPassword: typed });
    expect(await res.json()).toMatchObject({ code: 200, success: true });
    expect((await t.request("/api/blade-auth/oauth/user-info", { token: before.access_token })).status).toBe(401);
    await expect(t.login("forgetful", "Passw0rd!x")).rejects.toThrow();
    expect((await t.login("forgetful", "N3w#Secret9")).account).toBe("forgetful");
    // The code was used up.
    expect((await find({ phone: "13722223333", codeId: sent.data.id, code, password: digest, confirmPassword: digest, newPassword: typed })).status).toBe(400);
  });

  it("works with a mail code too, and refuses a wrong code, a sign-in code and bad input", async () => {
    await t.createUser({ account: "mailer", password: "Passw0rd!x", email: "mailer@example.com", phone: "13722224444" });
    const sent = await (await t.request("/api/blade-auth/oauth/sendMailCode", { query: { email: "mailer@example.com" } })).json();
    const code = t.lastCodeSent("mailer@example.com")!;
    const typed = "M4il#Secret";
    const digest = md5Hex(typed);
    const wrong = await find({ email: "mailer@example.com", codeId: sent.data.id, code: code === "000000" ? "111111" : "000000", password: digest, confirmPassword: digest, newPassword: typed });
    expect((await wrong.json()).msg).toBe("验证码不正确");
    expect((await find({ email: "mailer@example.com", codeId: sent.data.id, code, password: digest, confirmPassword: digest, newPassword: typed })).status).toBe(200);
    expect((await t.login("mailer", "M4il#Secret")).account).toBe("mailer");

    const login = await (await t.request("/api/blade-auth/oauth/smsCode", { query: { phone: "13722224444" } })).json();
    const viaLoginCode = await find({ phone: "13722224444", codeId: login.data.id, code: t.lastCodeSent("13722224444"), password: digest, confirmPassword: digest, newPassword: typed });
    expect((await viaLoginCode.json()).msg).toBe("验证码不正确");
    expect((await (await find({ codeId: "1", code: "1", password: digest, confirmPassword: digest, newPassword: typed })).json()).msg).toBe("请输入手机号码或邮箱");
    expect((await (await find({ phone: "13722224444", codeId: "1", code: "1", password: "plain", confirmPassword: "plain" })).json()).msg).toBe("密码格式不正确");
  });
});
