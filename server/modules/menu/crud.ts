import { and, asc, eq, inArray, ne, notInArray, sql, type SQL } from "drizzle-orm";
import { CATEGORY_BUTTON, CATEGORY_MENU, IS_DEFAULT_NO, IS_DEFAULT_YES, MENU_ROOT, SYSTEM_TYPE_CONSOLE, menuSpec } from "../../../domain/resources/system/menu/spec";
import { MENU_MESSAGES, validateMenu } from "../../../domain/resources/system/menu/menu-rules";
import { filterableFields, permissionCodes, sortableFields } from "../../../domain/validation";
import { parseQuery } from "../../db/query";
import { menu, scopeApi, scopeData } from "../../db/schema";
import { buildForest } from "../../db/tree";
import { queryParam, readParams } from "../../http/body";
import { badRequest, ok } from "../../http/errors";
import { columnsOf, fieldErrors, optionalId, type CrudDefinition } from "../../kit/crud";
import { can, type RouteSpec } from "../../security/authorize";
import { type TenantScope } from "../../security/tenant-scope";
import { menuVO } from "./menu-vo";
import { allMenus, readableMenuIds, type MenuRow } from "./service";

export const MSG_MENU_MISSING = "菜单不存在";
const say = (m: { zh: string }) => m.zh;

const order = [asc(menu.sort), asc(menu.id)];
const filters = columnsOf(menu, filterableFields(menuSpec));
const sortable = columnsOf(menu, sortableFields(menuSpec));

/**
 * BladeX's menu-only calls beside the kit's list and lazy-list: `menu-list` answers the filtered
 * forest of menus (no buttons), `lazy-menu-list` one level below `parentId` (every level when it is
 * absent, as a search wants) with hasChildren counting menus only. Below the platform
 * administrator, every read sees only the menus of the tenant's package, never the platform's own.
 */
function menuOnlyRoutes(): RouteSpec[] {
  const codes = permissionCodes(menuSpec);
  const route = (path: string, lazy: boolean): RouteSpec => ({
    method: "GET",
    path,
    access: can(codes.list),
    handler: async (c) => {
      const scope = c.var.scope;
      const q = parseQuery(await readParams(c), filters, { sortable, defaultOrder: order, reserved: ["parentId"] });
      const parentId = optionalId(queryParam(c, "parentId"), "parentId");
      const level = lazy && parentId !== undefined ? eq(menu.parentId, parentId) : undefined;
      const rows = await scope.repo(menu).list(and(q.where, eq(menu.category, CATEGORY_MENU), await readable(scope), level), { orderBy: q.orderBy });
      const vos = await menuVO(scope, rows, CATEGORY_MENU);
      return ok(c, lazy ? vos : buildForest(vos));
    },
  });
  return [route("/menu-list", false), route("/lazy-menu-list", true)];
}

/** The condition keeping a read to the menus the caller may read (readableMenuIds); none for the administrator. */
async function readable(scope: TenantScope): Promise<SQL | undefined> {
  // The administrator reads every menu: no need to load them all to learn that.
  if (scope.caller.isAdministrator) return undefined;
  const ids = await readableMenuIds(scope, await allMenus(scope));
  if (!ids) return undefined;
  return ids.size ? inArray(menu.id, [...ids]) : sql`false`;
}

/** The parent a write names: absent on update keeps the row's own; BladeX's -1 and blanks mean none. */
function parentOf(body: Record<string, unknown>, existing?: MenuRow): string {
  const given = body.parentId;
  if (existing && (given === undefined || given === null)) return existing.parentId;
  if (given === undefined || given === null || given === "" || given === "-1" || given === -1 || given === 0) return MENU_ROOT;
  return String(given);
}

/**
 * The checks of a write that need the other menus, inside its transaction: the parent is a live
 * menu (never a button, never the row itself or below it), a menu with children stays a menu.
 */
