import { randomUUID } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import { lt } from "drizzle-orm";
import type { AppContext } from "../context";
import { oauthNonce } from "../db/schema";

/**
 * The `state` of a third-party sign-in: signed with the server's key, bound to the source and the
 * tenant (and, for bind/{source}, to the signed-in user), valid 10 minutes and accepted once. It
 * is what stops a forged callback from signing someone into, or binding, an account.
 */
export const STATE_TTL_SECONDS = 600;
const AUDIENCE = "oauth-state";
const ISSUER = "blade-console";

export interface OAuthState {
  source: string;
  tenantId: string;
  /** Set by bind/{source}: the account the third-party identity is to be bound to. */
  bindUserId?: string;
}

export async function signState(ctx: AppContext, state: OAuthState): Promise<string> {
  const iat = Math.floor(ctx.now() / 1000);
  return new SignJWT({ typ: "oauth_state", src: state.source, tid: state.tenantId, ...(state.bindUserId ? { uid: state.bindUserId } : {}) })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + STATE_TTL_SECONDS)
    .sign(ctx.jwtKey);
}

/** The state's content, once; null for a forged, expired or already used state. */
export async function consumeState(ctx: AppContext, token: string): Promise<OAuthState | null> {
  let payload;
  try {
    ({ payload } = await jwtVerify(token, ctx.jwtKey, {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: new Date(ctx.now()),
    }));
  } catch {
    return null;
  }
  const { typ, src, tid, uid, jti, exp } = payload as Record<string, unknown>;
  if (typ !== "oauth_state" || typeof src !== "string" || typeof tid !== "string" || typeof jti !== "string") return null;
  if (uid !== undefined && typeof uid !== "string") return null;
  await ctx.db.delete(oauthNonce).where(lt(oauthNonce.expiresAt, ctx.now()));
  const fresh = await ctx.db
    .insert(oauthNonce)
    .values({ nonce: jti, expiresAt: Number(exp) * 1000 })
    .onConflictDoNothing()
    .returning({ nonce: oauthNonce.nonce });
  if (fresh.length !== 1) return null;
  return { source: src, tenantId: tid, ...(uid ? { bindUserId: uid } : {}) };
}
