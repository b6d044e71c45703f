import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { readRows } from "../db/data-version";
import { loginFailure } from "../db/schema";
import { DEFAULT_PASSWORD_POLICY } from "../../domain/validation/password-policy";
import { loadPasswordPolicy, type PasswordPolicy } from "./password-policy";
import { dbOf, type Handle } from "./handle";

/**
 * Login lockout: N failures within the lock period lock the account for that period. N and the
 * period are the password policy's (lock threshold and duration, per tenant; before any policy is
 * saved, its defaults) and nothing else's: the old parameters account.failCount and
 * account.lockMinutes are not read (params.ts, RETIRED_LOCKOUT_KEYS). The counter lives in the database so that every
 * instance behind a load balancer sees it.
 *
 * Race-free by reservation: an attempt counts as a failure *before* the password is checked, in
 * one conditional upsert that refuses once N attempts are counted. Concurrent guesses therefore
 * cannot all slip in before the lock, and a success gives back only what it reserved — it never
 * erases failures that raced with it.
 */
export interface LockPolicy {
  failCount: number;
  lockMs: number;
}

/** Answered to a locked sign-in and to a locked password change alike. */
export const MSG_LOCKED = "登录错误次数过多,请稍后再试";

export const DEFAULT_POLICY: LockPolicy = { failCount: DEFAULT_PASSWORD_POLICY.lockThreshold, lockMs: DEFAULT_PASSWORD_POLICY.lockMinutes * 60_000 };

/**
 * The lock of the tenant's password policy, so that the policy page and the lockout never
 * disagree. Read on every sign-in rather than cached: one primary-key lookup, and a changed
 * threshold applies at once on every instance.
 */
export async function loadLockPolicy(handle: Handle, tenantId?: string): Promise<LockPolicy> {
  const db = dbOf(handle);
  return lockPolicyOf(await loadPasswordPolicy(db, tenantId));
}

export const lockPolicyOf = (policy: PasswordPolicy): LockPolicy => ({ failCount: policy.lockThreshold, lockMs: policy.lockMinutes * 60_000 });

/** A reserved attempt: its place in the count, given back on success. */
export interface Attempt {
  tenantId: string;
  account: string;
  count: number;
  /** This attempt's failure reaches the threshold: the account is locked from now on. */
  locks: boolean;
}

/**
 * Reserves one attempt, or answers null when the account is locked. A counter whose last failure
 * is older than the lock period starts again, like Blade's expiring Redis key.
 */
export async function beginAttempt(handle: Handle, tenantId: string, account: string, now: number, policy: LockPolicy): Promise<Attempt | null> {
  const db = dbOf(handle);
  const stale = now - policy.lockMs;
  const count = sql`case when ${loginFailure.lastFailureAt} <= ${stale} then 1 else ${loginFailure.failCount} + 1 end`;
  const rows = await db
    .insert(loginFailure)
    .values({ tenantId, account, failCount: 1, lastFailureAt: now, lockedUntil: policy.failCount <= 1 ? now + policy.lockMs : 0 })
    .onConflictDoUpdate({
      target: [loginFailure.tenantId, loginFailure.account],
      set: {
        failCount: count,
        lastFailureAt: now,
        lockedUntil: sql`case when ${count} >= ${policy.failCount} then ${now + policy.lockMs}::bigint else 0 end`,
      },
      // Once N attempts are counted nothing changes until the period has passed: refused guesses
      // neither count nor extend the lock.
      setWhere: sql`${loginFailure.lastFailureAt} <= ${stale} or ${loginFailure.failCount} < ${policy.failCount}`,
    })
    .returning({ failCount: loginFailure.failCount });
  if (rows.length === 0) return null;
  return { tenantId, account, count: rows[0].failCount, locks: rows[0].failCount >= policy.failCount };
}

/** A right password: the attempt and every failure counted before it go, later ones stay. */
export async function attemptSucceeded(handle: Handle, attempt: Attempt, policy: LockPolicy): Promise<void> {
  const db = dbOf(handle);
  const left = sql`greatest(${loginFailure.failCount} - ${attempt.count}, 0)`;
  await db
    .update(loginFailure)
    .set({ failCount: left, lockedUntil: sql`case when ${left} >= ${policy.failCount} then ${loginFailure.lockedUntil} else 0 end` })
    .where(and(eq(loginFailure.tenantId, attempt.tenantId), eq(loginFailure.account, attempt.account)));
}

