import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailConfig } from "../../db/schema";
import { startTestSmtp, type TestSmtp } from "../../notify/test-smtp";
import { SecretBox } from "../../security/secrets";
import { twoTenants, type TenantTokens } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";

const BASE = "/api/blade-system/sysConfig";
const PASSWORD = "smtp-Pa55word!";

let t: TestApp;
let smtp: TestSmtp;
let tokens: TenantTokens;
const logged: string[] = [];

beforeAll(async () => {
  smtp = await startTestSmtp({ user: "mailer", password: PASSWORD });
  t = await freshApp({ oauth: false });
  tokens = await twoTenants(t);
  // Whatever the server logs while these tests run must not carry the password.
  const log = t.ctx.logError;
  t.ctx.logError = (error, where) => {
    logged.push(`${where} ${String((error as Error)?.message ?? error)}`);
    log(error, where);
  };
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const call = async (path: string, token: string, json?: unknown) => {
  const res = await t.request(`${BASE}/${path}`, { method: "POST", token, json, body: json === undefined ? "" : undefined });
  const raw = await res.text();
  return { status: res.status, raw, body: JSON.parse(raw) as { code: number; msg: string; data: Record<string, unknown> } };
};

const settings = (extra: Record<string, unknown> = {}) => ({
  host: "127.0.0.1",
  port: smtp.port,
  auth: true,
  user: "mailer",
  password: PASSWORD,
  from: "noreply@blade.test",
  starttlsEnable: false,
  sslEnable: false,
  sslTrusts: "",
  ...extra,
});

describe("mail settings", () => {
  it("answers empty settings before anything is saved", async () => {
    const r = await call("getMailConfig", tokens.admin100001);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id: null, host: "", passwordSet: false });
  });

  it("saves, answers the password only as set, and stores it sealed", async () => {
    const saved = await call("saveOrUpdateMailConfig", tokens.admin100001, settings());
    expect(saved.body.msg).toBe("操作成功");
    expect(saved.body.data).toMatchObject({ host: "127.0.0.1", port: smtp.port, auth: true, user: "mailer", passwordSet: true, from: "noreply@blade.test" });
    const read = await call("getMailConfig", tokens.admin100001);
    for (const r of [saved, read]) {
      expect(r.raw).not.toContain(PASSWORD);
      expect(Object.keys(r.body.data)).not.toContain("password");
    }
    const [row] = await t.db.select().from(mailConfig).where(eq(mailConfig.tenantId, "100001"));
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    expect(row.passwordSealed).toMatch(/^v1:/);
  });

  it("keeps the stored password when the form leaves it empty, replaces it when given", async () => {
    const before = (await t.db.select().from(mailConfig).where(eq(mailConfig.tenantId, "100001")))[0].passwordSealed;
    await call("saveOrUpdateMailConfig", tokens.admin100001, settings({ password: "", port: smtp.port }));
    const kept = (await t.db.select().from(mailConfig).where(eq(mailConfig.tenantId, "100001")))[0];
    expect(kept.passwordSealed).toBe(before);
    expect(t.ctx.secrets.open(kept.passwordSealed, "mail.password")).toBe(PASSWORD);
  });

  it("refuses bad input beside its field, never a 500", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ host: "" }, "host", "请输入SMTP服务器"],
      [{ host: "bad host!" }, "host", "请输入正确的主机名或IP地址"],
      [{ port: 0 }, "port", "端口必须在1到65535之间"],
      [{ port: 70000 }, "port", "端口必须在1到65535之间"],
      [{ from: "not-mail" }, "from", "邮箱格式不正确"],
      [{ sslEnable: true, starttlsEnable: true }, "starttlsEnable", "SSL与STARTTLS只能启用一个"],
      [{ sslTrusts: "<script>" }, "sslTrusts", "信任的主机应为以空格或逗号分隔的主机名,或 *"],
    ];
    for (const [change, field, message] of cases) {
      const r = await call("saveOrUpdateMailConfig", tokens.admin100002, settings(change));
      expect(r.status, JSON.stringify(change)).toBe(400);
      expect(r.body.data).toContainEqual({ field, message });
    }
    // tenant 100002 needs a password the first time
    const r = await call("saveOrUpdateMailConfig", tokens.admin100002, settings({ password: "" }));
    expect(r.body.data).toContainEqual({ field: "password", message: "启用身份验证时请输入密码" });
    expect((await call("saveOrUpdateMailConfig", tokens.admin100002, [1, 2])).status).toBe(400);
  });

  it("is the tenant's own: another tenant sees nothing of it; a plain user is refused", async () => {
    expect((await call("getMailConfig", tokens.admin100002)).body.data).toMatchObject({ id: null, host: "" });
    expect((await call("getMailConfig", tokens.plain100001)).status).toBe(403);
    expect((await call("saveOrUpdateMailConfig", tokens.plain100001, settings())).status).toBe(403);
    expect((await call("sendTestMail", tokens.plain100001, { to: "a@b.test" })).status).toBe(403);
  });
});

