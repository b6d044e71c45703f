import { sql } from "drizzle-orm";
import { tenantTable } from "../../db/tenant-table";
import { integer, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { auditColumns, id, tenantId } from "../../db/columns";

/**
 * 邮箱配置: one SMTP server per tenant (the platform's, tenant 000000, serves tenants without
 * their own). The password is stored sealed (security/secrets.ts), never as typed.
 */
export const mailConfig = tenantTable(
  "blade_mail_config",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    host: varchar("host", { length: 255 }).notNull(),
    port: integer("port").notNull(),
    /** 1: sign in to the server with user and password. */
    auth: integer("auth").notNull().default(1),
    username: varchar("username", { length: 255 }).notNull().default(""),
    /** `v1:iv:tag:data`, or "" when none is set. */
    passwordSealed: text("password_sealed").notNull().default(""),
    fromAddress: varchar("from_address", { length: 255 }).notNull(),
    starttlsEnable: integer("starttls_enable").notNull().default(0),
    sslEnable: integer("ssl_enable").notNull().default(0),
    /** Host names whose certificate is trusted as it is (`*` all, or a space/comma list). */
    sslTrusts: varchar("ssl_trusts", { length: 500 }).notNull().default(""),
    ...auditColumns(),
  },
  (t) => [uniqueIndex("blade_mail_config_tenant_uq").on(t.tenantId).where(sql`${t.isDeleted} = 0`)],
);
