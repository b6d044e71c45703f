import { asc, eq, inArray } from "drizzle-orm";
import type { TreeNode } from "../../../src/contract";
import { dept } from "../../db/schema";
import { buildForest, markHasChildren, treeNode } from "../../db/tree";
import type { TenantScope } from "../../security/tenant-scope";

const ORDER = [asc(dept.sort), asc(dept.id)];

/** The tenant a tree shows: the caller's own, or the one the administrator names. */
const treeTenant = (scope: TenantScope, tenantId?: string) => tenantId || scope.tenantId;

/** The whole department forest of one tenant. */
export async function deptTree(scope: TenantScope, tenantId?: string): Promise<TreeNode[]> {
  const rows = await scope.repo(dept).list(undefined, { orderBy: ORDER, tenantId: treeTenant(scope, tenantId) });
  return markHasChildren(buildForest(rows.map((r) => treeNode(r.id, r.parentId, r.deptName) as TreeNode)));
}

/** One level below parentId, each node saying whether it has children of its own. */
export async function deptLazyTree(scope: TenantScope, parentId: string, tenantId?: string): Promise<TreeNode[]> {
  const repo = scope.repo(dept);
  const tenant = treeTenant(scope, tenantId);
  const rows = await repo.list(eq(dept.parentId, parentId), { orderBy: ORDER, tenantId: tenant });
  const ids = rows.map((r) => r.id);
  const children = ids.length ? await repo.list(inArray(dept.parentId, ids), { tenantId: tenant }) : [];
  const parents = new Set(children.map((c) => c.parentId));
  return rows.map((r) => treeNode(r.id, r.parentId, r.deptName, parents.has(r.id)) as TreeNode);
}
