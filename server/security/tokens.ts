import { randomUUID } from "node:crypto";
import { SignJWT, jwtVerify, type JWTPayload } from "jose";
import type { TokenResponse } from "../../domain/contract";

/** Blade's access-token claims (blade-platform-notes §3.2) plus the session id. */
export interface AccessClaims
  extends Pick<
    TokenResponse,
    "tenant_id" | "user_id" | "dept_id" | "post_id" | "role_id" | "role_name" | "account" | "user_name" | "nick_name" | "real_name"
  > {
  token_type: "access_token";
  client_id: string;
  sid: string;
  /** Only on sessions opened by the social grant. */
  oauth_id?: string;
}

export interface RefreshClaims {
  token_type: "refresh_token";
  client_id: string;
  tenant_id: string;
  user_id: string;
  sid: string;
  jti: string;
}

const ISSUER = "blade-console";

export async function signToken(
  key: Uint8Array,
  claims: AccessClaims | RefreshClaims,
  nowMs: number,
  ttlSeconds: number,
): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(key);
}

export const newJti = () => randomUUID().replace(/-/g, "");

/** The claims of a valid, unexpired token of the wanted type; null for anything else. */
export async function verifyToken<T extends AccessClaims | RefreshClaims>(
  key: Uint8Array,
  token: string,
  type: T["token_type"],
  nowMs: number,
): Promise<(T & JWTPayload) | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ["HS256"],
      issuer: ISSUER,
      currentDate: new Date(nowMs),
    });
    if (payload.token_type !== type || typeof payload.sid !== "string" || typeof payload.user_id !== "string") return null;
    return payload as T & JWTPayload;
  } catch {
    return null;
  }
}
