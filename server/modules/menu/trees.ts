import type { Context } from "hono";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { TreeNode } from "../../../domain/contract";
import type { GrantKeys, GrantTree } from "../../../domain/resources/system/role/contract";
import { CATEGORY_MENU } from "../../../domain/resources/system/menu/spec";
import type { AppEnv } from "../../context";
import { role, roleScope, scopeApi, scopeData, topMenu, topMenuSetting } from "../../db/schema";
import { buildForest, markHasChildren, treeNode } from "../../db/tree";
import { queryParam, readIds } from "../../http/body";
import { badRequest, ok } from "../../http/errors";
import { AUTHENTICATED, can, type RouteSpec } from "../../security/authorize";
import { type TenantScope } from "../../security/tenant-scope";
import { consoleMenus, topMenuSettings } from "../../security/menu-grants";
import { allMenus, grantedMenuIds, menuIdsOfRoles, menuIdsOfTenant, withAncestors, withDescendants, type MenuRow } from "./service";

/** blade_role_scope.scope_category of data (1) and API (2) scopes. */
const DATA = 1;
const API = 2;

type Node = TreeNode & { disabled?: boolean; code?: string; path?: string; source?: string; category?: number };

/** TreeNodes of menus, in menu order, as a forest with hasChildren (Blade's TreeNode). */
function menuTree(menus: MenuRow[], ids: Set<string>, extra: (m: MenuRow) => Partial<Node> = () => ({})): Node[] {
  return markHasChildren(buildForest(menus.filter((m) => ids.has(m.id)).map((m) => ({ ...treeNode(m.id, m.parentId, m.name), ...extra(m) }) as Node)));
}

const menusOnly = (menus: MenuRow[]) => menus.filter((m) => m.category === CATEGORY_MENU);

/** `tenantId` of a tree call: the administrator may name any tenant; others always get their own. */
function tenantParam(c: Context<AppEnv>, scope: TenantScope): string | undefined {
  const requested = queryParam(c, "tenantId");
  if (requested !== undefined && !/^[A-Za-z0-9_-]{1,12}$/.test(requested)) throw badRequest("请求参数格式错误: tenantId");
  return scope.crossTenant ? requested : scope.tenantId;
}

/** The ids a tree call covers: a tenant's holdings, else the caller's own (everything for the administrator). */
async function heldIds(c: Context<AppEnv>, scope: TenantScope, menus: MenuRow[]): Promise<Set<string>> {
  const tenantId = tenantParam(c, scope);
  const held = tenantId === undefined ? await grantedMenuIds(scope, menus) : await menuIdsOfTenant(scope, tenantId);
  return withAncestors(menus, held);
}

/** Scope rows of a kind: every one for the administrator, else those the caller's roles hold. */
async function heldScopes(scope: TenantScope, table: typeof scopeData | typeof scopeApi, category: number) {
  const order = [asc(table.menuId), asc(table.scopeName), asc(table.id)];
  if (scope.caller.isAdministrator) return scope.repo(table).list(undefined, { orderBy: order });
  const roles = await scope.repo(role).list(inArray(role.id, scope.caller.roleIds.length ? scope.caller.roleIds : ["0"]));
  if (roles.length === 0) return [];
  const rows = await scope.platform(roleScope).select({ id: roleScope.scopeId }, and(eq(roleScope.scopeCategory, category), inArray(roleScope.roleId, roles.map((r) => r.id))));
  if (rows.length === 0) return [];
  return scope.repo(table).list(inArray(table.id, rows.map((r) => r.id)), { orderBy: order });
}

/** A scope tree: the menus owning scopes, each with its scopes as children (BladeX grant-tree). */
function scopeTree(menus: MenuRow[], scopes: { id: string; menuId: string; scopeName: string }[]): Node[] {
  const owners = new Set(scopes.map((s) => s.menuId));
  const nodes: Node[] = [
    ...menus.filter((m) => owners.has(m.id)).map((m) => treeNode(m.id, m.parentId, m.name) as Node),
    ...scopes.filter((s) => menus.some((m) => m.id === s.menuId)).map((s) => treeNode(s.id, s.menuId, s.scopeName) as Node),
  ];
  return markHasChildren(buildForest(nodes));
}

/** Ids of a `…Ids=a,b` query parameter: at least one, each well-formed. */
async function idsParam(c: Context<AppEnv>, name: string, what: string): Promise<string[]> {
  const ids = await readIds(c, name);
  if (ids.length === 0) throw badRequest(`请选择${what}`);
  return ids;
}

/** The live top menus among `ids` that the caller may see (another tenant's answer like missing ones). */
async function topMenusOf(scope: TenantScope, ids: string[]) {
  return scope.repo(topMenu).find(ids, "顶部菜单不存在");
}

/**
 * The tree calls of /blade-system/menu: pickers (`tree`, `menuNodeTree`, `buttonMenuTree`,
 * `topLeftMenuTree`, `tenantMenuTree`) and the two grant dialogs (`grant-tree` with
 * `role-tree-keys` for roles, `grant-top-tree` with `top-tree-keys` for top menus). What a caller
 * below the platform administrator sees is what its roles hold: nobody hands out what it lacks.
 */
