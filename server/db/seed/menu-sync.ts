import { and, eq, inArray } from "drizzle-orm";
import { ADMINISTRATOR_ALIAS, DEFAULT_TENANT_ID } from "../../../domain/contract";
import type { Db } from "../connection";
import { nextId } from "../ids";
import { menu, role, roleMenu, tenantPackage } from "../schema";
import { menuRows, userRoleMenus } from "./index";
import { MENU_TREE, type MenuSeed } from "./menus";
import { USER_ROLE_BUTTON_CODES } from "../../../domain/menus";

/** The alias of role 普通用户, which the first start creates beside the administrator. */
const USER_ROLE_ALIAS = "user";

/**
 * A database seeded by an earlier version lacks the menus and buttons added since (a new page, a
 * new permission code): the routes that check those codes would refuse everyone. At every start
 * after the first, each seeded menu or button whose code the database has never held (deleted
 * ones count as held: an operator's deletion stands) is added under its parent and granted to the
 * platform's administrator role, which holds everything. A new button whose page was already there
 * is also granted to every role (of any tenant) holding that page and added to every package
 * holding it: a check that moved onto a new button must not take away what those roles could do.
 * A new page that a new install gives role 普通用户 is given to that role of every tenant.
 * Returns the codes added.
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
  await grantUserRole(tx, rows);
  // A new page's buttons follow nobody's grants but the administrator's: no one held the page.
  const heldIds = new Set(held.values());
  await followParents(tx, rows.filter((m) => m.category === 2 && heldIds.has(m.parentId)), administrator?.id);
  return rows.map((m) => m.code);
}

/**
 * Role 普通用户 (alias `user`, of every tenant) is given what a new install gives it (userRoleMenus:
 * its pages and their buttons) among the menus just created — the 资源中心 pages of an install
 * older than them. Only at their creation: from then on the menus are held, so an operator who
 * takes them away from the role is not overridden at the next start.
 */
async function grantUserRole(tx: Db, created: { id?: string; code: string; parentId: string; category?: number | null }[]): Promise<void> {
  const menus = userRoleMenus(created);
  if (!menus.length) return;
  const holders = await tx.select({ id: role.id }).from(role).where(and(eq(role.roleAlias, USER_ROLE_ALIAS), eq(role.isDeleted, 0)));
  const grants = holders.flatMap((r) => menus.map((m) => ({ id: nextId(), roleId: r.id, menuId: m.id! })));
  if (grants.length) await tx.insert(roleMenu).values(grants).onConflictDoNothing();
}

/**
 * Grants each new button wherever its (older) page is granted: live roles and tenant packages. Role
 * 普通用户 gets only the buttons it is meant to hold (USER_ROLE_BUTTON_CODES): holding 审批管理 to
 * see its own directories' requests, it must not receive a new power over everyone's.
 */
async function followParents(tx: Db, buttons: { id?: string; code: string; parentId: string }[], administratorId: string | undefined): Promise<void> {
  if (!buttons.length) return;
  const parents = [...new Set(buttons.map((b) => b.parentId))];
  const holders = await tx
    .select({ roleId: roleMenu.roleId, menuId: roleMenu.menuId, alias: role.roleAlias })
    .from(roleMenu)
    .innerJoin(role, eq(role.id, roleMenu.roleId))
    .where(and(inArray(roleMenu.menuId, parents), eq(role.isDeleted, 0)));
  const grants = holders
    .filter((h) => h.roleId !== administratorId)
    .flatMap((h) =>
      buttons
        .filter((b) => b.parentId === h.menuId && (h.alias !== USER_ROLE_ALIAS || USER_ROLE_BUTTON_CODES.includes(b.code)))
        .map((b) => ({ id: nextId(), roleId: h.roleId, menuId: b.id! })),
    );
  if (grants.length) await tx.insert(roleMenu).values(grants).onConflictDoNothing();
  const packages = await tx.select({ id: tenantPackage.id, menuId: tenantPackage.menuId }).from(tenantPackage);
  for (const pkg of packages) {
    const ids = pkg.menuId.split(",").filter(Boolean);
    const held = new Set(ids);
    const added = buttons.filter((b) => held.has(b.parentId) && !held.has(b.id!)).map((b) => b.id!);
    if (added.length) await tx.update(tenantPackage).set({ menuId: [...ids, ...added].join(",") }).where(eq(tenantPackage.id, pkg.id));
  }
}
