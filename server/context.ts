import type { Db } from "./db/connection";
import type { CodeSender } from "./notify/sender";
import type { Caller } from "./security/caller";
import type { RateLimiter } from "./security/rate-limit";
import type { SecretBox } from "./security/secrets";
import type { TenantScope } from "./security/tenant-scope";
import type { OAuthProvider } from "./social/providers";

/** What the modules share; built once per app (tests build one per database). */
export interface AppContext {
  db: Db;
  /** HS256 key of every token, generated at first start and kept in blade_setting. */
  jwtKey: Uint8Array;
  /** Milliseconds since the epoch; tests move it to expire tokens and locks. */
  now(): number;
  /** Where unexpected errors go (never into a response). */
  logError(error: unknown, where: string): void;
  /** Outbound HTTP: the OAuth providers' token and user-info URLs (tests answer them in process). */
  fetch: typeof fetch;
  /** Third-party sign-in providers by source (BLADE_OAUTH_*). */
  oauthProviders: ReadonlyMap<string, OAuthProvider>;
  /** Where SMS and mail verification codes go: the mail and SMS settings, else the plugged-in sender. */
  codeSender: CodeSender;
  /** Seals and opens secret fields at rest (mail password, SMS secret key, OAuth client secrets). */
  secrets: SecretBox;
  /** The largest file put-file accepts, in bytes (BLADE_UPLOAD_MAX_MB). */
  uploadMaxBytes: number;
  /** Per-IP and per-account limits of the public endpoints (sign-in, codes, find-password). */
  limiter: RateLimiter;
}

export interface AppEnv {
  /**
   * Set by the route's guard (security/authorize.ts) before its handler runs: who calls, and the
   * tenant data layer bound to them. A public route has neither.
   */
  Variables: { caller: Caller; scope: TenantScope };
}
