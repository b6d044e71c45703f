import { index, integer, pgTable, varchar } from "drizzle-orm/pg-core";
import { auditColumns, id } from "../../db/columns";

/**
 * Data scopes (§6): per menu, which rows a role holding the scope sees. Platform-wide like the
 * menus they hang from; granted to roles through blade_role_scope (category 1).
 */
export const scopeData = pgTable(
  "blade_scope_data",
  {
    id: id("id").primaryKey(),
    menuId: id("menu_id").notNull(),
    resourceCode: varchar("resource_code", { length: 255 }).notNull().default(""),
    scopeName: varchar("scope_name", { length: 255 }).notNull(),
    scopeField: varchar("scope_field", { length: 255 }).notNull().default(""),
    scopeClass: varchar("scope_class", { length: 500 }).notNull().default(""),
    scopeColumn: varchar("scope_column", { length: 255 }).notNull().default(""),
    /** data_scope_type: 1 all, 2 own, 3 own dept, 4 own dept and below, 5 custom. */
    scopeType: integer("scope_type").notNull().default(1),
    scopeValue: varchar("scope_value", { length: 2000 }).notNull().default(""),
    remark: varchar("remark", { length: 255 }).notNull().default(""),
    ...auditColumns(),
  },
  (t) => [index("blade_scope_data_menu_idx").on(t.menuId)],
);

/** API scopes: per menu, the request paths a role holding the scope may call (category 2). */
export const scopeApi = pgTable(
  "blade_scope_api",
  {
    id: id("id").primaryKey(),
    menuId: id("menu_id").notNull(),
    resourceCode: varchar("resource_code", { length: 255 }).notNull().default(""),
    scopeName: varchar("scope_name", { length: 255 }).notNull(),
    scopePath: varchar("scope_path", { length: 255 }).notNull().default(""),
    /** api_scope_type: 1 system, 2 business. */
    scopeType: integer("scope_type").notNull().default(1),
    remark: varchar("remark", { length: 255 }).notNull().default(""),
    ...auditColumns(),
  },
  (t) => [index("blade_scope_api_menu_idx").on(t.menuId)],
);
