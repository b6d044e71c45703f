/**
 * What a caller's roles hold of the menu tree, and where each page is listed (the side menu, the
 * route guard and 权限解释 evaluate the same contract/menu-reach.ts over what this answers).
 * Shared by the menu module (the session's routes and grant trees) and the user module (explain).
 */
import { asc, eq, inArray } from "drizzle-orm";
import type { MenuNode } from "../../domain/contract";
import { ADMINISTRATOR_ALIAS } from "../../domain/contract";
import type { MenuReach } from "../../domain/contract/menu-reach";
import { SYSTEM_TYPE_CONSOLE } from "../../domain/resources/system/menu/spec";
import { menu, role, roleMenu, topMenu, topMenuSetting } from "../db/schema";
import { buildForest } from "../db/tree";
import type { TenantScope } from "./tenant-scope";
import { dbOf } from "./handle";
import { PLATFORM_MENU_CODES, packageMenuIds } from "./tenants";

export type MenuRow = typeof menu.$inferSelect;

export const toMenuNode = (m: MenuRow): MenuNode => ({
  id: m.id,
  parentId: m.parentId,
  code: m.code,
  name: m.name,
  alias: m.alias,
  path: m.path,
  source: m.source,
  sort: m.sort,
  category: m.category,
  action: m.action,
  isOpen: m.isOpen,
  systemType: m.systemType,
  isDefault: m.isDefault,
  remark: m.remark,
});

/**
 * What of the menu tree is the console's: entries of another client (§3 systemType, e.g. 移动端)
 * and everything below them are left out of what builds the console's side menu and route guard.
 */
export function consoleMenus(menus: MenuRow[]): MenuRow[] {
  const elsewhere = withDescendants(menus, menus.filter((m) => m.systemType !== SYSTEM_TYPE_CONSOLE).map((m) => m.id));
  return elsewhere.size ? menus.filter((m) => !elsewhere.has(m.id)) : menus;
}

/**
 * Every live menu and button, in display order. Every page load reads it twice (routes and
 * buttons) and only a menu edit changes it, so it is kept in memory although it is longer than
 * the few rows kept by default (a few hundred with the sample menus; the bench's mix found both
 * reads going to the database every time).
 */
export async function allMenus(scope: TenantScope): Promise<MenuRow[]> {
  return scope.repo(menu).list(undefined, { orderBy: [asc(menu.sort), asc(menu.id)], rememberUpTo: MENU_ROWS_REMEMBERED });
}

/** Far above any menu tree a console shows; a table grown past it is read from the database again. */
const MENU_ROWS_REMEMBERED = 5_000;

/**
 * Ids granted to the caller's roles (live ones of its tenant), within its tenant's package and
 * without the platform's own menus; the platform administrator is granted everything.
 */
export async function grantedMenuIds(scope: TenantScope, menus: MenuRow[]): Promise<Set<string>> {
  const caller = scope.caller;
  if (caller.isAdministrator) return new Set(menus.map((m) => m.id));
  if (caller.roleIds.length === 0) return new Set();
  const roles = await scope.repo(role).list(inArray(role.id, caller.roleIds));
  const held = await withinPackage(scope, caller.tenantId, await menuIdsOfRoles(scope, roles.map((r) => r.id)));
  const platformOnly = platformOnlyIds(menus);
  return new Set([...held].filter((id) => !platformOnly.has(id)));
}

/** The platform's own menus and everything below them: only the platform administrator's. */
const platformOnlyIds = (menus: MenuRow[]) => withDescendants(menus, menus.filter((m) => PLATFORM_MENU_CODES.includes(m.code)).map((m) => m.id));

/**
 * The menus the caller may read in menu management (lists, detail): undefined — all of them — for
 * the platform administrator; for anyone else what the tenant's package lets it have with the path
 * to it, never the platform's own menus. The same line as writes, which only the platform
 * administrator makes: a tenant administrator does not learn of menus outside its tenant.
 */
export async function readableMenuIds(scope: TenantScope, menus: MenuRow[]): Promise<Set<string> | undefined> {
  if (scope.caller.isAdministrator) return undefined;
  const allowed = await withinPackage(scope, scope.tenantId, new Set(menus.map((m) => m.id)));
  const platformOnly = platformOnlyIds(menus);
  return withAncestors(menus, [...allowed].filter((id) => !platformOnly.has(id)));
}

