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
    ...auditColumns(),
  },
  (t) => [index("blade_role_tenant_idx").on(t.tenantId)],
);

export const roleMenu = pgTable(
  "blade_role_menu",
  { id: id("id").primaryKey(), menuId: id("menu_id").notNull(), roleId: id("role_id").notNull() },
  (t) => [uniqueIndex("blade_role_menu_uq").on(t.roleId, t.menuId)],
);
