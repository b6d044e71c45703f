import { index, integer, pgTable, varchar } from "drizzle-orm/pg-core";
import { id, parentId, tenantId } from "../../db/columns";
import { tenantTable } from "../../db/tenant-table";

const dictColumns = () => ({
  id: id("id").primaryKey(),
  parentId: parentId(),
  code: varchar("code", { length: 255 }).notNull(),
  /** "-1" on the root row of a code, the value's key on its children (BladeX: varchar). */
  dictKey: varchar("dict_key", { length: 255 }).notNull(),
  dictValue: varchar("dict_value", { length: 255 }).notNull(),
  sort: integer("sort").notNull().default(0),
  remark: varchar("remark", { length: 255 }).notNull().default(""),
  isSealed: integer("is_sealed").notNull().default(0),
  isDeleted: integer("is_deleted").notNull().default(0),
});

/** System dictionaries: platform-wide. */
export const dict = pgTable("blade_dict", dictColumns(), (t) => [index("blade_dict_code_idx").on(t.code)]);

/** Business dictionaries: each tenant has its own. */
export const dictBiz = tenantTable("blade_dict_biz", { ...dictColumns(), id: id("id").notNull(), tenantId: tenantId() }, (t) => [
  index("blade_dict_biz_code_idx").on(t.tenantId, t.code),
]);
