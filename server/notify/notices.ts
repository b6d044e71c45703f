import type { AppContext } from "../context";
import { formatDateTime } from "../db/time";
import { dbOf } from "../security/handle";
import { mailSettingsFor, type MailSettings } from "./mail-settings";
import { sendMail } from "./smtp";

/**
 * Security notices by mail (issue 10: "mail verification codes and notices go out through this
 * configuration"): the owner of an account hears of a change to its password made anywhere, so a
 * takeover does not go unnoticed. Never the password itself, nothing typed by another person.
 */
export type NoticeKind = "passwordReset" | "passwordChanged" | "passwordFound";

export interface Notice {
  kind: NoticeKind;
  tenantId: string;
  /** The account's mail address; without one there is no notice. */
  to: string;
  account: string;
}

const WHAT: Record<NoticeKind, { zh: string; en: string }> = {
  passwordReset: { zh: "您的账号密码已被管理员重置", en: "An administrator reset the password of your account" },
  passwordChanged: { zh: "您的账号密码已修改", en: "The password of your account was changed" },
  passwordFound: { zh: "您的账号密码已通过找回密码重新设置", en: "The password of your account was set again through find-password" },
};

/** The mail of a notice: plain text, the account and the time, zh first and en beside. */
export function noticeMail(notice: Notice, at: number) {
  const what = WHAT[notice.kind];
  const time = formatDateTime(new Date(at));
  return {
    to: notice.to,
    subject: `【Blade】${what.zh}`,
    text:
      `${what.zh}。\n账号:${notice.account}\n时间:${time}\n如非本人或管理员操作,请立即联系管理员。\n\n` +
      `${what.en}.\nAccount: ${notice.account}\nTime: ${time}\nIf you did not expect this, contact your administrator at once.`,
  };
}

const MAIL_ADDRESS = /^[^\s@]+@[^\s@]+$/;

/**
 * Sends the notices through the tenant's (or the platform's) mail settings, in the background:
 * the change they report is already committed, and a mail server that is slow or down must
 * neither delay nor undo it. Without mail settings nothing is sent (codes fall back to the log;
 * a notice is not worth a log line per user). Resolves when every send has ended, for tests.
 */
export function sendNotices(ctx: AppContext, notices: Notice[]): Promise<void> {
  const deliverable = notices.filter((n) => MAIL_ADDRESS.test(n.to));
  if (deliverable.length === 0) return Promise.resolve();
  const at = ctx.now();
  const sending = (async () => {
    // One lookup of the mail settings per tenant, however many of its users a reset names.
    const settingsOf = new Map<string, Promise<MailSettings | undefined>>();
    for (const notice of deliverable) {
      try {
        if (!settingsOf.has(notice.tenantId)) settingsOf.set(notice.tenantId, mailSettingsFor(dbOf(ctx), ctx.secrets, notice.tenantId, ctx.now));
        const settings = await settingsOf.get(notice.tenantId);
        if (!settings) continue;
        const result = await sendMail(settings, noticeMail(notice, at));
        if (result.accepted.length === 0) throw new Error(`mail refused: ${result.response}`);
      } catch (error) {
        ctx.logError(error, `sending a ${notice.kind} notice`);
      }
    }
  })();
  return sending;
}
