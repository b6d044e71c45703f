import { createHash, randomBytes, randomUUID } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import { lt } from "drizzle-orm";
import type { AppContext } from "../context";
import { oauthNonce } from "../db/schema";
import { dbOf } from "./handle";
import { safeEqual } from "./password";

/**
 * The `state` of a third-party sign-in: signed with the server's key, bound to the source and the
 * tenant (and, for bind/{source}, to the signed-in user), valid 10 minutes and accepted once. It
 * is what stops a forged callback from signing someone into, or binding, an account.
 */
export const STATE_TTL_SECONDS = 600;
const AUDIENCE = "oauth-state";
const ISSUER = "blade-console";

/**
 * The browser that started a sign-in keeps a random key in an HttpOnly cookie; the state carries
 * only its hash. A callback URL (code + state) sent to someone else's browser is then worthless:
 * that browser has no key, so nobody can be signed into the sender's account (login CSRF).
 */
export const browserCookieName = (keyHash: string) => `blade_oauth_${keyHash.slice(0, 16)}`;

export interface BrowserBinding {
  name: string;
  value: string;
}

const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** The key of the state's browser from a Cookie header, if that browser holds it. */
function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export interface OAuthState {
  source: string;
  tenantId: string;
  /** Set by bind/{source}: the account the third-party identity is to be bound to. */
  bindUserId?: string;
}

export async function signState(ctx: AppContext, state: OAuthState): Promise<{ state: string; browser: BrowserBinding }> {
  const iat = Math.floor(ctx.now() / 1000);
  const key = randomBytes(32).toString("base64url");
  const bh = hashKey(key);
  const token = await new SignJWT({ typ: "oauth_state", src: state.source, tid: state.tenantId, bh, ...(state.bindUserId ? { uid: state.bindUserId } : {}) })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + STATE_TTL_SECONDS)
    .sign(ctx.jwtKey);
  return { state: token, browser: { name: browserCookieName(bh), value: key } };
}

/**
 * The state's content, once; null for a forged, expired or already used state, or one that this
 * browser (its Cookie header) did not start.
 */
export async function consumeState(ctx: AppContext, token: string, cookieHeader: string | undefined): Promise<OAuthState | null> {
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
  const { typ, src, tid, uid, jti, exp, bh } = payload as Record<string, unknown>;
  if (typ !== "oauth_state" || typeof src !== "string" || typeof tid !== "string" || typeof jti !== "string" || typeof bh !== "string") return null;
  const key = cookieValue(cookieHeader, browserCookieName(bh));
  if (!key || !safeEqual(hashKey(key), bh)) return null;
  if (uid !== undefined && typeof uid !== "string") return null;
  await dbOf(ctx).delete(oauthNonce).where(lt(oauthNonce.expiresAt, ctx.now()));
  const fresh = await dbOf(ctx)
    .insert(oauthNonce)
    .values({ nonce: jti, expiresAt: Number(exp) * 1000 })
    .onConflictDoNothing()
    .returning({ nonce: oauthNonce.nonce });
  if (fresh.length !== 1) return null;
  return { source: src, tenantId: tid, ...(uid ? { bindUserId: uid } : {}) };
}
