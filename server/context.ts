import type { CodeSender } from "./notify/sender";
import type { Caller } from "./security/caller";
import type { RateLimiter } from "./security/rate-limit";
import type { SecretBox } from "./security/secrets";
import type { TenantScope } from "./security/tenant-scope";
import type { OAuthProvider } from "./social/providers";

/**
 * What the modules share; built once per app (tests build one per database). It carries the
 * database handle without showing it (security/handle.ts): module code has no `db` to name, and
 * reaches the database through scopes and the helpers of server/security it hands the context to.
 */
export interface AppContext {
  /**
   * The system in `tenantId` while nobody is signed in (sign-in, register, find-password): the
   * scope of security/tenant-scope.ts TenantScope.system on the app's clock. `onBehalfOf` names
   * the account a write is by (a self-registration creates itself).
   */
  system(tenantId: string, onBehalfOf?: string): TenantScope;
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
