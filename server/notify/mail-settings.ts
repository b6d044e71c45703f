import { eq } from "drizzle-orm";
import { DEFAULT_TENANT_ID } from "../../domain/contract";
import type { Db } from "../db/connection";
import { mailConfig } from "../db/schema";
import { TenantScope } from "../security/tenant-scope";
import type { SecretBox } from "../security/secrets";

/** An SMTP server as nodemailer needs it, the password opened. Lives only for one send. */
export interface MailSettings {
  host: string;
  port: number;
  auth: boolean;
  user: string;
  password: string;
  from: string;
  starttls: boolean;
  ssl: boolean;
  /** Host names whose certificate is accepted as it is; `*` for every one. */
  sslTrusts: string[];
}

export const MAIL_PASSWORD_FIELD = "mail.password";

export type MailConfigRow = typeof mailConfig.$inferSelect;

export const trustList = (text: string) => text.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean);

export function toMailSettings(row: MailConfigRow, secrets: SecretBox): MailSettings {
  return {
    host: row.host,
    port: row.port,
    auth: row.auth === 1,
    user: row.username,
    password: secrets.openOptional(row.passwordSealed, MAIL_PASSWORD_FIELD),
    from: row.fromAddress,
    starttls: row.starttlsEnable === 1,
    ssl: row.sslEnable === 1,
    sslTrusts: trustList(row.sslTrusts),
  };
}

/** The tenant's own mail server, else the platform's (tenant 000000), else none. */
export async function mailSettingsFor(db: Db, secrets: SecretBox, tenantId: string, now: () => number): Promise<MailSettings | undefined> {
  for (const t of tenantId === DEFAULT_TENANT_ID ? [tenantId] : [tenantId, DEFAULT_TENANT_ID]) {
    const [row] = await TenantScope.system(db, t, now).repo(mailConfig).list(eq(mailConfig.status, 1), { limit: 1 });
    if (row) return toMailSettings(row, secrets);
  }
  return undefined;
}
