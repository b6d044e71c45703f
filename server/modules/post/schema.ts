import { index, integer, varchar } from "drizzle-orm/pg-core";
import { tenantTable } from "../../db/tenant-table";
import { auditColumns, id, tenantId } from "../../db/columns";

export const post = tenantTable(
  "blade_post",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    category: integer("category").notNull().default(1),
    postCode: varchar("post_code", { length: 12 }).notNull(),
    postName: varchar("post_name", { length: 64 }).notNull(),
    sort: integer("sort").notNull().default(0),
    remark: varchar("remark", { length: 255 }).notNull().default(""),
    ...auditColumns(),
  },
  (t) => [index("blade_post_tenant_idx").on(t.tenantId)],
);
