import { and, eq, gt, inArray, or, type SQL } from "drizzle-orm";
import type { UserVO } from "../../../src/contract";
import { loginFailure } from "../../db/schema";
import { formatDateTime } from "../../db/time";
import type { TenantScope } from "../../security/tenant-scope";

/**
 * Adds each locked user's lock end (`lockedUntil`, "YYYY-MM-DD HH:mm:ss") to a page of users, so
 * that the list shows 已锁定 rather than 启用 after the sign-in lockout (security/lockout.ts keeps
 * the counters per tenant and account). One statement per page; users not locked get nothing.
 */
export async function withLockState(scope: TenantScope, rows: UserVO[]): Promise<UserVO[]> {
  if (rows.length === 0) return rows;
  const byTenant = new Map<string, string[]>();
  for (const r of rows) byTenant.set(r.tenantId, [...(byTenant.get(r.tenantId) ?? []), r.account]);
  const pairs: SQL[] = [...byTenant].map(([tenantId, accounts]) => and(eq(loginFailure.tenantId, tenantId), inArray(loginFailure.account, accounts))!);
  const now = scope.clock();
  const locks = await scope.db
    .select({ tenantId: loginFailure.tenantId, account: loginFailure.account, lockedUntil: loginFailure.lockedUntil })
    .from(loginFailure)
    .where(and(gt(loginFailure.lockedUntil, now), or(...pairs)));
  if (locks.length === 0) return rows;
  const until = new Map(locks.map((l) => [`${l.tenantId}\n${l.account}`, formatDateTime(new Date(l.lockedUntil))]));
  return rows.map((r) => {
    const lockedUntil = until.get(`${r.tenantId}\n${r.account}`);
    return lockedUntil ? { ...r, lockedUntil } : r;
  });
}
