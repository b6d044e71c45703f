import { integer, pgTable, varchar } from "drizzle-orm/pg-core";
import { tenantTable } from "../../db/tenant-table";
import { auditColumns, id, parentId, tenantId } from "../../db/columns";

/** Platform-wide, as in Blade: menus are granted to tenants' roles through role_menu. */
export const menu = pgTable("blade_menu", {
  id: id("id").primaryKey(),
  parentId: parentId(),
  code: varchar("code", { length: 255 }).notNull(),
  name: varchar("name", { length: 255 }).notNull(),
  alias: varchar("alias", { length: 255 }).notNull().default("menu"),
  path: varchar("path", { length: 255 }).notNull().default(""),
  source: varchar("source", { length: 255 }).notNull().default(""),
  sort: integer("sort").notNull().default(0),
  /** 1 menu, 2 button. */
  category: integer("category").notNull().default(1),
  /** 0 none, 1 toolbar, 2 row, 3 both. */
  action: integer("action").notNull().default(0),
  /** yes_no dict: 1 no, 2 yes (open in a new window). */
  isOpen: integer("is_open").notNull().default(1),
  component: varchar("component", { length: 255 }).notNull().default(""),
  /** §3 systemType: the client the entry is for, dictionary menu_system_type (1 控制台 web, 2 移动端). */
  systemType: integer("system_type").notNull().default(1),
  /** §3 isDefault: yes_no dict (1 no, 2 yes): the page a holder lands on after signing in (one per tenant). */
  isDefault: integer("is_default").notNull().default(1),
  remark: varchar("remark", { length: 255 }).notNull().default(""),
  isDeleted: integer("is_deleted").notNull().default(0),
});

export const topMenu = tenantTable("blade_top_menu", {
  id: id("id").notNull(),
  tenantId: tenantId(),
  code: varchar("code", { length: 255 }).notNull(),
  name: varchar("name", { length: 255 }).notNull(),
  source: varchar("source", { length: 255 }).notNull().default(""),
  path: varchar("path", { length: 255 }).notNull().default(""),
  sort: integer("sort").notNull().default(0),
  ...auditColumns(),
});

export const topMenuSetting = pgTable("blade_top_menu_setting", {
  id: id("id").primaryKey(),
  topMenuId: id("top_menu_id").notNull(),
  menuId: id("menu_id").notNull(),
});
