import { and, asc, eq, sql } from "drizzle-orm";
import type { TreeNode } from "../../../src/contract";
import type { Db } from "../../db/connection";
import { dept } from "../../db/schema";
import { buildForest, markHasChildren, treeNode } from "../../db/tree";
import type { TenantScope } from "../../security/tenant-scope";

/** The whole department forest of one tenant. */
export async function deptTree(db: Db, scope: TenantScope, tenantId?: string): Promise<TreeNode[]> {
  const rows = await db
    .select({ id: dept.id, parentId: dept.parentId, name: dept.deptName })
    .from(dept)
    .where(scope.live(dept, tenantId))
    .orderBy(asc(dept.sort), asc(dept.id));
  return markHasChildren(buildForest(rows.map((r) => treeNode(r.id, r.parentId, r.name) as TreeNode)));
}

/** One level below parentId, each node saying whether it has children of its own. */
export async function deptLazyTree(db: Db, scope: TenantScope, parentId: string, tenantId?: string): Promise<TreeNode[]> {
  const child = sql`exists (select 1 from ${dept} c where c.parent_id = ${dept.id} and c.is_deleted = 0)`;
  const rows = await db
    .select({ id: dept.id, parentId: dept.parentId, name: dept.deptName, hasChildren: sql<boolean>`${child}` })
    .from(dept)
    .where(and(scope.live(dept, tenantId), eq(dept.parentId, parentId)))
    .orderBy(asc(dept.sort), asc(dept.id));
  return rows.map((r) => treeNode(r.id, r.parentId, r.name, !!r.hasChildren) as TreeNode);
}

/** The ids of these departments and of everything below them, within the caller's reach. */
export async function deptSubtreeIds(db: Db, scope: TenantScope, rootId: string): Promise<string[]> {
  const rows = await db
    .select({ id: dept.id })
    .from(dept)
    .where(
      and(
        scope.live(dept, undefined, true),
        sql`(${dept.id} = ${rootId} or (',' || ${dept.ancestors} || ',') like ${`%,${rootId},%`})`,
      ),
    );
  return rows.map((r) => r.id);
}
