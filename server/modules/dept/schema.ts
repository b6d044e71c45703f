import { index, integer, varchar } from "drizzle-orm/pg-core";
import { tenantTable } from "../../db/tenant-table";
import { auditColumns, id, parentId, tenantId } from "../../db/columns";

export const dept = tenantTable(
  "blade_dept",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    parentId: parentId(),
    ancestors: varchar("ancestors", { length: 2000 }).notNull().default("0"),
    deptCategory: integer("dept_category").notNull().default(1),
    deptName: varchar("dept_name", { length: 45 }).notNull(),
    fullName: varchar("full_name", { length: 45 }).notNull().default(""),
    linkMan: varchar("link_man", { length: 64 }).notNull().default(""),
    phone: varchar("phone", { length: 45 }).notNull().default(""),
    mailbox: varchar("mailbox", { length: 100 }).notNull().default(""),
    sort: integer("sort").notNull().default(0),
    remark: varchar("remark", { length: 255 }).notNull().default(""),
    ...auditColumns(),
  },
  (t) => [index("blade_dept_tenant_parent_idx").on(t.tenantId, t.parentId)],
);
