import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { md5Hex } from "../security/password";
import { freshApp, type TestApp } from "../test/fresh-app";
import { startTestSmtp, type TestSmtp } from "./test-smtp";

const INIT = "Blade-Init-2026";
let t: TestApp;
let smtp: TestSmtp;
let admin: string;
const logged: string[] = [];

beforeAll(async () => {
  smtp = await startTestSmtp({ user: "mailer", password: "smtp-Pa55word!" });
  t = await freshApp({ oauth: false });
  const log = t.ctx.logError;
  t.ctx.logError = (error, where) => {
    logged.push(`${where}: ${String((error as Error)?.message ?? error)}`);
    log(error, where);
  };
  admin = (await t.loginAdmin()).access_token;
  await t.request("/api/blade-system/param/submit", { token: admin, json: { paramName: "初始密码", paramKey: "account.initPassword", paramValue: INIT } });
  const saved = await t.request("/api/blade-system/sysConfig/saveOrUpdateMailConfig", {
    token: admin,
    json: { host: "127.0.0.1", port: smtp.port, auth: true, user: "mailer", password: "smtp-Pa55word!", from: "noreply@blade.test", starttlsEnable: false, sslEnable: false, sslTrusts: "" },
  });
  expect(((await saved.json()) as { msg: string }).msg).toBe("操作成功");
});
/** The mail to `to` whose subject holds `part`, once it arrived. */
async function mailTo(to: string, part: string) {
  const find = () => smtp.received.find((m) => m.to.includes(to) && m.subject.includes(part));
  await expect.poll(() => find() !== undefined, { timeout: 15_000 }).toBe(true);
  return find()!;
}

afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe("password notices by mail", () => {
  it("tells a user by mail that an administrator reset their password, without the password", async () => {
    const { id } = await t.createUser({ account: "noticed1", password: "Passw0rd!x", email: "noticed1@example.test" });
    const reset = await t.request("/api/blade-user/resetPwd", { method: "POST", token: admin, query: { ids: id } });
    expect(((await reset.json()) as { success: boolean }).success).toBe(true);
    const mail = await mailTo("noticed1@example.test", "您的账号密码已被管理员重置");
    expect(mail.text).toContain("noticed1");
    expect(mail.text).not.toContain(INIT);
    expect(mail.from).toBe("noreply@blade.test");
  });

  it("tells a user of their own password change, and of one made through find-password", async () => {
    await t.createUser({ account: "noticed2", password: "Passw0rd!x", email: "noticed2@example.test" });
    const { access_token } = await t.login("noticed2", "Passw0rd!x");
    const changed = await t.request("/api/blade-user/update-password", {
      method: "POST",
      token: access_token,
      json: { oldPassword: md5Hex("Passw0rd!x"), newPassword: "N3w#Secret9", newPassword1: "N3w#Secret9" },
    });
    expect(((await changed.json()) as { msg: string }).msg).toBe("操作成功");
    const mail = await mailTo("noticed2@example.test", "您的账号密码已修改");
    expect(mail.text).not.toContain("N3w#Secret9");

    const sent = (await (await t.request("/api/blade-auth/oauth/sendMailCode", { query: { email: "noticed2@example.test" } })).json()) as { data: { id: string } };
    const code = (await mailTo("noticed2@example.test", "验证码")).text.match(/验证码为 (\w+)/)![1];
    const found = await t.request("/api/blade-user/find-password", {
      json: { email: "noticed2@example.test", codeId: sent.data.id, code, password: md5Hex("F0und#Again7"), confirmPassword: md5Hex("F0und#Again7"), newPassword: "F0und#Again7" },
      headers: { "Tenant-Id": "000000" },
    });
    expect(((await found.json()) as { msg: string }).msg).toBe("操作成功");
    const notice = await mailTo("noticed2@example.test", "您的账号密码已通过找回密码重新设置");
    expect(notice.text).not.toContain("F0und#Again7");
  });

  it("changes the password even when the mail server is down, and says why in the log", async () => {
    const { id } = await t.createUser({ account: "noticed3", password: "Passw0rd!x", email: "noticed3@example.test" });
    const down = await t.request("/api/blade-system/sysConfig/saveOrUpdateMailConfig", {
      token: admin,
      json: { host: "127.0.0.1", port: 1, auth: false, user: "", password: "", from: "noreply@blade.test", starttlsEnable: false, sslEnable: false, sslTrusts: "" },
    });
    expect(((await down.json()) as { msg: string }).msg).toBe("操作成功");
    const reset = await t.request("/api/blade-user/resetPwd", { method: "POST", token: admin, query: { ids: id } });
    expect(((await reset.json()) as { success: boolean }).success).toBe(true);
    await expect(t.login("noticed3", INIT)).resolves.toBeTruthy();
    await expect.poll(() => logged.some((l) => l.startsWith("sending a passwordReset notice")), { timeout: 30_000 }).toBe(true);
  });
});
