import { index, integer, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { dateTime, id, tenantId } from "../../db/columns";

/** Front-end errors the console uploads from its error-log dialog. */
export const errorLog = pgTable(
  "blade_error_log",
  {
    id: id("id").primaryKey(),
    tenantId: tenantId(),
    userId: id("user_id").notNull(),
    type: varchar("type", { length: 64 }).notNull().default(""),
    url: varchar("url", { length: 2000 }).notNull().default(""),
    message: text("message").notNull().default(""),
    stack: text("stack").notNull().default(""),
    info: text("info").notNull().default(""),
    /** When the console saw it, as the console wrote it. */
    time: varchar("time", { length: 32 }).notNull().default(""),
    ip: varchar("ip", { length: 64 }).notNull().default(""),
    userAgent: varchar("user_agent", { length: 500 }).notNull().default(""),
    createTime: dateTime("create_time"),
    isDeleted: integer("is_deleted").notNull().default(0),
  },
  (t) => [index("blade_error_log_tenant_idx").on(t.tenantId, t.createTime)],
);