/**
 * The password was never checked (the hash queue was full, the database failed): the attempt is
 * given back, so that an overloaded server cannot lock anyone out. Only this one attempt goes;
 * a lock that failures racing with it reached on their own stays.
 */
export async function attemptAbandoned(handle: Handle, attempt: Attempt, policy: LockPolicy): Promise<void> {
  const db = dbOf(handle);
  const left = sql`greatest(${loginFailure.failCount} - 1, 0)`;
  await db
    .update(loginFailure)
    .set({ failCount: left, lockedUntil: sql`case when ${left} >= ${policy.failCount} then ${loginFailure.lockedUntil} else 0 end` })
    .where(and(eq(loginFailure.tenantId, attempt.tenantId), eq(loginFailure.account, attempt.account)));
}

export async function isLocked(handle: Handle, tenantId: string, account: string, now: number): Promise<boolean> {
  const db = dbOf(handle);
  const rows = await db
    .select({ lockedUntil: loginFailure.lockedUntil })
    .from(loginFailure)
    .where(and(eq(loginFailure.tenantId, tenantId), eq(loginFailure.account, account)));
  return rows.length === 1 && rows[0].lockedUntil > now;
}

/** The key of an account in lockEnds' answer. */
export const lockKey = (tenantId: string, account: string) => `${tenantId}\u0000${account}`;

/**
 * The end of every lock of these tenants that ever ran (locked_until > 0), by lockKey: the user
 * list shows 已锁定 rather than 启用. A read of this table alone, so that an edit of some user does
 * not forget it (nor the names beside a page); the statement does not name "now" (it would never
 * be answered from memory), so the caller drops expired locks against its clock.
 */
export async function lockEnds(handle: Handle, tenantIds: string[]): Promise<Map<string, number>> {
  if (tenantIds.length === 0) return new Map();
  const db = dbOf(handle);
  const rows = await readRows(
    db,
    db
      .select({ tenantId: loginFailure.tenantId, account: loginFailure.account, lockedUntil: loginFailure.lockedUntil })
      .from(loginFailure)
      .where(and(inArray(loginFailure.tenantId, tenantIds), gt(loginFailure.lockedUntil, 0))),
  );
  return new Map(rows.map((r) => [lockKey(r.tenantId, r.account), r.lockedUntil]));
}

/** An account's counter as it stood (the unlock's operation log says how far into a lock it was). */
export interface FailureCounter {
  account: string;
  failCount: number;
  lockedUntil: number;
}

/** The accounts' counters go (a changed password, an unlock); answers them as they were. */
export async function clearFailures(handle: Handle, tenantId: string, accounts: string[]): Promise<FailureCounter[]> {
  const db = dbOf(handle);
  if (accounts.length === 0) return [];
  return db
    .delete(loginFailure)
    .where(and(eq(loginFailure.tenantId, tenantId), inArray(loginFailure.account, accounts)))
    .returning({ account: loginFailure.account, failCount: loginFailure.failCount, lockedUntil: loginFailure.lockedUntil });
}

/**
 * Counters whose period has passed mean nothing any more; without this every guessed account
 * name would leave a row behind for ever. Swept tenant by tenant, each by its own policy's lock
 * period: one tenant's short lock must not release another tenant's longer one.
 */
export async function purgeStaleFailures(handle: Handle, now: number): Promise<number> {
  const db = dbOf(handle);
  const tenants = await db.selectDistinct({ tenantId: loginFailure.tenantId }).from(loginFailure);
  let purged = 0;
  for (const { tenantId } of tenants) {
    const policy = await loadLockPolicy(db, tenantId);
    const gone = await db
      .delete(loginFailure)
      .where(and(eq(loginFailure.tenantId, tenantId), lt(loginFailure.lastFailureAt, now - policy.lockMs), lt(loginFailure.lockedUntil, now)))
      .returning({ account: loginFailure.account });
    purged += gone.length;
  }
  return purged;
}
