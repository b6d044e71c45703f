import { and, eq, gt, inArray, ne, type SQL } from "drizzle-orm";
import type { Db } from "../db/connection";
import { nextId } from "../db/ids";
import { authSession } from "../db/schema";
import { dbOf, type Handle } from "./handle";

/**
 * Server-side sessions make tokens revocable: an access token is honoured only while its session
 * is live, and the refresh token's jti must match the one stored (single use, see rotate()).
 */
export interface NewSession {
  tenantId: string;
  userId: string;
  clientId: string;
  refreshJti: string;
  deptId: string;
  roleId: string;
  expiresAt: number;
  now: number;
  ip: string;
  userAgent: string;
}

export async function createSession(handle: Handle, s: NewSession): Promise<string> {
  const db = dbOf(handle);
  const id = nextId();
  await db.insert(authSession).values({
    id,
    tenantId: s.tenantId,
    userId: s.userId,
    clientId: s.clientId,
    refreshJti: s.refreshJti,
    deptId: s.deptId,
    roleId: s.roleId,
    expiresAt: s.expiresAt,
    createdAt: s.now,
    lastUsedAt: s.now,
    ip: s.ip.slice(0, 64),
    userAgent: s.userAgent.slice(0, 500),
  });
  return id;
}

export type SessionRow = typeof authSession.$inferSelect;

/** A session and the user it belongs to, each with its tenant: every statement below names the tenant (one shard on Citus). */
export interface SessionKey {
  id: string;
  tenantId: string;
}

export async function findSession(handle: Handle, session: SessionKey): Promise<SessionRow | undefined> {
  const db = dbOf(handle);
  const rows = await db.select().from(authSession).where(and(eq(authSession.tenantId, session.tenantId), eq(authSession.id, session.id)));
  return rows[0];
}

/**
 * Swaps the refresh jti in one conditional UPDATE, so of two requests presenting the same refresh
 * token exactly one wins. False means the token was already used (or the session is gone).
 */
export async function rotateRefresh(
  handle: Handle,
  session: SessionKey,
  oldJti: string,
  next: { jti: string; deptId: string; roleId: string; now: number; expiresAt: number },
): Promise<boolean> {
  const db = dbOf(handle);
  const rows = await db
    .update(authSession)
    .set({ refreshJti: next.jti, deptId: next.deptId, roleId: next.roleId, lastUsedAt: next.now, expiresAt: next.expiresAt })
    .where(
      and(
        eq(authSession.tenantId, session.tenantId),
        eq(authSession.id, session.id),
        eq(authSession.refreshJti, oldJti),
        eq(authSession.revoked, 0),
        gt(authSession.expiresAt, next.now),
      ),
    )
    .returning({ id: authSession.id });
  return rows.length === 1;
}

/** Ends the live sessions all of `which` select, saying why. */
async function revokeWhere(db: Db, which: [SQL, ...SQL[]], reason: string): Promise<void> {
  await db.update(authSession).set({ revoked: 1, revokedReason: reason }).where(and(...which, eq(authSession.revoked, 0)));
}

export async function revokeSession(handle: Handle, session: SessionKey, reason: string): Promise<void> {
  const db = dbOf(handle);
  await revokeWhere(db, [eq(authSession.tenantId, session.tenantId), eq(authSession.id, session.id)], reason);
}

/** Ends every session of these users (deleted or disabled accounts), tenant by tenant. */
export async function revokeUserSessions(handle: Handle, users: readonly SessionKey[], reason: string): Promise<void> {
  const db = dbOf(handle);
  const byTenant = new Map<string, string[]>();
  for (const u of users) {
    const ids = byTenant.get(u.tenantId);
    if (ids) ids.push(u.id);
    else byTenant.set(u.tenantId, [u.id]);
  }
  for (const [tenantId, ids] of byTenant) await revokeWhere(db, [eq(authSession.tenantId, tenantId), inArray(authSession.userId, ids)], reason);
}

/**
 * Ends every live session of these tenants (removed, disabled or expired): their users are signed
 * out in the database, so neither their access nor their refresh tokens work, and the online
 * lists no longer show them.
 */
export async function revokeTenantSessions(handle: Handle, tenantIds: string[], reason: string): Promise<void> {
  const db = dbOf(handle);
  if (tenantIds.length > 0) await revokeWhere(db, [inArray(authSession.tenantId, tenantIds)], reason);
}

/** After a password change: every session of the user but the one that changed it. */
export async function revokeOtherSessions(handle: Handle, user: SessionKey, keepSessionId: string, reason: string): Promise<void> {
  const db = dbOf(handle);
  await revokeWhere(db, [eq(authSession.tenantId, user.tenantId), eq(authSession.userId, user.id), ne(authSession.id, keepSessionId)], reason);
}
