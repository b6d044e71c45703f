import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import type { TreeNode } from "../../../domain/contract";
import { deptSpec } from "../../../domain/resources/system/dept/spec";
import { filterableFields, sortableFields } from "../../../domain/validation";
import { dept, user } from "../../db/schema";
import { parseQuery } from "../../db/query";
import { buildForest, markHasChildren, treeNode } from "../../db/tree";
import { columnsOf, optionalId, plainVO } from "../../kit/crud";
import { dictPart } from "../../kit/dict-labels";
import type { LookupPart, TenantScope } from "../../security/tenant-scope";
import { TOP } from "./paths";

export type DeptRow = typeof dept.$inferSelect;

export const MSG_DEPT_MISSING = "机构不存在";
/** BladeX names the parent of a top-level department so. */
const TOP_PARENT_NAME = "顶级";

export const DEPT_ORDER = [asc(dept.sort), asc(dept.id)];
/** A search across every level answers the first matches only: a keyword like 部 matches thousands. */
export const SEARCH_LIMIT = 200;
/** The most rows one level answers: a safety valve, far above any real fan-out. */
export const LEVEL_LIMIT = 5000;

export const DEPT_FILTERS = columnsOf(dept, filterableFields(deptSpec));
export const DEPT_SORTS = columnsOf(dept, sortableFields(deptSpec));

const unique = (values: (string | null | undefined)[]) => [...new Set(values.filter((v): v is string => !!v && v !== TOP))];

/** The tenant a tree shows: the caller's own, or the one the administrator names. */
const treeTenant = (scope: TenantScope, tenantId?: string) => scope.readTenant(tenantId);

/**
 * Which of `ids` have children the caller can see. The lookup reads only the children's parent ids,
 * in one statement through the scoped layer (the index on tenant_id, parent_id serves it).
 */
export async function withChildren(scope: TenantScope, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = await scope.lookup([{ name: "child", table: dept, key: dept.parentId, label: dept.parentId, where: inArray(dept.parentId, ids), distinct: true }]);
  return new Set(found.get("child")!.keys());
}

/**
 * DeptVO as BladeX answers it: the row with parentName (顶级 at the top), deptCategoryName,
 * hasChildren, and the names of who created and last changed it — all labels in one statement.
 */
export async function toDeptVOs(scope: TenantScope, rows: DeptRow[]) {
  const ids = rows.map((r) => r.id);
  const parents = unique(rows.map((r) => r.parentId));
  const users = unique(rows.flatMap((r) => [r.createUser, r.updateUser]));
  const parts: LookupPart[] = [dictPart("category", "org_category")];
  if (ids.length) parts.push({ name: "child", table: dept, key: dept.parentId, label: dept.parentId, where: inArray(dept.parentId, ids), distinct: true });
  if (parents.length) parts.push({ name: "parent", table: dept, key: dept.id, label: dept.deptName, where: inArray(dept.id, parents) });
  if (users.length) parts.push({ name: "user", table: user, key: user.id, label: user.realName, where: inArray(user.id, users) });
  const labels = await scope.lookup(parts);
  const label = (name: string, key: string | null) => (key ? labels.get(name)?.get(key) : undefined) ?? "";
  return rows.map((r) => ({
    ...plainVO(r),
    parentName: r.parentId === TOP ? TOP_PARENT_NAME : label("parent", r.parentId),
    deptCategoryName: label("category", String(r.deptCategory)),
    hasChildren: labels.get("child")?.has(r.id) ?? false,
    createUserName: label("user", r.createUser),
    updateUserName: label("user", r.updateUser),
  }));
}

export type DeptVO = Awaited<ReturnType<typeof toDeptVOs>>[number];

/** Blade grammar filters of a dept read (deptName, deptCategory_equal …), paging keys ignored. */
function filtersOf(params: Record<string, string>): { where: SQL | undefined; orderBy: SQL[] } {
  const q = parseQuery(params, DEPT_FILTERS, { sortable: DEPT_SORTS, reserved: ["parentId", "tenantId"], defaultOrder: DEPT_ORDER });
  return { where: q.where, orderBy: q.orderBy };
}

/**
 * /lazy-list: one level below parentId, each row saying whether it has children. Without parentId
 * but with a filter (Saber's search), the matches on every level — BladeX drops the parent then;
 * without either, the top level.
 */
export async function deptLazyList(scope: TenantScope, params: Record<string, string>): Promise<DeptVO[]> {
  const parentId = optionalId(params.parentId?.trim(), "parentId");
  const { where, orderBy } = filtersOf(params);
  const searching = parentId === undefined && where !== undefined;
  const level = searching ? undefined : eq(dept.parentId, parentId ?? TOP);
  const rows = await scope.repo(dept).list(and(level, where), {
    orderBy,
    limit: searching ? SEARCH_LIMIT : LEVEL_LIMIT,
    tenantId: treeTenant(scope, params.tenantId?.trim() || undefined),
  });
  return toDeptVOs(scope, rows);
}

/** /list: the matching departments as a forest (a match whose parent did not match is a root). */
export async function deptForest(scope: TenantScope, params: Record<string, string>) {
  const { where, orderBy } = filtersOf(params);
  const rows = await scope.repo(dept).list(where, { orderBy, limit: LEVEL_LIMIT, tenantId: treeTenant(scope, params.tenantId?.trim() || undefined) });
  const vos = (await toDeptVOs(scope, rows)) as (DeptVO & { children?: DeptVO[] })[];
  return buildForest(vos);
}

/** /firstLevelDeptList: the top-level departments of the tenant. */
export async function firstLevelDepts(scope: TenantScope, tenantId?: string): Promise<DeptVO[]> {
  const rows = await scope.repo(dept).list(eq(dept.parentId, TOP), { orderBy: DEPT_ORDER, limit: LEVEL_LIMIT, tenantId: treeTenant(scope, tenantId) });
  return toDeptVOs(scope, rows);
}

/** The whole department forest of one tenant. */
export async function deptTree(scope: TenantScope, tenantId?: string): Promise<TreeNode[]> {
  const rows = await scope.repo(dept).list(undefined, { orderBy: DEPT_ORDER, tenantId: treeTenant(scope, tenantId) });
  return markHasChildren(buildForest(rows.map((r) => treeNode(r.id, r.parentId, r.deptName) as TreeNode)));
}

/** One level below parentId, each node saying whether it has children of its own. */
export async function deptLazyTree(scope: TenantScope, parentId: string, tenantId?: string): Promise<TreeNode[]> {
  const rows = await scope.repo(dept).list(eq(dept.parentId, parentId), { orderBy: DEPT_ORDER, limit: LEVEL_LIMIT, tenantId: treeTenant(scope, tenantId) });
  const parents = await withChildren(scope, rows.map((r) => r.id));
  return rows.map((r) => treeNode(r.id, r.parentId, r.deptName, parents.has(r.id)) as TreeNode);
}
