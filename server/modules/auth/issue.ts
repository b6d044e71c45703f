import { and, eq, inArray } from "drizzle-orm";
import type { TokenResponse } from "../../../src/contract";
import type { AppContext } from "../../context";
import { splitIds } from "../../db/ids";
import { role, user } from "../../db/schema";
import type { ClientRow } from "../../security/client";
import { createSession, rotateRefresh, revokeSession } from "../../security/sessions";
import { newJti, signToken, type AccessClaims } from "../../security/tokens";
import { invalidGrant } from "../../http/errors";

export type UserRow = typeof user.$inferSelect;

/** Where a sign-in comes from, kept on the session for the session list. */
export interface Origin {
  ip: string;
  userAgent: string;
}

/**
 * Switch mode (Dept-Id / Role-Id): narrow the token to the chosen ids, which must be among the
 * user's own. Nothing chosen keeps what the session had, and a session without a choice gets all.
 */
export function narrow(
  user: UserRow,
  chosen: { deptId?: string; roleId?: string },
  session?: { deptId: string; roleId: string },
): Narrowed {
  const pick = (own: string[], requested: string | undefined, kept: string | undefined, refusal: string) => {
    const wanted = splitIds(requested);
    if (wanted.length) {
      if (!wanted.every((id) => own.includes(id))) throw invalidGrant(refusal);
      return wanted;
    }
    return splitIds(kept).filter((id) => own.includes(id));
  };
  const depts = pick(splitIds(user.deptId), chosen.deptId, session?.deptId, "所选部门不属于当前用户");
  const roles = pick(splitIds(user.roleId), chosen.roleId, session?.roleId, "所选角色不属于当前用户");
  return {
    deptIds: depts.length ? depts : splitIds(user.deptId),
    roleIds: roles.length ? roles : splitIds(user.roleId),
    chosenDept: depts.join(","),
    chosenRole: roles.join(","),
  };
}

/** The ids a token carries, and what the user chose (kept on the session, "" = all). */
export interface Narrowed {
  deptIds: string[];
  roleIds: string[];
  chosenDept: string;
  chosenRole: string;
}

async function liveRoles(ctx: AppContext, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select({ id: role.id, alias: role.roleAlias })
    .from(role)
    .where(and(inArray(role.id, ids), eq(role.tenantId, tenantId), eq(role.isDeleted, 0)));
  // Keep the user's order: the first role is the one Blade shows.
  return ids.map((id) => rows.find((r) => r.id === id)).filter((r) => r !== undefined);
}

interface Mint extends Narrowed {
  client: ClientRow;
  user: UserRow;
}

async function mint(ctx: AppContext, m: Mint, sessionId: string, jti: string, now: number): Promise<TokenResponse> {
  const roles = await liveRoles(ctx, m.user.tenantId, m.roleIds);
  const claims: AccessClaims = {
    token_type: "access_token",
    client_id: m.client.clientId,
    tenant_id: m.user.tenantId,
    user_id: m.user.id,
    dept_id: m.deptIds.join(","),
    post_id: m.user.postId,
    role_id: roles.map((r) => r.id).join(","),
    role_name: roles.map((r) => r.alias).join(","),
    account: m.user.account,
    user_name: m.user.account,
    nick_name: m.user.name,
    real_name: m.user.realName,
    sid: sessionId,
  };
  const access = await signToken(ctx.jwtKey, claims, now, m.client.accessTokenValidity);
  const refresh = await signToken(
    ctx.jwtKey,
    { token_type: "refresh_token", client_id: claims.client_id, tenant_id: claims.tenant_id, user_id: claims.user_id, sid: sessionId, jti },
    now,
    m.client.refreshTokenValidity,
  );
  return {
    access_token: access,
    token_type: "bearer",
    refresh_token: refresh,
    expires_in: m.client.accessTokenValidity,
    scope: "all",
    tenant_id: claims.tenant_id,
    user_id: claims.user_id,
    dept_id: claims.dept_id,
    post_id: claims.post_id,
    role_id: claims.role_id,
    role_name: claims.role_name,
    account: claims.account,
    user_name: claims.user_name,
    nick_name: claims.nick_name,
    real_name: claims.real_name,
    avatar: m.user.avatar,
    oauth_id: "",
    license: "powered by bladex",
  };
}

/** A new session and its first token pair. */
export async function startSession(ctx: AppContext, m: Mint, origin: Origin): Promise<TokenResponse> {
  const now = ctx.now();
  const jti = newJti();
  const sessionId = await createSession(ctx.db, {
    tenantId: m.user.tenantId,
    userId: m.user.id,
    clientId: m.client.clientId,
    refreshJti: jti,
    deptId: m.chosenDept,
    roleId: m.chosenRole,
    expiresAt: now + m.client.refreshTokenValidity * 1000,
    now,
    ip: origin.ip,
    userAgent: origin.userAgent,
  });
  return mint(ctx, m, sessionId, jti, now);
}

/**
 * The next token pair of a session. The refresh token's jti is swapped atomically; a token that
 * was already swapped out is a replay (stolen or duplicated), which ends the whole session.
 */
export async function continueSession(ctx: AppContext, m: Mint, sessionId: string, usedJti: string): Promise<TokenResponse> {
  const now = ctx.now();
  const jti = newJti();
  const rotated = await rotateRefresh(ctx.db, sessionId, usedJti, {
    jti,
    deptId: m.chosenDept,
    roleId: m.chosenRole,
    now,
    expiresAt: now + m.client.refreshTokenValidity * 1000,
  });
  if (!rotated) {
    await revokeSession(ctx.db, sessionId, "refresh_reuse");
    throw invalidGrant("刷新令牌已失效,请重新登录");
  }
  return mint(ctx, m, sessionId, jti, now);
}
