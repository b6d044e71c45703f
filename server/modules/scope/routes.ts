import { eq } from "drizzle-orm";
import { CATEGORY_MENU, apiScopeSpec, dataScopeSpec } from "../../../domain/resources/system/menu/spec";
import { SCOPE_ALL, validateApiScope, validateDataScope } from "../../../domain/resources/system/menu/scope-rules";
import { permissionCodes } from "../../../domain/validation";
import { menu, scopeApi, scopeData } from "../../db/schema";
import { queryParam } from "../../http/body";
import { ok } from "../../http/errors";
import { crudModule, fieldErrors, optionalId, plainVO } from "../../kit/crud";
import { dictLabels } from "../../kit/dict-labels";
import { can } from "../../security/authorize";
import { type TenantScope } from "../../security/tenant-scope";
import { scopeColumnsOf } from "./columns";

type ScopeTable = typeof scopeData | typeof scopeApi;
type ScopeRow = ScopeTable["$inferSelect"];

/** The menu a scope hangs from: a live menu, never a button. */
async function menuOf(scope: TenantScope, menuId: string) {
  const [row] = await scope.repo(menu).list(eq(menu.id, menuId));
  if (!row) fieldErrors([{ field: "menuId", message: "所属菜单不存在" }]);
  if (row.category !== CATEGORY_MENU) fieldErrors([{ field: "menuId", message: "权限只能设在菜单上，不能设在按钮上" }]);
  return row;
}

/** Rows with the name of their scope type (the list's dictionary column) and of their menu. */
async function scopeVO(scope: TenantScope, rows: ScopeRow[], dict: string) {
  if (rows.length === 0) return [];
  const types = await dictLabels(scope, dict);
  const menus = new Map((await scope.repo(menu).list()).map((m) => [m.id, m.name]));
  return rows.map((r) => ({ ...plainVO(r), scopeTypeName: types.get(String(r.scopeType)) ?? "", menuName: menus.get(r.menuId) ?? "" }));
}

/**
 * `menuId` of list and page, bound as an equality (BladeX binds the entity; a bare Blade key would
 * be a LIKE, which means nothing for an id).
 */
const ofMenu = (table: ScopeTable) => async (_scope: TenantScope, params: Record<string, string>) => {
  const menuId = optionalId(params.menuId?.trim(), "menuId");
  return menuId ? eq(table.menuId, menuId) : undefined;
};

/**
 * /blade-system/data-scope: per menu, the rows of the table that menu manages a role holding the
 * scope sees. Besides the kit's routes, `columns?menuId=` answers the columns a scope of that menu
 * may name, and every write checks the rule against them.
 */
export const dataScopeModule = crudModule<typeof scopeData>(dataScopeSpec, () => ({
  table: scopeData,
  missing: "数据权限不存在",
  reserved: ["menuId"],
  narrow: ofMenu(scopeData),
  toVO: (rows, scope) => scopeVO(scope, rows, "data_scope_type"),
  beforeWrite: async (tx, values, existing) => {
    const merged = { ...existing, ...values };
    const owner = await menuOf(tx, String(merged.menuId));
    const columns = scopeColumnsOf(owner.code);
    if (!columns && Number(merged.scopeType) !== SCOPE_ALL) {
      fieldErrors([{ field: "scopeType", message: `菜单「${owner.name}」不管理数据表，只能选择全部可见` }]);
    }
    const errors = validateDataScope(merged, columns);
    if (errors.length) fieldErrors(errors);
  },
  routes: [
    {
      method: "GET",
      path: "/columns",
      access: can(permissionCodes(dataScopeSpec).list),
      handler: async (c) => {
        const scope = c.var.scope;
        const menuId = optionalId(queryParam(c, "menuId"), "menuId");
        if (!menuId) fieldErrors([{ field: "menuId", message: "请选择所属菜单" }]);
        const owner = await menuOf(scope, menuId);
        return ok(c, scopeColumnsOf(owner.code) ?? []);
      },
    },
  ],
}));

/** /blade-system/api-scope: per menu, the request paths only roles holding the scope may call. */
export const apiScopeModule = crudModule<typeof scopeApi>(apiScopeSpec, () => ({
  table: scopeApi,
  missing: "接口权限不存在",
  reserved: ["menuId"],
  narrow: ofMenu(scopeApi),
  toVO: (rows, scope) => scopeVO(scope, rows, "api_scope_type"),
  beforeWrite: async (tx, values, existing) => {
    const merged = { ...existing, ...values };
    await menuOf(tx, String(merged.menuId));
    const errors = validateApiScope(merged);
    if (errors.length) fieldErrors(errors);
  },
}));
