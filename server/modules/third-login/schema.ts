import { sql } from "drizzle-orm";
import { tenantTable } from "../../db/tenant-table";
import { text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { auditColumns, id, tenantId } from "../../db/columns";

/**
 * 三方登录配置: one OAuth2 client per tenant and source. `clientSecret` holds the sealed secret
 * (security/secrets.ts), never the secret as typed. `status` 1 enabled, 0 disabled.
 */
export const thirdLogin = tenantTable(
  "blade_third_login",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    source: varchar("source", { length: 32 }).notNull(),
    name: varchar("name", { length: 64 }).notNull().default(""),
    clientId: varchar("client_id", { length: 255 }).notNull(),
    clientSecret: text("client_secret").notNull().default(""),
    redirectUri: varchar("redirect_uri", { length: 500 }).notNull(),
    authorizeUrl: varchar("authorize_url", { length: 500 }).notNull().default(""),
    tokenUrl: varchar("token_url", { length: 500 }).notNull().default(""),
    userInfoUrl: varchar("user_info_url", { length: 500 }).notNull().default(""),
    scope: varchar("scope", { length: 255 }).notNull().default(""),
    clientAuth: varchar("client_auth", { length: 8 }).notNull().default("post"),
    remark: varchar("remark", { length: 255 }).notNull().default(""),
    ...auditColumns(),
  },
  (t) => [uniqueIndex("blade_third_login_source_uq").on(t.tenantId, t.source).where(sql`${t.isDeleted} = 0`)],
);
