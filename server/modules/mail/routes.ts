import type { Context } from "hono";
import { MAIL_API, MAIL_CODES, mailFieldErrors, toFlag } from "../../../domain/resources/system/mailboxConfig/spec";
import { patterns } from "../../../domain/validation";
import type { AppContext, AppEnv } from "../../context";
import { mailConfig } from "../../db/schema";
import { readJsonObject, readParams } from "../../http/body";
import { badRequest, ok } from "../../http/errors";
import { fieldErrors } from "../../kit/crud";
import type { ApiModule } from "../../kit/module";
import { can, defineRoutes } from "../../security/authorize";
import { type TenantScope } from "../../security/tenant-scope";
import { MAIL_PASSWORD_FIELD, toMailSettings, trustList, type MailConfigRow, type MailSettings } from "../../notify/mail-settings";
import { SecretError } from "../../security/secrets";
import { SMTP_TIMEOUT_MS, describeMailError, sendMail } from "../../notify/smtp";

export const MSG_MAIL_NOT_SET = "请先保存邮箱配置";
export const MSG_TO_REQUIRED = "请输入收件人邮箱";
export const MSG_PASSWORD_UNREADABLE = "已保存的密码无法用本服务器的密钥解密,请重新输入密码并保存";

/** The caller's own tenant's row: the platform administrator edits the platform's (tenant 000000). */
async function ownRow(scope: TenantScope): Promise<MailConfigRow | undefined> {
  const [row] = await scope.repo(mailConfig).list(undefined, { limit: 1, tenantId: scope.tenantId });
  return row;
}

/** The settings as the console shows them: the password only as "set". */
export function mailVO(row: MailConfigRow | undefined) {
  if (!row) {
    return { id: null, host: "", port: 25, auth: true, user: "", passwordSet: false, from: "", starttlsEnable: false, sslEnable: false, sslTrusts: "" };
  }
  return {
    id: row.id,
    tenantId: row.tenantId,
    host: row.host,
    port: row.port,
    auth: row.auth === 1,
    user: row.username,
    passwordSet: row.passwordSealed !== "",
    from: row.fromAddress,
    starttlsEnable: row.starttlsEnable === 1,
    sslEnable: row.sslEnable === 1,
    sslTrusts: row.sslTrusts,
  };
}

/** getMailConfig, saveOrUpdateMailConfig and sendTestMail under /blade-system/sysConfig. */
export function mailRoutes(ctx: AppContext) {
  const save = async (c: Context<AppEnv>) => {
    const raw = await readJsonObject(c);
    // BladeX's sample names the password `pass`.
    const body: Record<string, unknown> = { ...raw, password: raw.password ?? raw.pass };
    for (const k of ["auth", "starttlsEnable", "sslEnable"]) body[k] = toFlag(body[k]);
    const scope = c.var.scope;
    const id = await scope.transaction(async (tx) => {
      const existing = await ownRow(tx);
      const errors = mailFieldErrors(body, !!existing?.passwordSealed);
      if (errors.length) fieldErrors(errors);
      const text = (k: string) => (typeof body[k] === "string" ? (body[k] as string).trim() : "");
      const flag = (k: string) => (Number(body[k]) === 1 ? 1 : 0);
      const password = typeof body.password === "string" ? body.password : "";
      const values: Record<string, unknown> = {
        host: text("host"),
        port: Number(body.port),
        auth: flag("auth"),
        username: text("user"),
        fromAddress: text("from"),
        starttlsEnable: flag("starttlsEnable"),
        sslEnable: flag("sslEnable"),
        sslTrusts: trustList(text("sslTrusts")).join(" "),
      };
      // Empty keeps the stored password; a new one replaces it, sealed. Without sign-in none is kept.
      if (password) values.passwordSealed = ctx.secrets.seal(password, MAIL_PASSWORD_FIELD);
      if (values.auth === 0) values.passwordSealed = "";
      if (existing) {
        await tx.repo(mailConfig).update([existing.id], values, MSG_MAIL_NOT_SET);
        return existing.id;
      }
      return tx.repo(mailConfig).insert(values, tx.tenantId);
    });
    const [row] = await scope.repo(mailConfig).find([id], MSG_MAIL_NOT_SET);
    return ok(c, mailVO(row));
  };

  const sendTest = async (c: Context<AppEnv>) => {
    const body = await readJsonObject(c);
    const to = typeof body.to === "string" ? body.to.trim() : "";
    if (!to) fieldErrors([{ field: "to", message: MSG_TO_REQUIRED }]);
    if (to.length > 255 || !patterns.email.test(to)) fieldErrors([{ field: "to", message: "邮箱格式不正确" }]);
    const row = await ownRow(c.var.scope);
    if (!row) throw badRequest(MSG_MAIL_NOT_SET);
    let settings: MailSettings;
    try {
      settings = toMailSettings(row, ctx.secrets);
    } catch (error) {
      if (!(error instanceof SecretError)) throw error;
      // Sealed under another key (the key file was lost or replaced): only typing it again helps.
      return ok(c, { sent: false, accepted: [], rejected: [to], response: MSG_PASSWORD_UNREADABLE });
    }
    // The server's answer is the point of a test: a refusal or an unreachable host is reported, not thrown.
    try {
      const result = await sendMail(settings, {
        to,
        subject: "【Blade】测试邮件 / Test mail",
        text: `这是一封来自 Blade 的测试邮件,说明邮箱配置可以发送邮件。\nThis test mail from Blade shows that the mail settings work.\n\nSMTP: ${settings.host}:${settings.port}`,
      });
      return ok(c, { sent: result.accepted.length > 0, accepted: result.accepted, rejected: result.rejected, response: result.response });
    } catch (error) {
      return ok(c, { sent: false, accepted: [], rejected: [to], response: describeMailError(error), timeoutMs: SMTP_TIMEOUT_MS });
    }
  };

  return defineRoutes(ctx, [
    {
      method: ["POST", "GET"],
      path: "/getMailConfig",
      access: can(MAIL_CODES.view),
      handler: async (c) => {
        await readParams(c); // a serialised form (appName …): nothing in it selects another row
        return ok(c, mailVO(await ownRow(c.var.scope)));
      },
    },
    { method: "POST", path: "/saveOrUpdateMailConfig", access: can(MAIL_CODES.edit), handler: save },
    { method: "POST", path: "/sendTestMail", access: can(MAIL_CODES.edit), handler: sendTest },
  ]);
}

export const mailModule: ApiModule = { base: MAIL_API, routes: mailRoutes };
