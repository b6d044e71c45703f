import type { AppContext } from "../context";
import { badRequest } from "../http/errors";
import { dbOf } from "../security/handle";
import { mailSettingsFor } from "./mail-settings";
import type { CodeMessage, CodeSender } from "./sender";
import { sendSms } from "./sms-adapters";
import { smsSettingsFor } from "./sms-settings";
import { sendMail } from "./smtp";

export const MSG_SEND_FAILED = "验证码发送失败,请稍后再试";
const CODE_MINUTES = 5;

const PURPOSE: Record<string, string> = { login: "登录", reset: "找回密码" };

/** The mail of a verification code: plain text, nothing from the request but the code's purpose. */
export function codeMail(message: CodeMessage) {
  const what = PURPOSE[message.purpose] ?? "身份验证";
  return {
    to: message.to,
    subject: `【Blade】${what}验证码`,
    text: `您正在进行${what}操作,验证码为 ${message.code},${CODE_MINUTES}分钟内有效。如非本人操作,请忽略本邮件。\n\nYour verification code is ${message.code}. It expires in ${CODE_MINUTES} minutes.`,
  };
}

/**
 * Codes through what the console configured: mail through the tenant's (or the platform's) SMTP
 * server, SMS through the tenant's enabled VERIFICATION_CODE configuration. What is not configured
 * (or configured as `log`) goes to `fallback`, the log and outbox of a development install. A
 * failed send is logged for the operator and answered with one plain message, never a 500.
 */
export class ConfiguredCodeSender implements CodeSender {
  constructor(
    private readonly ctx: AppContext,
    readonly fallback: CodeSender,
  ) {}

  async send(message: CodeMessage): Promise<void> {
    const { ctx } = this;
    try {
      if (message.channel === "mail") {
        const settings = await mailSettingsFor(dbOf(ctx), ctx.secrets, message.tenantId, ctx.now);
        if (settings) {
          const result = await sendMail(settings, codeMail(message));
          if (result.accepted.length === 0) throw new Error(`mail refused: ${result.response}`);
          return;
        }
      } else {
        const settings = await smsSettingsFor(dbOf(ctx), ctx.secrets, message.tenantId, ctx.now);
        if (settings && settings.provider !== "log") {
          await sendSms(ctx.fetch, settings, { phone: message.to, params: { code: message.code } }, ctx.now());
          return;
        }
      }
    } catch (error) {
      ctx.logError(error, `sending a ${message.channel} code`);
      throw badRequest(MSG_SEND_FAILED);
    }
    await this.fallback.send(message);
  }
}
