import { asc, eq, inArray } from "drizzle-orm";
import type { TreeNode } from "../../../domain/contract";
import { dept, user } from "../../db/schema";
import { buildForest, markHasChildren, treeNode } from "../../db/tree";
import { plainVO } from "../../kit/crud";
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
