import { sql } from "drizzle-orm";
import { tenantTable } from "../../db/tenant-table";
import { index, integer, uniqueIndex } from "drizzle-orm/pg-core";
import { auditColumns, id, tenantId } from "../../db/columns";

/**
 * A user's workbench shortcuts (§2 "common and fixed menu shortcuts"): menus the user holds, kept
 * per user. `type` 1 is a common shortcut, 2 a fixed one (pinned first on the workbench).
 */
export const commonMenu = tenantTable(
  "blade_user_common_menu",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    userId: id("user_id").notNull(),
    menuId: id("menu_id").notNull(),
    type: integer("type").notNull().default(1),
    sort: integer("sort").notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    index("blade_user_common_menu_user_idx").on(t.userId),
    uniqueIndex("blade_user_common_menu_uq").on(t.tenantId, t.userId, t.menuId).where(sql`${t.isDeleted} = 0`),
  ],
);