/** What of `ids` a tenant's package lets it use (everything without a package, as in BladeX). */
async function withinPackage(scope: TenantScope, tenantId: string, ids: Set<string>): Promise<Set<string>> {
  const allowed = await packageMenuIds(scope, tenantId);
  return allowed ? new Set([...ids].filter((id) => allowed.has(id))) : ids;
}

/** Menu and button ids granted to these roles (role_menu; the caller has checked the roles). */
export async function menuIdsOfRoles(scope: TenantScope, roleIds: string[]): Promise<Set<string>> {
  if (roleIds.length === 0) return new Set();
  const rows = await dbOf(scope).select({ menuId: roleMenu.menuId }).from(roleMenu).where(inArray(roleMenu.roleId, roleIds));
  return new Set(rows.map((r) => r.menuId));
}

/** What the live roles of a tenant hold together within its package (the caller's own tenant unless it crosses tenants). */
export async function menuIdsOfTenant(scope: TenantScope, tenantId: string): Promise<Set<string>> {
  const roles = await scope.repo(role).list(undefined, { tenantId });
  return withinPackage(scope, tenantId, await menuIdsOfRoles(scope, roles.map((r) => r.id)));
}

/** These menus and every menu above them (a tree shows the path to what it holds). */
export function withAncestors(menus: MenuRow[], ids: Iterable<string>): Set<string> {
  const byId = new Map(menus.map((m) => [m.id, m]));
  const out = new Set<string>();
  for (const id of ids) {
    for (let m = byId.get(id); m && !out.has(m.id); m = byId.get(m.parentId)) out.add(m.id);
  }
  return out;
}

/** These menus and everything below them. */
export function withDescendants(menus: MenuRow[], ids: Iterable<string>): Set<string> {
  const out = new Set(ids);
  for (let grew = true; grew; ) {
    grew = false;
    for (const m of menus) {
      if (!out.has(m.id) && out.has(m.parentId)) {
        out.add(m.id);
        grew = true;
      }
    }
  }
  return out;
}

/**
 * Granted menus plus all their ancestors (a grant of a child shows the path to it), category 1,
 * the console's only (consoleMenus). With a top menu, only what it holds counts: its menus and
 * everything below them (BladeX intersects the role's menus with the top menu's).
 */
export async function routesOf(scope: TenantScope, topMenuIds?: string[]): Promise<MenuNode[]> {
  const menus = consoleMenus(await allMenus(scope));
  let granted = await grantedMenuIds(scope, menus);
  if (topMenuIds) {
    const within = withDescendants(menus, topMenuIds);
    granted = new Set([...granted].filter((id) => within.has(id)));
  }
  const visible = withAncestors(menus, granted);
  return buildForest(menus.filter((m) => visible.has(m.id) && m.category === 1).map(toMenuNode));
}


/** The menus a top menu holds (its grant), answered as /menu/routes?topMenuId= answers them. */
export async function topMenuSettings(scope: TenantScope, topMenuIds: string[]): Promise<{ topMenuId: string; menuId: string }[]> {
  if (topMenuIds.length === 0) return [];
  return dbOf(scope).select({ topMenuId: topMenuSetting.topMenuId, menuId: topMenuSetting.menuId }).from(topMenuSetting).where(inArray(topMenuSetting.topMenuId, topMenuIds));
}

/** The live top menus of the caller's tenant, in display order (§6: none for the administrator). */
export async function topMenusOfCaller(scope: TenantScope) {
  if (scope.caller.roleAliases.includes(ADMINISTRATOR_ALIAS)) return [];
  return scope.repo(topMenu).list(eq(topMenu.status, 1), { orderBy: [asc(topMenu.sort), asc(topMenu.id)], tenantId: scope.tenantId });
}

/**
 * Everything the console's side menu and route guard read for this caller — the granted tree, each
 * top menu's answer, the role aliases — as the calls /menu/routes and /menu/top-menu answer them.
 */
export async function menuReachOf(scope: TenantScope): Promise<MenuReach> {
  const tops = await topMenusOfCaller(scope);
  const settings = await topMenuSettings(scope, tops.map((t) => t.id));
  const routes = await Promise.all(tops.map((t) => routesOf(scope, settings.filter((s) => s.topMenuId === t.id).map((s) => s.menuId))));
  return {
    menus: await routesOf(scope),
    tops: tops.map((t, i) => ({ id: t.id, name: t.name, routes: routes[i] })),
    roles: scope.caller.roleAliases,
  };
}
