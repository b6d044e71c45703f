import { sql } from "drizzle-orm";
import { tenantTable } from "../../db/tenant-table";
import { text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { auditColumns, id, tenantId } from "../../db/columns";

/**
 * 短信配置 (BladeX blade_sms): per tenant and use (`VERIFICATION_CODE`), the provider, its keys,
 * signature and template. The secret key is stored sealed. `status` 1 enabled, 0 disabled.
 */
export const smsConfig = tenantTable(
  "blade_sms_config",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    smsCode: varchar("sms_code", { length: 64 }).notNull(),
    provider: varchar("provider", { length: 32 }).notNull().default("log"),
    accessKey: varchar("access_key", { length: 255 }).notNull().default(""),
    secretKeySealed: text("secret_key_sealed").notNull().default(""),
    signName: varchar("sign_name", { length: 64 }).notNull().default(""),
    templateId: varchar("template_id", { length: 128 }).notNull().default(""),
    regionId: varchar("region_id", { length: 64 }).notNull().default(""),
    /** Another address of the provider's API (a private gateway or a proxy); the provider's own when empty. */
    endpoint: varchar("endpoint", { length: 500 }).notNull().default(""),
    remark: varchar("remark", { length: 255 }).notNull().default(""),
    ...auditColumns(),
  },
  (t) => [uniqueIndex("blade_sms_config_code_uq").on(t.tenantId, t.smsCode).where(sql`${t.isDeleted} = 0`)],
);
