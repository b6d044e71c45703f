import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/connection";
import { loginFailure } from "../db/schema";
import { FAIL_COUNT, intSetting, LOCK_MINUTES, readParamValues } from "./params";

/**
 * Login lockout (BladeX params account.failCount / account.lockMinutes): N failures within the lock
 * period lock the account for that period. The counter lives in the database so that every
 * instance behind a load balancer sees it.
 */
export interface LockPolicy {
  failCount: number;
  lockMs: number;
}

/** Answered to a locked sign-in and to a locked password change alike. */
export const MSG_LOCKED = "登录错误次数过多,请稍后再试";

export const DEFAULT_POLICY: LockPolicy = { failCount: FAIL_COUNT.fallback, lockMs: LOCK_MINUTES.fallback * 60_000 };

/**
 * Read on every sign-in rather than cached: one indexed lookup beside the failure's own upsert,
 * and a changed threshold applies at once on every instance.
 */
export async function loadLockPolicy(db: Db): Promise<LockPolicy> {
  const values = await readParamValues(db, [FAIL_COUNT.key, LOCK_MINUTES.key]);
  return {
    failCount: intSetting(FAIL_COUNT, values.get(FAIL_COUNT.key)),
    lockMs: intSetting(LOCK_MINUTES, values.get(LOCK_MINUTES.key)) * 60_000,
  };
}

export async function isLocked(db: Db, tenantId: string, account: string, now: number): Promise<boolean> {
  const rows = await db
    .select({ lockedUntil: loginFailure.lockedUntil })
    .from(loginFailure)
    .where(and(eq(loginFailure.tenantId, tenantId), eq(loginFailure.account, account)));
  return rows.length === 1 && rows[0].lockedUntil > now;
}

/**
 * Counts one failure in a single upsert (concurrent attempts cannot lose counts). A counter whose
 * last failure is older than the lock period starts again, like Blade's expiring Redis key.
 */
export async function recordFailure(db: Db, tenantId: string, account: string, now: number, policy: LockPolicy) {
  const stale = now - policy.lockMs;
  const count = sql`case when ${loginFailure.lastFailureAt} <= ${stale} then 1 else ${loginFailure.failCount} + 1 end`;
  await db
    .insert(loginFailure)
    .values({
      tenantId,
      account,
      failCount: 1,
      lastFailureAt: now,
      lockedUntil: policy.failCount <= 1 ? now + policy.lockMs : 0,
    })
    .onConflictDoUpdate({
      target: [loginFailure.tenantId, loginFailure.account],
      set: {
        failCount: count,
        lastFailureAt: now,
        lockedUntil: sql`case when ${count} >= ${policy.failCount} then ${now + policy.lockMs}::bigint else 0 end`,
      },
    });
}

export async function clearFailures(db: Db, tenantId: string, accounts: string[]): Promise<void> {
  if (accounts.length === 0) return;
  await db.delete(loginFailure).where(and(eq(loginFailure.tenantId, tenantId), inArray(loginFailure.account, accounts)));
}
