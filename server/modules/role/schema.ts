import { index, integer, pgTable, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { auditColumns, id, parentId, tenantId } from "../../db/columns";

export const role = pgTable(
  "blade_role",
  {
    id: id("id").primaryKey(),
    tenantId: tenantId(),
    parentId: parentId(),
    roleName: varchar("role_name", { length: 255 }).notNull(),
    roleAlias: varchar("role_alias", { length: 255 }).notNull(),
    sort: integer("sort").notNull().default(0),
    /** The role category (blade_role_category) it is filed under; "0" = none. */
    categoryId: id("category_id").notNull().default("0"),
    ...auditColumns(),
  },
  (t) => [index("blade_role_tenant_idx").on(t.tenantId)],
);

export const roleMenu = pgTable(
  "blade_role_menu",
  { id: id("id").primaryKey(), menuId: id("menu_id").notNull(), roleId: id("role_id").notNull() },
  (t) => [uniqueIndex("blade_role_menu_uq").on(t.roleId, t.menuId)],
);

/** Data (1) and API (2) scopes granted to a role (blade_role_scope). */
export const roleScope = pgTable(
  "blade_role_scope",
  { id: id("id").primaryKey(), scopeCategory: integer("scope_category").notNull(), scopeId: id("scope_id").notNull(), roleId: id("role_id").notNull() },
  (t) => [uniqueIndex("blade_role_scope_uq").on(t.roleId, t.scopeCategory, t.scopeId)],
);

/** Categories that group a tenant's roles (a tree). */
export const roleCategory = pgTable(
  "blade_role_category",
  {
    id: id("id").primaryKey(),
    tenantId: tenantId(),
    parentId: parentId(),
    categoryName: varchar("category_name", { length: 64 }).notNull(),
    sort: integer("sort").notNull().default(0),
    remark: varchar("remark", { length: 255 }).notNull().default(""),
    ...auditColumns(),
  },
  (t) => [index("blade_role_category_tenant_idx").on(t.tenantId)],
);
