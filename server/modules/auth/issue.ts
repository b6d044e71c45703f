import { inArray } from "drizzle-orm";
import type { TokenResponse } from "../../../domain/contract";
import type { AppContext } from "../../context";
import { splitIds } from "../../db/ids";
import { role, user } from "../../db/schema";
import type { ClientRow } from "../../security/client";
import { createSession, rotateRefresh, revokeSession } from "../../security/sessions";
import { newJti, signToken, type AccessClaims } from "../../security/tokens";
import { invalidGrant } from "../../http/errors";
import { GUEST_USER_ID } from "../../security/caller";
import { signInScope } from "./checks";

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
  const rows = await signInScope(ctx, tenantId).repo(role).list(inArray(role.id, ids));
  // Keep the user's order: the first role is the one Blade shows.
  return ids.flatMap((id) => rows.filter((r) => r.id === id)).map((r) => ({ id: r.id, alias: r.roleAlias }));
}

interface Mint extends Narrowed {
  client: ClientRow;
  user: UserRow;
  /** The user_oauth binding of a social sign-in. */
  oauthId?: string;
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
    ...(m.oauthId ? { oauth_id: m.oauthId } : {}),
  };
  return sign(ctx, m.client, claims, m.user.avatar, jti, now);
}

/** The token pair and the bare BladeX token body for these claims. */
async function sign(ctx: AppContext, client: ClientRow, claims: AccessClaims, avatar: string, jti: string, now: number): Promise<TokenResponse> {
  const access = await signToken(ctx.jwtKey, claims, now, client.accessTokenValidity);
  const { client_id, tenant_id, user_id, sid } = claims;
  const refresh = await signToken(
    ctx.jwtKey,
    { token_type: "refresh_token", client_id, tenant_id, user_id, sid, jti },
    now,
    client.refreshTokenValidity,
  );
  return {
    access_token: access,
    token_type: "bearer",
    refresh_token: refresh,
    expires_in: client.accessTokenValidity,
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
    avatar,
    oauth_id: claims.oauth_id ?? "",
    license: "powered by bladex",
  };
}

/** A new session and its first token pair. */
export async function startSession(ctx: AppContext, m: Mint, origin: Origin): Promise<TokenResponse> {
  const now = ctx.now();
  const jti = newJti();
  const sessionId = await createSession(ctx, {
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
  const session = { id: sessionId, tenantId: m.user.tenantId };
  const rotated = await rotateRefresh(ctx, session, usedJti, {
    jti,
    deptId: m.chosenDept,
    roleId: m.chosenRole,
    now,
    expiresAt: now + m.client.refreshTokenValidity * 1000,
  });
  if (!rotated) {
    await revokeSession(ctx, session, "refresh_reuse");
    throw invalidGrant("刷新令牌已失效,请重新登录");
  }
  return mint(ctx, m, sessionId, jti, now);
}

/** Who a guest session stands for: the unbound third-party account. */
export interface GuestIdentity {
  tenantId: string;
  oauthId: string;
  username: string;
  nickname: string;
  avatar: string;
}

/**
 * The limited session of a first third-party sign-in (BladeX: user_id -1 with the binding's
 * oauth_id). The guard lets it register, read its info and log out; nothing else.
 */
export async function startGuestSession(ctx: AppContext, client: ClientRow, guest: GuestIdentity, origin: Origin): Promise<TokenResponse> {
  const now = ctx.now();
  const jti = newJti();
  const sessionId = await createSession(ctx, {
    tenantId: guest.tenantId,
    userId: GUEST_USER_ID,
    clientId: client.clientId,
    refreshJti: jti,
    deptId: "",
    roleId: "",
    expiresAt: now + client.refreshTokenValidity * 1000,
    now,
    ip: origin.ip,
    userAgent: origin.userAgent,
  });
  const claims: AccessClaims = {
    token_type: "access_token",
    client_id: client.clientId,
    tenant_id: guest.tenantId,
    user_id: GUEST_USER_ID,
    dept_id: "",
    post_id: "",
    role_id: "",
    role_name: "",
    account: guest.username,
    user_name: guest.username,
    nick_name: guest.nickname,
    real_name: guest.nickname,
    sid: sessionId,
    oauth_id: guest.oauthId,
  };
  return sign(ctx, client, claims, guest.avatar, jti, now);
}