describe("send test mail", () => {
  it("sends through the saved settings and reports the server's answer", async () => {
    const r = await call("sendTestMail", tokens.admin100001, { to: "ops@example.test" });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ sent: true, accepted: ["ops@example.test"], response: expect.stringMatching(/^250/) });
    const mail = await smtp.waitFor("ops@example.test");
    expect(mail).toMatchObject({ from: "noreply@blade.test", user: "mailer" });
    expect(mail.subject).toContain("测试邮件");
  });

  it("reports a refused sign-in and an unreachable server in words, never a 500", async () => {
    const wrong = await call("saveOrUpdateMailConfig", tokens.admin100001, settings({ password: "wrong" }));
    expect(wrong.status).toBe(200);
    const refused = await call("sendTestMail", tokens.admin100001, { to: "ops@example.test" });
    expect(refused.status).toBe(200);
    expect(refused.body.data).toMatchObject({ sent: false });
    expect(String(refused.body.data.response)).toMatch(/535|Invalid username or password|登录失败/);

    await call("saveOrUpdateMailConfig", tokens.admin100001, settings({ port: 1 }));
    const down = await call("sendTestMail", tokens.admin100001, { to: "ops@example.test" });
    expect(down.status).toBe(200);
    expect(down.body.data).toMatchObject({ sent: false });
    expect(String(down.body.data.response)).toMatch(/连接|ECONNREFUSED/);
    await call("saveOrUpdateMailConfig", tokens.admin100001, settings());
  });

  it("says so when the stored password was sealed under another key, instead of failing", async () => {
    const [row] = await t.db.select().from(mailConfig).where(eq(mailConfig.tenantId, "100001"));
    await t.db.update(mailConfig).set({ passwordSealed: SecretBox.random().seal(PASSWORD, "mail.password") }).where(eq(mailConfig.id, row.id));
    try {
      const r = await call("sendTestMail", tokens.admin100001, { to: "ops@example.test" });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ sent: false, response: "已保存的密码无法用本服务器的密钥解密,请重新输入密码并保存" });
    } finally {
      await t.db.update(mailConfig).set({ passwordSealed: row.passwordSealed }).where(eq(mailConfig.id, row.id));
    }
  });

  it("asks for a recipient and for saved settings first", async () => {
    expect((await call("sendTestMail", tokens.admin100001, { to: "" })).body.data).toContainEqual({ field: "to", message: "请输入收件人邮箱" });
    expect((await call("sendTestMail", tokens.admin100001, { to: "x" })).status).toBe(400);
    expect((await call("sendTestMail", tokens.admin100002, { to: "a@b.test" })).body.msg).toBe("请先保存邮箱配置");
  });
});

describe("verification codes by mail", () => {
  it("sends a find-password code through the tenant's SMTP server", async () => {
    await t.createUser({ account: "mailuser", password: "Passw0rd!x", tenantId: "100001", email: "mailuser@example.test" });
    const res = await t.request("/api/blade-auth/oauth/sendMailCode", { query: { email: "mailuser@example.test" }, headers: { "Tenant-Id": "100001" } });
    expect(res.status).toBe(200);
    const mail = await smtp.waitFor("mailuser@example.test");
    const code = /验证码为 (\d{6})/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // It went by mail, not to the log's outbox.
    expect(t.lastCodeSent("mailuser@example.test")).toBeUndefined();
  });

  it("falls back to the platform's server for a tenant without one, and to the log without any", async () => {
    await t.createUser({ account: "nomail", password: "Passw0rd!x", tenantId: "100002", email: "nomail@example.test" });
    await t.request("/api/blade-auth/oauth/sendMailCode", { query: { email: "nomail@example.test" }, headers: { "Tenant-Id": "100002" } });
    expect(t.lastCodeSent("nomail@example.test")).toMatch(/^\d{6}$/);

    await call("saveOrUpdateMailConfig", tokens.admin, settings({ from: "platform@blade.test" }));
    await t.createUser({ account: "nomail2", password: "Passw0rd!x", tenantId: "100002", email: "nomail2@example.test" });
    await t.request("/api/blade-auth/oauth/sendMailCode", { query: { email: "nomail2@example.test" }, headers: { "Tenant-Id": "100002" } });
    expect((await smtp.waitFor("nomail2@example.test")).from).toBe("platform@blade.test");
  });

  it("never logged the password", () => {
    expect(logged.join("\n")).not.toContain(PASSWORD);
  });
});
