import nodemailer from "nodemailer";
import type { MailSettings } from "./mail-settings";

/** Short enough that a wrong host answers the operator within the dialog's patience. */
export const SMTP_TIMEOUT_MS = 10_000;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** What the SMTP server said about one message. */
export interface MailResult {
  accepted: string[];
  rejected: string[];
  /** The server's last reply, e.g. `250 2.0.0 Ok: queued as …`. */
  response: string;
}

function transportOf(s: MailSettings) {
  const trustsAll = s.sslTrusts.includes("*");
  return nodemailer.createTransport({
    host: s.host,
    port: s.port,
    secure: s.ssl,
    // STARTTLS on: refuse to go on in the clear; off: never upgrade (a server without TLS).
    requireTLS: s.starttls && !s.ssl,
    ignoreTLS: !s.starttls && !s.ssl,
    auth: s.auth ? { user: s.user, pass: s.password } : undefined,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
    // A trusted host's certificate is taken as it is (self-signed internal relays).
    tls: { rejectUnauthorized: !(trustsAll || s.sslTrusts.includes(s.host)), servername: s.host },
    // nodemailer's own logger would print the conversation, AUTH included.
    logger: false,
    debug: false,
  });
}

export async function sendMail(s: MailSettings, message: MailMessage): Promise<MailResult> {
  const transport = transportOf(s);
  try {
    const info = await transport.sendMail({ from: s.from, to: message.to, subject: message.subject, text: message.text });
    const list = (v: unknown) => (Array.isArray(v) ? v.map((a) => (typeof a === "string" ? a : String((a as { address?: string }).address ?? ""))) : []);
    return { accepted: list(info.accepted), rejected: list(info.rejected), response: String(info.response ?? "") };
  } finally {
    transport.close();
  }
}

/** A failed send in words an operator can act on (no stack, no password). */
export function describeMailError(error: unknown): string {
  const e = error as { code?: string; responseCode?: number; response?: string; message?: string; command?: string };
  if (e?.responseCode && e.response) return `${e.command ? `${e.command}: ` : ""}${e.response}`.slice(0, 500);
  const byCode: Record<string, string> = {
    ETIMEDOUT: "连接邮件服务器超时",
    ECONNECTION: "无法连接邮件服务器",
    ECONNREFUSED: "邮件服务器拒绝连接",
    EDNS: "无法解析邮件服务器地址",
    EAUTH: "邮件服务器登录失败,请检查用户名和密码",
    ETLS: "TLS 握手失败",
    ESOCKET: "与邮件服务器的连接中断",
    EENVELOPE: "收件人或发件人地址被拒绝",
  };
  const words = (e?.code && byCode[e.code]) || "发送失败";
  return `${words}${e?.message ? `: ${String(e.message).slice(0, 300)}` : ""}`;
}