export function treeRoutes(): RouteSpec[] {
  const get = (path: string, access: RouteSpec["access"], answer: (c: Context<AppEnv>, scope: TenantScope, menus: MenuRow[]) => Promise<unknown>): RouteSpec => ({
    method: "GET",
    path,
    access,
    handler: async (c) => {
      const scope = c.var.scope;
      return ok(c, await answer(c, scope, await allMenus(scope)));
    },
  });

  return [
    // The parent picker of the menu form (and any menu picker): menus only.
    get("/tree", can("menu"), async (c, scope, menus) => menuTree(menusOnly(menus), await heldIds(c, scope, menus))),
    // Menus and buttons a tenant's roles hold together (tenant packages, the tenant's view of its grants).
    get("/tenantMenuTree", can("menu"), async (c, scope, menus) => menuTree(menus, await heldIds(c, scope, menus), (m) => ({ category: m.category }))),
    // The caller's own console menus with what a shortcut needs to open them.
    get("/menuNodeTree", AUTHENTICATED, async (_c, scope, menus) => {
      const ids = withAncestors(menus, await grantedMenuIds(scope, menus));
      return menuTree(menusOnly(consoleMenus(menus)), ids, (m) => ({ code: m.code, path: m.path, source: m.source }));
    }),
    // The caller's own menus with their buttons.
    get("/buttonMenuTree", AUTHENTICATED, async (_c, scope, menus) => {
      const ids = withAncestors(menus, await grantedMenuIds(scope, menus));
      return menuTree(menus, ids, (m) => ({ code: m.code, category: m.category }));
    }),
    // The caller's tenant's top menus, each with the console's side menus it shows to the caller.
    get("/topLeftMenuTree", AUTHENTICATED, async (_c, scope, menus) => {
      const tops = await scope.repo(topMenu).list(eq(topMenu.status, 1), { orderBy: [asc(topMenu.sort), asc(topMenu.id)], tenantId: scope.tenantId });
      const granted = await grantedMenuIds(scope, menus);
      const settings = tops.length
        ? await scope.platform(topMenuSetting).list(inArray(topMenuSetting.topMenuId, tops.map((t) => t.id)))
        : [];
      return tops.map((top) => {
        const within = withDescendants(menus, settings.filter((s) => s.topMenuId === top.id).map((s) => s.menuId));
        const ids = withAncestors(menus, [...granted].filter((id) => within.has(id)));
        const children = menuTree(menusOnly(consoleMenus(menus)), ids, (m) => ({ code: m.code, path: m.path, source: m.source }));
        const node: Node = { ...treeNode(top.id, "0", top.name), code: top.code, path: top.path, source: top.source, hasChildren: children.length > 0 };
        return children.length ? { ...node, children } : node;
      });
    }),
    {
      method: "GET",
      path: "/grant-tree",
      access: can("role"),
      handler: async (c) => {
        const scope = c.var.scope;
        const menus = await allMenus(scope);
        const held = await grantedMenuIds(scope, menus);
        // Menus above what the caller holds show the path to it, but are not its to hand out.
        // Where a granted page is listed: the top menus of the role's tenant and what each holds.
        const tops = await scope.repo(topMenu).list(eq(topMenu.status, 1), { orderBy: [asc(topMenu.sort), asc(topMenu.id)], tenantId: tenantParam(c, scope) ?? scope.tenantId });
        const settings = await topMenuSettings(scope, tops.map((t) => t.id));
        const tree: GrantTree = {
          menu: menuTree(menus, withAncestors(menus, held), (m) => (held.has(m.id) ? {} : { disabled: true })),
          dataScope: scopeTree(menus, await heldScopes(scope, scopeData, DATA)),
          apiScope: scopeTree(menus, await heldScopes(scope, scopeApi, API)),
          topMenus: tops.map((t) => ({ id: t.id, name: t.name, menuIds: [...withDescendants(menus, settings.filter((s) => s.topMenuId === t.id).map((s) => s.menuId))] })),
        };
        return ok(c, tree);
      },
    },
    {
      method: "GET",
      path: "/role-tree-keys",
      access: can("role"),
      handler: async (c) => {
        const scope = c.var.scope;
        const roles = await scope.repo(role).find(await idsParam(c, "roleIds", "角色"), "角色不存在");
        const roleIds = roles.map((r) => r.id);
        const menus = new Set((await allMenus(scope)).map((m) => m.id));
        const scopes = await scope
          .platform(roleScope)
          .select({ id: roleScope.scopeId, category: roleScope.scopeCategory }, and(inArray(roleScope.roleId, roleIds), inArray(roleScope.scopeCategory, [DATA, API])));
        const live = async (table: typeof scopeData | typeof scopeApi, category: number) => {
          const ids = [...new Set(scopes.filter((s) => s.category === category).map((s) => s.id))];
          return ids.length ? (await scope.repo(table).list(inArray(table.id, ids))).map((r) => r.id) : [];
        };
        const keys: GrantKeys = {
          menu: [...(await menuIdsOfRoles(scope, roleIds))].filter((id) => menus.has(id)),
          dataScope: await live(scopeData, DATA),
          apiScope: await live(scopeApi, API),
        };
        return ok(c, keys);
      },
    },
    // The top-menu grant dialog: menus the caller holds (everything for the administrator).
    get("/grant-top-tree", can("menu_topmenu_setting"), async (_c, scope, menus) => {
      const held = await grantedMenuIds(scope, menus);
      return { menu: menuTree(menusOnly(menus), withAncestors(menus, held), (m) => (held.has(m.id) ? {} : { disabled: true })) };
    }),
    {
      method: "GET",
      path: "/top-tree-keys",
      access: can("menu_topmenu_setting"),
      handler: async (c) => {
        const scope = c.var.scope;
        const tops = await topMenusOf(scope, await idsParam(c, "topMenuIds", "顶部菜单"));
        const menus = new Set((await allMenus(scope)).map((m) => m.id));
        const rows = await scope.platform(topMenuSetting).select({ menuId: topMenuSetting.menuId }, inArray(topMenuSetting.topMenuId, tops.map((t) => t.id)));
        return ok(c, { menu: [...new Set(rows.map((r) => r.menuId))].filter((id) => menus.has(id)) });
      },
    },
  ];
}
