import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { commonMenu, menu, roleMenu } from "../../db/schema";
import { badRequest } from "../../http/errors";
import type { TenantScope } from "../../security/tenant-scope";

/**
 * The workbench shortcuts of the caller (`common/menu`, `common/save`, `common/remove`): only
 * menus the caller holds through its roles can be added, and a shortcut whose menu the caller no
 * longer holds is not shown (the grant, not the shortcut, decides what the user may open).
 */

export const SHORTCUT_TYPES = { common: 1, fixed: 2 } as const;
/** Most shortcuts one user keeps: the workbench shows them all at once. */
export const MAX_SHORTCUTS = 50;

export const MSG_MENU_NOT_HELD = "菜单不存在或无权访问";
export const MSG_PICK_MENU = "请选择菜单";
export const MSG_TOO_MANY = `快捷入口最多${MAX_SHORTCUTS}个`;
export const MSG_NO_SHORTCUT = "快捷入口不存在";

export interface ShortcutVO {
  id: string;
  menuId: string;
  /** 1 common, 2 fixed. */
  type: number;
  sort: number;
  code: string;
  name: string;
  path: string;
  source: string;
}

/** The page menus (category 1, with a path) the caller's roles hold; the administrator holds all. */
async function heldMenus(scope: TenantScope, ids?: string[]) {
  const pages = and(eq(menu.category, 1), ne(menu.path, ""), ids ? inArray(menu.id, ids) : undefined);
  if (scope.caller.isAdministrator) return scope.repo(menu).list(pages);
  if (scope.caller.roleIds.length === 0) return [];
  const granted = await scope
    .platform(roleMenu)
    .distinct({ id: roleMenu.menuId }, and(inArray(roleMenu.roleId, scope.caller.roleIds), ids ? inArray(roleMenu.menuId, ids) : undefined));
  if (granted.length === 0) return [];
  return scope.repo(menu).list(and(pages, inArray(menu.id, granted.map((g) => g.id))));
}

const own = (scope: TenantScope) => eq(commonMenu.userId, scope.caller.userId);

export async function listShortcuts(scope: TenantScope): Promise<ShortcutVO[]> {
  const rows = await scope.repo(commonMenu).list(own(scope), { orderBy: [asc(commonMenu.type), asc(commonMenu.sort), asc(commonMenu.id)] });
  if (rows.length === 0) return [];
  const menus = new Map((await heldMenus(scope, rows.map((r) => r.menuId))).map((m) => [m.id, m]));
  return rows.flatMap((r) => {
    const m = menus.get(r.menuId);
    // Fixed shortcuts first (pinned), then the common ones.
    return m ? [{ id: r.id, menuId: r.menuId, type: r.type, sort: r.sort, code: m.code, name: m.name, path: m.path, source: m.source }] : [];
  }).sort((a, b) => b.type - a.type || a.sort - b.sort);
}

/** Adds the menus as shortcuts of `type` (an existing shortcut of the menu changes type). One transaction. */
export async function saveShortcuts(scope: TenantScope, menuIds: string[], type: number): Promise<void> {
  if (menuIds.length === 0) throw badRequest(MSG_PICK_MENU);
  const held = await heldMenus(scope, menuIds);
  if (held.length !== menuIds.length) throw badRequest(MSG_MENU_NOT_HELD);
  await scope.transaction(async (tx) => {
    const repo = tx.repo(commonMenu);
    const existing = await repo.list(own(tx));
    const byMenu = new Map(existing.map((r) => [r.menuId, r]));
    const fresh = menuIds.filter((id) => !byMenu.has(id));
    if (existing.length + fresh.length > MAX_SHORTCUTS) throw badRequest(MSG_TOO_MANY);
    const retype = menuIds.filter((id) => byMenu.get(id) && byMenu.get(id)!.type !== type).map((id) => byMenu.get(id)!.id);
    if (retype.length) await repo.update(retype, { type });
    const next = existing.reduce((max, r) => Math.max(max, r.sort), 0);
    await repo.insertMany(fresh.map((menuId, i) => ({ userId: tx.caller.userId, menuId, type, sort: next + i + 1 })));
  });
}

/** Removes the caller's own shortcuts by id; another user's id is answered like a missing one. */
export async function removeShortcuts(scope: TenantScope, ids: string[]): Promise<void> {
  if (ids.length === 0) throw badRequest(MSG_PICK_MENU);
  await scope.transaction(async (tx) => {
    const rows = await tx.repo(commonMenu).list(and(own(tx), inArray(commonMenu.id, ids)));
    if (rows.length !== ids.length) throw badRequest(MSG_NO_SHORTCUT);
    await tx.repo(commonMenu).remove(ids, MSG_NO_SHORTCUT);
  });
}
