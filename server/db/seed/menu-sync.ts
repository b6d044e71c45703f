import { and, eq } from "drizzle-orm";
import { ADMINISTRATOR_ALIAS, DEFAULT_TENANT_ID } from "../../../src/contract";
import type { Db } from "../connection";
import { nextId } from "../ids";
import { menu, role, roleMenu } from "../schema";
import { menuRows } from "./index";
import { MENU_TREE, type MenuSeed } from "./menus";

/**
 * A database seeded by an earlier version lacks the menus and buttons added since (a new page, a
 * new permission code): the routes that check those codes would refuse everyone. At every start
 * after the first, each seeded menu or button whose code the database has never held (deleted
 * ones count as held: an operator's deletion stands) is added under its parent and granted to the
 * platform's administrator role, which holds everything. Returns the codes added.
 */
export async function syncSeededMenus(tx: Db, tree: MenuSeed[] = MENU_TREE): Promise<string[]> {
  const held = new Map((await tx.select({ id: menu.id, code: menu.code }).from(menu)).map((m) => [m.code, m.id]));
  const fresh = menuRows(tree);
  const freshCode = new Map(fresh.map((m) => [m.id!, m.code]));
  const missing = fresh.filter((m) => !held.has(m.code));
  if (!missing.length) return [];
  // A missing row hangs below its parent as the database knows it, or as just added.
  const idOf = new Map([...held, ...missing.map((m) => [m.code, m.id!] as const)]);
  const rows = missing.map((m) => ({ ...m, parentId: m.parentId === "0" ? "0" : idOf.get(freshCode.get(m.parentId!)!)! }));
  await tx.insert(menu).values(rows);
  const [administrator] = await tx
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.tenantId, DEFAULT_TENANT_ID), eq(role.roleAlias, ADMINISTRATOR_ALIAS), eq(role.isDeleted, 0)));
  if (administrator) await tx.insert(roleMenu).values(rows.map((m) => ({ id: nextId(), roleId: administrator.id, menuId: m.id! })));
  return rows.map((m) => m.code);
}
