import { and, eq } from "drizzle-orm";
import { VERIFICATION_CODE } from "../../domain/resources/system/shortMessageService/spec";
import type { Db } from "../db/connection";
import { smsConfig } from "../db/schema";
import type { SecretBox } from "../security/secrets";
import { TenantScope } from "../security/tenant-scope";
import { SMS_PROVIDERS, type SmsProvider, type SmsSettings } from "./sms-adapters";

export { VERIFICATION_CODE };
export const SMS_SECRET_FIELD = "sms.secretKey";

export type SmsConfigRow = typeof smsConfig.$inferSelect;

export const isSmsProvider = (value: string): value is SmsProvider => (SMS_PROVIDERS as readonly string[]).includes(value);

export function toSmsSettings(row: SmsConfigRow, secrets: SecretBox): SmsSettings {
  return {
    provider: isSmsProvider(row.provider) ? row.provider : "log",
    accessKey: row.accessKey,
    secretKey: secrets.openOptional(row.secretKeySealed, SMS_SECRET_FIELD),
    signName: row.signName,
    templateId: row.templateId,
    regionId: row.regionId,
    endpoint: row.endpoint,
  };
}

/** The tenant's enabled configuration of this use, else none (a tenant's texts are signed with its own name). */
export async function smsSettingsFor(db: Db, secrets: SecretBox, tenantId: string, now: () => number, smsCode = VERIFICATION_CODE): Promise<SmsSettings | undefined> {
  const [row] = await TenantScope.system(db, tenantId, now)
    .repo(smsConfig)
    .list(and(eq(smsConfig.smsCode, smsCode), eq(smsConfig.status, 1)), { limit: 1 });
  return row ? toSmsSettings(row, secrets) : undefined;
}
