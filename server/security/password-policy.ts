import { and, desc, eq, inArray, notInArray } from "drizzle-orm";
import { DEFAULT_TENANT_ID } from "../../domain/contract";
import {
  DEFAULT_PASSWORD_POLICY,
  POLICY_LIMITS,
  checkPassword,
  policyMessages,
  rulesOfPolicy,
  type PasswordPolicy,
} from "../../domain/validation/password-policy";
import type { Db } from "../db/connection";
import { readRows } from "../db/data-version";
import { nextId } from "../db/ids";
import { passwordHistory, passwordPolicy } from "../db/schema";
import { trimDateTime } from "../db/time";
import { readParamValues } from "./params";
import { md5Hex, verifyDigest } from "./password";
import { dbOf, type Handle } from "./handle";

/**
 * The password policy, the one source of what a new password must be, how long it lives, which
 * old ones it may not repeat and when sign-in locks (security/lockout.ts reads its threshold here).
 *
 * Per tenant, falling back to the platform's (tenant 000000), as BladeX keeps its sysConfig per
 * tenant: a tenant administrator can tighten its own users' rules, and a tenant that never saved a
 * policy follows the platform. With no saved policy at all, the older parameters still apply
 * (password.minLength, password.maxLength, password.rejectWeak, password.require, account.failCount,
 * account.lockMinutes), so a deployment that configured those keeps its behaviour.
 */
export type { PasswordPolicy };
export { DEFAULT_PASSWORD_POLICY };

export const MSG_WEAK_PASSWORD = policyMessages.weak();

/** Where the policy a tenant follows comes from. */
export type PolicySource = "tenant" | "platform" | "default";

const LEGACY_KEYS = ["password.minLength", "password.maxLength", "password.rejectWeak", "password.require"];

/** The policy before anyone saved one: the older parameters, each within today's bounds. */
async function legacyPolicy(db: Db): Promise<PasswordPolicy> {
  const values = await readParamValues(db, LEGACY_KEYS);
  const length = (key: string, fallback: number) => {
    const n = Number(values.get(key));
    const { min, max } = POLICY_LIMITS.minLength;
    return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
  };
  const minLength = length("password.minLength", DEFAULT_PASSWORD_POLICY.minLength);
  const required = new Set((values.get("password.require") ?? "").split(",").map((s) => s.trim()));
  return {
    ...DEFAULT_PASSWORD_POLICY,
    minLength,
    maxLength: Math.max(minLength, length("password.maxLength", DEFAULT_PASSWORD_POLICY.maxLength)),
    rejectWeak: values.get("password.rejectWeak") !== "0",
    requireDigits: required.has("digits"),
    requireUpper: required.has("upper"),
    requireLower: required.has("lower"),
    requireSpecial: required.has("special"),
  };
}

const toPolicy = (row: typeof passwordPolicy.$inferSelect): PasswordPolicy => ({
  minLength: row.minLength,
  maxLength: row.maxLength,
  requireDigits: row.requireDigits,
  requireUpper: row.requireUpper,
  requireLower: row.requireLower,
  requireSpecial: row.requireSpecial,
  rejectWeak: row.rejectWeak,
  expireDays: row.expireDays,
  historyCount: row.historyCount,
  lockThreshold: row.lockThreshold,
  lockMinutes: row.lockMinutes,
});

/**
 * The policy a tenant follows and where it comes from. Read at every use rather than cached: one
 * primary-key lookup, and a saved change applies at once on every instance.
 */
export async function describePasswordPolicy(handle: Handle, tenantId: string = DEFAULT_TENANT_ID): Promise<{ policy: PasswordPolicy; source: PolicySource }> {
  const db = dbOf(handle);
  const rows = await readRows(db, db.select().from(passwordPolicy).where(inArray(passwordPolicy.tenantId, [...new Set([tenantId, DEFAULT_TENANT_ID])])));
  const own = rows.find((r) => r.tenantId === tenantId);
  if (own) return { policy: toPolicy(own), source: tenantId === DEFAULT_TENANT_ID ? "platform" : "tenant" };
  const platform = rows.find((r) => r.tenantId === DEFAULT_TENANT_ID);
  if (platform) return { policy: toPolicy(platform), source: "platform" };
  return { policy: await legacyPolicy(db), source: "default" };
}

export async function loadPasswordPolicy(handle: Handle, tenantId: string = DEFAULT_TENANT_ID): Promise<PasswordPolicy> {
  const db = dbOf(handle);
  return (await describePasswordPolicy(db, tenantId)).policy;
}

/** Saves a tenant's own policy (already validated), replacing the one it had. */
export async function savePasswordPolicy(handle: Handle, tenantId: string, policy: PasswordPolicy, by: { userId: string | null; time: string }): Promise<void> {
  const db = dbOf(handle);
  const values = { ...policy, updateUser: by.userId, updateTime: by.time };
  await db
    .insert(passwordPolicy)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: passwordPolicy.tenantId, set: values });
}

/** Drops a tenant's own policy: it follows the platform's again (the platform's own: the defaults). */
export async function removePasswordPolicy(handle: Handle, tenantId: string): Promise<void> {
  const db = dbOf(handle);
  await db.delete(passwordPolicy).where(eq(passwordPolicy.tenantId, tenantId));
}

