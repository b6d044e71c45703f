import type { Context } from "hono";
import { and, asc, inArray, ne, sql, type SQL } from "drizzle-orm";
import { ADMINISTRATOR_ALIAS } from "../../../domain/contract";
import { filterableFields, permissionCodes, sortableFields } from "../../../domain/validation";
import { roleSpec } from "../../../domain/resources/system/role/spec";
import type { RoleVO } from "../../../domain/resources/system/role/contract";
import type { AppEnv } from "../../context";
import { isId } from "../../db/ids";
import { parseQuery, type ParsedQuery } from "../../db/query";
import { role, roleCategory, user } from "../../db/schema";
import { queryParam, readParams } from "../../http/body";
import { badRequest } from "../../http/errors";
import { columnsOf, plainVO } from "../../kit/crud";
import type { Repository } from "../../security/repository";
import type { TenantScope } from "../../security/tenant-scope";
import { categoriesOf } from "./category-link";
import { subtreeIds } from "./tree-rows";

export type RoleRow = typeof role.$inferSelect;

export const MSG_ROLE_MISSING = "角色不存在";

/** The role page's codes, and its grant button (权限设置, also giving the role to users). */
export const ROLE_CODES = { ...permissionCodes(roleSpec), grant: `${roleSpec.menuCode}_grant` };

const filters = columnsOf(role, filterableFields(roleSpec));
const sorts = columnsOf(role, sortableFields(roleSpec));
export const ROLE_ORDER = [asc(role.sort), asc(role.id)];

/** A user row holds the role: its comma list names it (compared as text: a malformed list must not fail the query). */
export const holdsRole = (roleId: string): SQL => sql`${roleId} = any(string_to_array(coalesce(${user.roleId}, ''), ','))`;

/**
 * The roles a caller may see and hand out: the administrator role (the platform's own) only for
 * the platform administrator; anyone else is answered as if it did not exist.
 */
export const assignable = (scope: TenantScope): SQL | undefined => (scope.crossTenant ? undefined : ne(role.roleAlias, ADMINISTRATOR_ALIAS));

/** Roles of these ids the caller may see and hand out, or 400 角色不存在 for any other. */
export async function findRoles(scope: TenantScope, ids: string[]): Promise<RoleRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await scope.repo(role).list(and(inArray(role.id, unique), assignable(scope)));
  if (rows.length !== unique.length) throw badRequest(MSG_ROLE_MISSING);
  return rows;
}

export const findRole = async (scope: TenantScope, id: string) => (await findRoles(scope, [id]))[0];

/**
 * The tenant a list covers: the caller's own; the platform administrator may name another with
 * `tenantId` (BladeX's role/tree?tenantId), and otherwise sees its own tenant's roles too.
 */
export const listTenant = (scope: TenantScope, c: Context<AppEnv>): string => scope.readTenant(queryParam(c, "tenantId"))!;

/**
 * What a role list's `categoryId` adds to its filters: roles of that category and of those below it,
 * among the categories of the tenant the list covers.
 */
export async function inCategory(scope: TenantScope, params: Record<string, string>): Promise<SQL | undefined> {
  const categoryId = params.categoryId?.trim();
  if (!categoryId) return undefined;
  if (!isId(categoryId)) throw badRequest("请求参数格式错误: categoryId");
  const categories = await scope.repo(roleCategory).list(undefined, { tenantId: scope.readTenant(params.tenantId?.trim() || undefined) });
  return inArray(role.categoryId, subtreeIds(categories, categoryId));
}

/**
 * The role list's query for pages beside the role page's own (the policy page): the filters (Blade
 * grammar over the spec's allow-list) and `categoryId`; `roles` reads them in the list's tenant.
 */
export async function roleQuery(scope: TenantScope, c: Context<AppEnv>): Promise<{ q: ParsedQuery; roles: Repository<typeof role> }> {
  const params = await readParams(c);
  const q = parseQuery(params, filters, { sortable: sorts, defaultOrder: ROLE_ORDER, reserved: ["tenantId", "categoryId"] });
  const where = and(q.where, assignable(scope), await inCategory(scope, params));
  return { q: { ...q, where }, roles: scope.forTenant(listTenant(scope, c)).repo(role) };
}

/** Rows as the API answers them: audit dates trimmed, the parent's and the category's names resolved. */
export async function toRoleVOs(scope: TenantScope, rows: RoleRow[]): Promise<RoleVO[]> {
  if (rows.length === 0) return [];
  const categories = await categoriesOf(scope, rows.map((r) => r.id));
  const parentIds = [...new Set(rows.map((r) => r.parentId).filter((id) => id !== "0"))];
  const categoryIds = [...new Set(categories.values())];
  const names = await scope.lookup([
    ...(parentIds.length ? [{ name: "parent", table: role, key: role.id, label: role.roleName, where: inArray(role.id, parentIds) }] : []),
    ...(categoryIds.length
      ? [{ name: "category", table: roleCategory, key: roleCategory.id, label: roleCategory.categoryName, where: inArray(roleCategory.id, categoryIds) }]
      : []),
  ]);
  return rows.map((r) => {
    const { createUser: _cu, createDept: _cd, updateUser: _uu, isDeleted: _d, status: _s, ...row } = plainVO(r);
    const categoryId = categories.get(r.id);
    // A deleted category no longer names the role's: it shows as having none.
    const categoryName = categoryId ? names.get("category")?.get(categoryId) : undefined;
    return {
      ...row,
      createTime: row.createTime ?? "",
      updateTime: row.updateTime ?? "",
      parentName: r.parentId === "0" ? "顶级" : (names.get("parent")?.get(r.parentId) ?? ""),
      categoryId: categoryName === undefined ? "0" : categoryId!,
      categoryName: categoryName ?? "",
    };
  });
}
