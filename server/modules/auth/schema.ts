import { sql } from "drizzle-orm";
import { integer, pgTable, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { auditColumns, id } from "../../db/columns";

/** OAuth2 clients (the console is one); read by security/client.ts on every request. */
export const client = pgTable(
  "blade_client",
  {
    id: id("id").primaryKey(),
    clientId: varchar("client_id", { length: 48 }).notNull(),
    /** sha256 hex of the secret, compared in constant time (the secret ships in the console). */
    clientSecret: varchar("client_secret", { length: 256 }).notNull(),
    resourceIds: varchar("resource_ids", { length: 256 }).notNull().default(""),
    scope: varchar("scope", { length: 256 }).notNull().default("all"),
    authorizedGrantTypes: varchar("authorized_grant_types", { length: 256 }).notNull(),
    webServerRedirectUri: varchar("web_server_redirect_uri", { length: 256 }).notNull().default(""),
    authorities: varchar("authorities", { length: 256 }).notNull().default(""),
    accessTokenValidity: integer("access_token_validity").notNull().default(3600),
    refreshTokenValidity: integer("refresh_token_validity").notNull().default(604800),
    additionalInformation: varchar("additional_information", { length: 4096 }).notNull().default(""),
    autoapprove: varchar("autoapprove", { length: 256 }).notNull().default(""),
    ...auditColumns(),
  },
  (t) => [uniqueIndex("blade_client_client_id_uq").on(t.clientId).where(sql`${t.isDeleted} = 0`)],
);