/** The policy's words for what is wrong with a new password (as typed), or null. */
export function checkNewPassword(policy: PasswordPolicy, password: string): string | null {
  return checkPassword(rulesOfPolicy(policy), password);
}

/** Most rows kept per user: the largest history a policy may ask for. */
const KEPT = POLICY_LIMITS.historyCount.max;

/**
 * Whether a new password (as typed) repeats one of the user's last N (the current one included).
 * The history holds salted hashes, so each is compared in turn: N is bounded for that reason.
 */
export async function reusedPasswordError(
  handle: Handle,
  policy: PasswordPolicy,
  user: { id: string; tenantId: string },
  password: string,
  currentHash?: string,
): Promise<string | null> {
  const db = dbOf(handle);
  const n = policy.historyCount;
  if (n <= 0) return null;
  const rows = await db
    .select({ password: passwordHistory.password })
    .from(passwordHistory)
    .where(and(eq(passwordHistory.tenantId, user.tenantId), eq(passwordHistory.userId, user.id)))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(n);
  const hashes = [...new Set([...(currentHash ? [currentHash] : []), ...rows.map((r) => r.password)])].slice(0, n);
  const digest = md5Hex(password);
  for (const hash of hashes) {
    if ((await verifyDigest(digest, hash)).ok) return policyMessages.history(n);
  }
  return null;
}

/**
 * Everything a path that sets a password checks: the policy of the user's tenant, then (for an
 * existing user) the history. Null when the password may be set.
 */
export async function newPasswordError(
  handle: Handle,
  tenantId: string,
  password: string,
  existing?: { userId: string; currentHash?: string },
): Promise<string | null> {
  const db = dbOf(handle);
  const policy = await loadPasswordPolicy(db, tenantId);
  const problem = checkNewPassword(policy, password);
  if (problem || !existing) return problem;
  return reusedPasswordError(db, policy, { id: existing.userId, tenantId }, password, existing.currentHash);
}

/**
 * Remembers the hash each user was just given (inside the write's transaction), and forgets what
 * no policy can ask about any more. The newest row dates the current password for the expiry.
 */
export async function recordPasswords(
  handle: Handle,
  tenantId: string,
  userIds: string[],
  hash: string,
  now: number,
  /** mustChange: the users must change this password at their next sign-in (an administrator's reset). */
  options: { newUsers?: boolean; previous?: string; mustChange?: boolean } = {},
): Promise<void> {
  const db = dbOf(handle);
  if (userIds.length === 0) return;
  if (options.previous && userIds.length === 1) {
    // The password being replaced dates from before any history was kept: it counts as used too.
    const [known] = await db.select({ id: passwordHistory.id }).from(passwordHistory).where(and(eq(passwordHistory.tenantId, tenantId), eq(passwordHistory.userId, userIds[0]))).limit(1);
    if (!known) await db.insert(passwordHistory).values({ id: nextId(), tenantId, userId: userIds[0], password: options.previous, createdAt: now - 1 });
  }
  const mustChange = options.mustChange ?? false;
  await db.insert(passwordHistory).values(userIds.map((userId) => ({ id: nextId(), tenantId, userId, password: hash, createdAt: now, mustChange })));
  // A new account has only this row: nothing to forget (an import creates thousands at once).
  if (options.newUsers) return;
  for (const userId of userIds) {
    const keep = db
      .select({ id: passwordHistory.id })
      .from(passwordHistory)
      .where(and(eq(passwordHistory.tenantId, tenantId), eq(passwordHistory.userId, userId)))
      .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
      .limit(KEPT);
    await db.delete(passwordHistory).where(and(eq(passwordHistory.tenantId, tenantId), eq(passwordHistory.userId, userId), notInArray(passwordHistory.id, keep)));
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Why a user must change their password before signing in: it is too old, or an administrator's reset asked for it. */
export type PasswordChangeDue = "expired" | "reset";

/**
 * Whether the user must change their password before a session: the newest password was set by a
 * reset marked "change at next sign-in", or it is older than the policy allows. A password set
 * before any history was kept dates from the account's creation.
 */
export async function passwordChangeDue(
  handle: Handle,
  policy: PasswordPolicy,
  account: { id: string; tenantId: string; createTime: string | null },
  now: number,
): Promise<PasswordChangeDue | null> {
  const db = dbOf(handle);
  const [latest] = await db
    .select({ at: passwordHistory.createdAt, mustChange: passwordHistory.mustChange })
    .from(passwordHistory)
    .where(and(eq(passwordHistory.tenantId, account.tenantId), eq(passwordHistory.userId, account.id)))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(1);
  if (latest?.mustChange) return "reset";
  if (policy.expireDays <= 0) return null;
  const created = account.createTime ? new Date(trimDateTime(account.createTime).replace(" ", "T")).getTime() : NaN;
  const setAt = latest?.at ?? (Number.isFinite(created) ? created : now);
  return now - setAt >= policy.expireDays * DAY_MS ? "expired" : null;
}

/** Whether the password must be changed before signing in (expired, or reset to be changed). */
export async function isPasswordExpired(
  handle: Handle,
  policy: PasswordPolicy,
  account: { id: string; tenantId: string; createTime: string | null },
  now: number,
): Promise<boolean> {
  const db = dbOf(handle);
  return (await passwordChangeDue(db, policy, account, now)) !== null;
}
