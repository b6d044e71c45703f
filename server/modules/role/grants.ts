import { and, eq, inArray } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { SCOPE_CATEGORY, type GrantBody } from "../../../domain/resources/system/role/contract";
import { isId } from "../../db/ids";
import { menu, role, roleMenu, roleScope, scopeApi, scopeData } from "../../db/schema";
import { MAX_IDS } from "../../http/body";
import { badRequest, forbidden } from "../../http/errors";
import type { TenantScope } from "../../security/tenant-scope";
import { MSG_ROLE_MISSING, findRoles } from "./role-read";

/** What some roles are granted: menu and button ids, data scope ids, API scope ids (live rows only). */
export interface Grants {
  menus: Set<string>;
  data: Set<string>;
  api: Set<string>;
}

/** What a caller may hand out: its own roles' grants, or everything for the platform administrator. */
export interface Held extends Grants {
  all: boolean;
}

/** Of these ids, those of live rows of `table` (menus and scopes are platform-wide, read through the repository). */
async function live(scope: TenantScope, table: typeof menu | typeof scopeData | typeof scopeApi, ids: Iterable<string>): Promise<Set<string>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Set();
  return new Set((await scope.repo(table).list(inArray(table.id, list))).map((r) => r.id));
}

/** The live grants of these roles (role_menu, and role_scope categories 1 and 2). */
export async function grantsOf(scope: TenantScope, roleIds: string[]): Promise<Grants> {
  if (roleIds.length === 0) return { menus: new Set(), data: new Set(), api: new Set() };
  const menuRows = await scope.platform(roleMenu).select({ id: roleMenu.menuId }, inArray(roleMenu.roleId, roleIds));
  const scopeRows = await scope
    .platform(roleScope)
    .select({ id: roleScope.scopeId, category: roleScope.scopeCategory }, and(inArray(roleScope.roleId, roleIds), inArray(roleScope.scopeCategory, [SCOPE_CATEGORY.data, SCOPE_CATEGORY.api])));
  const of = (category: number) => scopeRows.filter((r) => r.category === category).map((r) => r.id);
  return {
    menus: await live(scope, menu, menuRows.map((r) => r.id)),
    data: await live(scope, scopeData, of(SCOPE_CATEGORY.data)),
    api: await live(scope, scopeApi, of(SCOPE_CATEGORY.api)),
  };
}

/** The caller's own grants bound what it may give (its roles in effect, as the session chose them). */
export async function heldBy(scope: TenantScope): Promise<Held> {
  if (scope.caller.isAdministrator) return { all: true, menus: new Set(), data: new Set(), api: new Set() };
  return { all: false, ...(await grantsOf(scope, scope.caller.roleIds)) };
}

/** Whether `held` covers every grant of `grants`. */
export const covers = (held: Held, grants: Grants): boolean =>
  held.all || (["menus", "data", "api"] as const).every((k) => [...grants[k]].every((id) => held[k].has(id)));

/** An id array of the grant body: present, each a well-formed id, at most MAX_IDS of them. */
function idList(body: Record<string, unknown>, name: keyof GrantBody): string[] {
  const value = body[name];
  if (value === undefined || value === null) throw badRequest(`缺少必要的请求参数: ${name}`);
  if (!Array.isArray(value) || !value.every(isId)) throw badRequest(`请求参数格式错误: ${name}`);
  if (value.length > MAX_IDS) throw badRequest(`一次最多操作${MAX_IDS}条数据`);
  return [...new Set(value)];
}

/**
 * The scope ids of a grant: live scopes of that kind. The scope trees of grant-tree hang the scopes
 * under their menus, and a console that sends a tree's checked keys sends those menus too: they
 * are not scopes and are dropped. Any other id is refused.
 */
async function scopeIds(scope: TenantScope, table: typeof scopeData | typeof scopeApi, ids: string[], menus: Set<string>, missing: string) {
  const found = await live(scope, table, ids);
  const rest = ids.filter((id) => !found.has(id));
  const asMenus = await live(scope, menu, rest);
  if (rest.some((id) => !asMenus.has(id) && !menus.has(id))) throw badRequest(missing);
  return ids.filter((id) => found.has(id));
}

/** Names of what the caller asked for but does not hold, for the refusal. */
async function namesOf(scope: TenantScope, menus: string[], data: string[], api: string[]): Promise<string> {
  const rows = [
    ...(menus.length ? (await scope.repo(menu).list(inArray(menu.id, menus))).map((r) => r.name) : []),
    ...(data.length ? (await scope.repo(scopeData).list(inArray(scopeData.id, data))).map((r) => r.scopeName) : []),
    ...(api.length ? (await scope.repo(scopeApi).list(inArray(scopeApi.id, api))).map((r) => r.scopeName) : []),
  ];
  return rows.slice(0, 5).join("、") + (rows.length > 5 ? ` 等${rows.length}项` : "");
}

/**
 * POST /blade-system/role/grant: the roles' menus and buttons (blade_role_menu) and their data and
 * API scopes (blade_role_scope 1 and 2) become exactly what is sent, in one transaction. Nobody
 * grants what it does not hold: a caller below the platform administrator may give only its own
 * roles' grants, and what it does not hold it cannot take away either (it never saw it in its
 * grant tree), so those grants of the roles stay as they are.
 */
