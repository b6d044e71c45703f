import { index, integer, varchar } from "drizzle-orm/pg-core";
import { tenantTable } from "../../db/tenant-table";
import { auditColumns, bytea, id, tenantId } from "../../db/columns";

/** Uploaded files, bytes included: one mechanism for PGlite and PostgreSQL, and for every instance. */
export const file = tenantTable(
  "blade_file",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    name: varchar("name", { length: 255 }).notNull(),
    originalName: varchar("original_name", { length: 255 }).notNull(),
    extension: varchar("extension", { length: 16 }).notNull(),
    contentType: varchar("content_type", { length: 128 }).notNull(),
    size: integer("size").notNull(),
    data: bytea("data").notNull(),
    ...auditColumns(),
  },
  (t) => [index("blade_file_tenant_idx").on(t.tenantId)],
);
