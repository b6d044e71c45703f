import { pgTable, text, varchar } from "drizzle-orm/pg-core";
import { auditColumns, id } from "../../db/columns";

/**
 * 数据源 (BladeX blade_datasource): a PostgreSQL database a tenant's rows may live in
 * (`tenant/datasource` places a tenant on one). A platform table: the platform administrator's.
 * `password` holds the sealed password (security/secrets.ts), never the password as typed.
 */
export const datasource = pgTable("blade_datasource", {
  id: id("id").primaryKey(),
  name: varchar("name", { length: 100 }).notNull(),
  driverClass: varchar("driver_class", { length: 32 }).notNull().default("postgresql"),
  url: varchar("url", { length: 500 }).notNull(),
  username: varchar("username", { length: 64 }).notNull().default(""),
  password: text("password").notNull().default(""),
  remark: varchar("remark", { length: 255 }).notNull().default(""),
  ...auditColumns(),
});
