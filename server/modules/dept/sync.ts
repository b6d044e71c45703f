import { sql } from "drizzle-orm";
import { DEPT_BUTTON_CODES } from "../../../domain/resources/system/dept/spec";
import { dept } from "../../db/schema";
import type { TenantScope } from "../../security/tenant-scope";
import { MAX_ANCESTORS_LENGTH, TOP } from "./paths";
import { MSG_DEPT_MISSING } from "./service";
import { lockTree } from "./write";

export const DEPT_SYNC_CODE = DEPT_BUTTON_CODES.sync;

interface Linked {
  id: string;
  parentId: string;
  ancestors: string;
}

export interface Placement {
  parentId: string;
  ancestors: string;
}

/**
 * Where every department belongs, derived from parentId alone: ancestors rebuilt from the top, and
 * a department whose parent is gone (deleted, or never there) or that sits in a loop moved to the
 * top level — in a lazy tree it could not be reached at all. Iterative: a corrupt chain of any
 * length cannot overflow the stack. Answers the rows whose placement changes.
 */
export function planRepair(rows: Linked[]): Map<string, Placement> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const placed = new Map<string, Placement>();
  for (const start of rows) {
    const chain: Linked[] = [];
    const onChain = new Set<string>();
    for (let at: Linked | undefined = start; at && !placed.has(at.id) && !onChain.has(at.id); ) {
      chain.push(at);
      onChain.add(at.id);
      at = at.parentId === TOP ? undefined : byId.get(at.parentId);
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      const row = chain[i];
      const parent = row.parentId === TOP ? undefined : placed.get(row.parentId);
      const ancestors = parent ? `${parent.ancestors},${row.parentId}` : TOP;
      const attached = parent !== undefined && ancestors.length <= MAX_ANCESTORS_LENGTH;
      placed.set(row.id, attached ? { parentId: row.parentId, ancestors } : { parentId: TOP, ancestors: TOP });
    }
  }
  const changes = new Map<string, Placement>();
  for (const r of rows) {
    const p = placed.get(r.id)!;
    if (p.parentId !== r.parentId || p.ancestors !== r.ancestors) changes.set(r.id, p);
  }
  return changes;
}

export interface SyncReport {
  /** Departments of the tenant checked. */
  total: number;
  /** Departments whose stored path (or full name) was corrected. */
  repaired: number;
  /** Of those, departments whose parent was gone or looped, now at the top level. */
  detached: number;
}

const BATCH = 1000;

/**
 * POST /syncDept: re-derives the tenant's whole tree from parentId in one transaction — ancestors
 * of every department, orphans to the top level, blank full names from the name — so that paths
 * written by other means (SQL, an older import) agree with what moves and filters rely on.
 */
export async function syncDepts(scope: TenantScope, requestedTenant?: string): Promise<SyncReport> {
  const tenantId = scope.readTenant(requestedTenant)!;
  return scope.transaction(async (tx) => {
    await lockTree(tx, tenantId);
    const repo = tx.repo(dept);
    const rows = await repo.list(undefined, { tenantId });
    const changes = planRepair(rows);
    const groups = new Map<string, { placement: Placement; ids: string[] }>();
    for (const [id, placement] of changes) {
      const key = `${placement.parentId}|${placement.ancestors}`;
      (groups.get(key) ?? groups.set(key, { placement, ids: [] }).get(key)!).ids.push(id);
    }
    for (const { placement, ids } of groups.values()) {
      for (let i = 0; i < ids.length; i += BATCH) await repo.update(ids.slice(i, i + BATCH), { ...placement }, MSG_DEPT_MISSING);
    }
    const unnamed = rows.filter((r) => r.fullName === "").map((r) => r.id);
    for (let i = 0; i < unnamed.length; i += BATCH) await repo.update(unnamed.slice(i, i + BATCH), { fullName: sql`${dept.deptName}` }, MSG_DEPT_MISSING);
    const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
    const detached = [...changes].filter(([id, p]) => p.parentId !== parentOf.get(id)).length;
    return { total: rows.length, repaired: new Set([...changes.keys(), ...unnamed]).size, detached };
  });
}
