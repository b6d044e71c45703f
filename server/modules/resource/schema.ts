import { index, integer, pgTable, varchar } from "drizzle-orm/pg-core";
import { auditColumns, bytea, id, tenantId } from "../../db/columns";

/** Uploaded files, bytes included: one mechanism for PGlite and PostgreSQL, and for every instance. */
export const file = pgTable(
  "blade_file",
  {
    id: id("id").primaryKey(),
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