async function checkTree(tx: TenantScope, row: { id?: string; parentId: string; category: number }): Promise<void> {
  const menus = await allMenus(tx);
  const byId = new Map(menus.map((m) => [m.id, m]));
  if (row.parentId !== MENU_ROOT) {
    const parent = byId.get(row.parentId);
    if (!parent) fieldErrors([{ field: "parentId", message: say(MENU_MESSAGES.parentMissing) }]);
    if (parent.category !== CATEGORY_MENU) fieldErrors([{ field: "parentId", message: say(MENU_MESSAGES.parentIsButton) }]);
    // Walking up from the new parent must not meet the row itself.
    for (let m: MenuRow | undefined = parent, steps = 0; m && steps <= menus.length; m = byId.get(m.parentId), steps++) {
      if (m.id === row.id) fieldErrors([{ field: "parentId", message: say(MENU_MESSAGES.parentCycle) }]);
    }
  }
  if (row.id && row.category === CATEGORY_BUTTON && menus.some((m) => m.parentId === row.id)) {
    fieldErrors([{ field: "category", message: say(MENU_MESSAGES.buttonWithChildren) }]);
  }
}

/**
 * The kit's common routes over blade_menu (submit, remove), with BladeX's list calls, the page and
 * the detail kept to the menus the caller may read (readableMenuIds). Writes are the platform
 * administrator's: the repository refuses platform-wide rows to anyone else.
 */
export function menuCrud(): CrudDefinition<typeof menu> {
  return {
    spec: menuSpec,
    table: menu,
    missing: MSG_MENU_MISSING,
    defaultOrder: order,
    // The filtered forest, and lazy-list one level below parentId (every level when it is absent).
    list: "lazy",
    reserved: ["parentId"],
    // A menu the caller may not read answers as one that is not there.
    visible: readable,
    toVO: (rows, scope) => menuVO(scope, rows),
    beforeWrite: async (tx, values, existing) => {
      // A button has no position 0, a menu no button position: what the category does not use is reset.
      const category = Number(values.category ?? existing?.category ?? CATEGORY_MENU);
      if (category === CATEGORY_MENU) values.action = 0;
      // A button is for no client of its own and is nobody's landing page.
      if (category === CATEGORY_BUTTON) Object.assign(values, { systemType: SYSTEM_TYPE_CONSOLE, isDefault: IS_DEFAULT_NO });
      const merged = { ...existing, ...values, parentId: parentOf(values, existing) };
      const errors = validateMenu(merged);
      if (errors.length) fieldErrors(errors);
      values.parentId = merged.parentId;
      await checkTree(tx, { id: existing?.id, parentId: merged.parentId, category });
    },
    afterWrite: async (tx, id, values) => {
      // At most one 默认首页 (spec.ts, IS_DEFAULT_YES): the one just set clears the others, in this transaction.
      if (Number(values.isDefault) !== IS_DEFAULT_YES) return;
      const others = await tx.repo(menu).list(and(eq(menu.isDefault, IS_DEFAULT_YES), ne(menu.id, id)));
      if (others.length) await tx.repo(menu).update(others.map((m) => m.id), { isDefault: IS_DEFAULT_NO }, MSG_MENU_MISSING);
    },
    beforeRemove: async (tx, rows) => {
      const ids = rows.map((r) => r.id);
      const children = await tx.repo(menu).list(and(inArray(menu.parentId, ids), notInArray(menu.id, ids)), { limit: 3 });
      if (children.length) throw badRequest(`请先删除子菜单或按钮：${children.map((c) => c.name).join("、")}`);
      const scopes = (await tx.repo(scopeData).count(inArray(scopeData.menuId, ids))) + (await tx.repo(scopeApi).count(inArray(scopeApi.menuId, ids)));
      if (scopes) throw badRequest(`请先删除该菜单的数据权限和接口权限（共${scopes}条）`);
    },
    routes: menuOnlyRoutes(),
  };
}
