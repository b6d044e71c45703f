import { sql } from "drizzle-orm";
import { pgTable, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { auditColumns, id } from "../../db/columns";

/** Platform-wide parameters; the server reads some of them as settings (security/params.ts). */
export const param = pgTable(
  "blade_param",
  {
    id: id("id").primaryKey(),
    paramName: varchar("param_name", { length: 255 }).notNull(),
    paramKey: varchar("param_key", { length: 255 }).notNull(),
    paramValue: varchar("param_value", { length: 255 }).notNull(),
    remark: varchar("remark", { length: 255 }).notNull().default(""),
    ...auditColumns(),
  },
  (t) => [uniqueIndex("blade_param_key_uq").on(t.paramKey).where(sql`${t.isDeleted} = 0`)],
);
