/**
 * The tables of the server itself rather than of a module: what makes tokens revocable, logins
 * lockable and codes single-use, plus server-internal settings. Only server/security (and the
 * sign-in of server/modules/auth) reads and writes them, directly: they have no logical delete
 * and are never listed by a module.
 */
import { index, integer, pgTable, primaryKey, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { tenantTable } from "./tenant-table";
import { dateTime, epochMs, id, tenantId } from "./columns";

/** Server-internal key/value pairs: the JWT secret, the first-start marker. Never exposed. */
export const setting = pgTable("blade_setting", {
  key: varchar("key", { length: 64 }).primaryKey(),
  value: text("value").notNull(),
  updateTime: dateTime("update_time"),
});

/**
 * One row per sign-in. Access tokens name their session (sid) and are refused once it is revoked;
 * the refresh token's jti must equal refresh_jti, which each refresh replaces (single use).
 */
export const authSession = tenantTable(
  "blade_auth_session",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    userId: id("user_id").notNull(),
    clientId: varchar("client_id", { length: 48 }).notNull(),
    refreshJti: varchar("refresh_jti", { length: 64 }).notNull(),
    /** The dept/role the user switched to (Dept-Id/Role-Id), "" = all of the user's. */
    deptId: varchar("dept_id", { length: 1000 }).notNull().default(""),
    roleId: varchar("role_id", { length: 1000 }).notNull().default(""),
    revoked: integer("revoked").notNull().default(0),
    revokedReason: varchar("revoked_reason", { length: 64 }).notNull().default(""),
    expiresAt: epochMs("expires_at").notNull(),
    createdAt: epochMs("created_at").notNull(),
    lastUsedAt: epochMs("last_used_at").notNull(),
    ip: varchar("ip", { length: 64 }).notNull().default(""),
    userAgent: varchar("user_agent", { length: 500 }).notNull().default(""),
  },
  (t) => [index("blade_auth_session_user_idx").on(t.userId)],
);

/** Failed sign-ins per tenant and account (existing or not, so probing learns nothing). */
export const loginFailure = pgTable(
  "blade_login_failure",
  {
    tenantId: varchar("tenant_id", { length: 12 }).notNull(),
    account: varchar("account", { length: 255 }).notNull(),
    failCount: integer("fail_count").notNull().default(0),
    lastFailureAt: epochMs("last_failure_at").notNull(),
    lockedUntil: epochMs("locked_until").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.account] })],
);

export const captcha = pgTable(
  "blade_captcha",
  {
    key: varchar("key", { length: 64 }).primaryKey(),
    codeHash: varchar("code_hash", { length: 128 }).notNull(),
    expiresAt: epochMs("expires_at").notNull(),
  },
  (t) => [index("blade_captcha_expires_idx").on(t.expiresAt)],
);

/**
 * SMS and mail verification codes: stored as an HMAC (never the code), expiring, single use, and
 * burnt after too many wrong tries. `purpose` keeps a find-password code out of the sign-in grant.
 */
export const verifyCode = tenantTable(
  "blade_verify_code",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    channel: varchar("channel", { length: 8 }).notNull(),
    purpose: varchar("purpose", { length: 16 }).notNull(),
    target: varchar("target", { length: 255 }).notNull(),
    codeHash: varchar("code_hash", { length: 128 }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    used: integer("used").notNull().default(0),
    createdAt: epochMs("created_at").notNull(),
    expiresAt: epochMs("expires_at").notNull(),
  },
  (t) => [index("blade_verify_code_target_idx").on(t.channel, t.target, t.createdAt)],
);

/** A third-party identity (source + uuid) of a tenant, bound to a user once user_id is set. */
export const userOauth = tenantTable(
  "blade_user_oauth",
  {
    id: id("id").notNull(),
    tenantId: tenantId(),
    userId: id("user_id"),
    source: varchar("source", { length: 32 }).notNull(),
    uuid: varchar("uuid", { length: 255 }).notNull(),
    username: varchar("username", { length: 255 }).notNull().default(""),
    nickname: varchar("nickname", { length: 255 }).notNull().default(""),
    avatar: varchar("avatar", { length: 2000 }).notNull().default(""),
    email: varchar("email", { length: 255 }).notNull().default(""),
    createTime: dateTime("create_time"),
    updateTime: dateTime("update_time"),
  },
  (t) => [uniqueIndex("blade_user_oauth_uq").on(t.tenantId, t.source, t.uuid), index("blade_user_oauth_user_idx").on(t.userId)],
);

/** Nonces of consumed OAuth states: a state answers once, even within its lifetime. */
export const oauthNonce = pgTable("blade_oauth_nonce", {
  nonce: varchar("nonce", { length: 64 }).primaryKey(),
  expiresAt: epochMs("expires_at").notNull(),
});

/**
 * The id generator's worker ids (db/ids.ts): an instance leases one at start and renews it while it
 * runs, so several instances on one database never share one and need no BLADE_WORKER_ID.
 */
export const workerLease = pgTable("blade_worker_lease", {
  workerId: integer("worker_id").primaryKey(),
  owner: varchar("owner", { length: 64 }).notNull(),
  leaseUntil: epochMs("lease_until").notNull(),
});

/**
 * Named locks of a tenant (security/locks.ts): a transaction that must not interleave with another
 * of the same name takes the row and holds it until it ends. Row locks rather than advisory ones:
 * on Citus this table is distributed by tenant_id, so a lock is a statement on the tenant's shard
 * and holds whichever node the statement came through.
 */
export const tenantLock = pgTable(
  "blade_tenant_lock",
  {
    tenantId: tenantId(),
    name: varchar("name", { length: 200 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.name] })],
);