interface Granted {
  /** Menu and button codes. */
  menus: string[];
  /** Scope names. */
  dataScopes: string[];
  apiScopes: string[];
}

/** What each role holds, by the names an auditor reads (menu codes, scope names), sorted. */
async function grantedNames(scope: TenantScope, roleIds: string[]): Promise<Map<string, Granted>> {
  const out = new Map(roleIds.map((id) => [id, { menus: [], dataScopes: [], apiScopes: [] } as Granted]));
  const links = await scope.platform(roleMenu).select({ roleId: roleMenu.roleId, menuId: roleMenu.menuId }, inArray(roleMenu.roleId, roleIds));
  const scopes = await scope.platform(roleScope).select({ roleId: roleScope.roleId, scopeId: roleScope.scopeId, category: roleScope.scopeCategory }, inArray(roleScope.roleId, roleIds));
  const nameOf = async (table: typeof menu | typeof scopeData | typeof scopeApi, ids: string[], name: (r: Record<string, unknown>) => string) => {
    const list = [...new Set(ids)];
    const rows = list.length ? await scope.repo(table).list(inArray(table.id, list)) : [];
    return new Map(rows.map((r) => [r.id, name(r as Record<string, unknown>)]));
  };
  const codes = await nameOf(menu, links.map((l) => l.menuId), (r) => String(r.code));
  const data = await nameOf(scopeData, scopes.filter((s) => s.category === SCOPE_CATEGORY.data).map((s) => s.scopeId), (r) => String(r.scopeName));
  const api = await nameOf(scopeApi, scopes.filter((s) => s.category === SCOPE_CATEGORY.api).map((s) => s.scopeId), (r) => String(r.scopeName));
  for (const l of links) if (codes.has(l.menuId)) out.get(l.roleId)?.menus.push(codes.get(l.menuId)!);
  for (const s of scopes) {
    const [names, field] = s.category === SCOPE_CATEGORY.data ? [data, "dataScopes" as const] : [api, "apiScopes" as const];
    if (names.has(s.scopeId)) out.get(s.roleId)?.[field].push(names.get(s.scopeId)!);
  }
  for (const g of out.values()) for (const list of [g.menus, g.dataScopes, g.apiScopes]) list.sort();
  return out;
}

export async function grantRoles(scope: TenantScope, body: Record<string, unknown>): Promise<void> {
  const roleIds = idList(body, "roleIds");
  if (roleIds.length === 0) throw badRequest("请选择角色");
  const menuIds = idList(body, "menuIds");
  const dataIds = idList(body, "dataScopeIds");
  const apiIds = idList(body, "apiScopeIds");

  await scope.transaction(async (tx) => {
    await findRoles(tx, roleIds);
    const grantedBefore = await grantedNames(tx, roleIds);
    const menus = await live(tx, menu, menuIds);
    if (menus.size !== menuIds.length) throw badRequest("菜单不存在");
    const data = await scopeIds(tx, scopeData, dataIds, menus, "数据权限不存在");
    const api = await scopeIds(tx, scopeApi, apiIds, menus, "接口权限不存在");

    const held = await heldBy(tx);
    if (!held.all) {
      const extra = [menuIds.filter((id) => !held.menus.has(id)), data.filter((id) => !held.data.has(id)), api.filter((id) => !held.api.has(id))] as const;
      if (extra.some((ids) => ids.length)) throw forbidden(`不能授予自己未拥有的权限：${await namesOf(tx, ...extra)}`);
    }

    const within = (column: AnyPgColumn, mine: Set<string>) => (held.all ? undefined : inArray(column, mine.size ? [...mine] : ["0"]));
    await tx.platform(roleMenu).delete(and(inArray(roleMenu.roleId, roleIds), within(roleMenu.menuId, held.menus))!);
    await tx.platform(roleMenu).insert(roleIds.flatMap((roleId) => menuIds.map((menuId) => ({ roleId, menuId }))));
    for (const [category, ids, mine] of [[SCOPE_CATEGORY.data, data, held.data], [SCOPE_CATEGORY.api, api, held.api]] as const) {
      await tx.platform(roleScope).delete(and(inArray(roleScope.roleId, roleIds), eq(roleScope.scopeCategory, category), within(roleScope.scopeId, mine))!);
      await tx.platform(roleScope).insert(roleIds.flatMap((roleId) => ids.map((scopeId) => ({ roleId, scopeId, scopeCategory: category }))));
    }
    // Who changed the grants, and when: the roles' audit columns, and in the operation log what
    // each role held before and holds now.
    const grantedAfter = await grantedNames(tx, roleIds);
    const changes = Object.fromEntries(
      roleIds.map((id) => {
        const [was, now] = [grantedBefore.get(id)!, grantedAfter.get(id)!];
        const fields = (["menus", "dataScopes", "apiScopes"] as const).filter((f) => JSON.stringify(was[f]) !== JSON.stringify(now[f]));
        return [id, Object.fromEntries(fields.map((f) => [f, [was[f], now[f]] as [unknown, unknown]]))];
      }),
    );
    await tx.repo(role).update(roleIds, {}, MSG_ROLE_MISSING, changes);
  });
}
