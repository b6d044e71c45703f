import { index, integer, pgTable, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { tenantTable } from "../../db/tenant-table";
import { auditColumns, id, parentId, tenantId } from "../../db/columns";

export const role = tenantTable(
  "blade_role",
  {
    id: id("id").notNull(),
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
export const roleCategory = tenantTable(
  "blade_role_category",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    parentId: parentId(),
    categoryName: varchar("category_name", { length: 64 }).notNull(),
    sort: integer("sort").notNull().default(0),
    remark: varchar("remark", { length: 255 }).notNull().default(""),
    ...auditColumns(),
  },
  (t) => [index("blade_role_category_tenant_idx").on(t.tenantId)],
);

/** Role groups (roleGroup/*): named sets of applications a role's users may use; status 1 enabled, 0 disabled. */
export const roleGroup = tenantTable(
  "blade_role_group",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    roleId: id("role_id").notNull(),
    groupName: varchar("group_name", { length: 64 }).notNull(),
    sort: integer("sort").notNull().default(0),
    remark: varchar("remark", { length: 255 }).notNull().default(""),
    ...auditColumns(),
  },
  (t) => [index("blade_role_group_role_idx").on(t.tenantId, t.roleId)],
);

/** The applications bound to a role group (bindApp). */
export const roleGroupApp = tenantTable(
  "blade_role_group_app",
  { id: id("id").notNull(), tenantId: tenantId(), groupId: id("group_id").notNull(), appId: id("app_id").notNull() },
  (t) => [uniqueIndex("blade_role_group_app_uq").on(t.tenantId, t.groupId, t.appId), index("blade_role_group_app_app_idx").on(t.appId)],
);

/** The application roles ('permission groups') bound to a role group, per application (bingGroup). */
export const roleGroupAppRole = tenantTable(
  "blade_role_group_app_role",
  { id: id("id").notNull(), tenantId: tenantId(), groupId: id("group_id").notNull(), appRoleId: id("app_role_id").notNull() },
  (t) => [uniqueIndex("blade_role_group_app_role_uq").on(t.tenantId, t.groupId, t.appRoleId), index("blade_role_group_app_role_role_idx").on(t.appRoleId)],
);
