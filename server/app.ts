import { Hono } from "hono";
import { benchCounters } from "./db/bench-counters";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { AppContext, AppEnv } from "./context";
import type { Database } from "./db/connection";
import { trackWrites } from "./db/data-version";
import { servingRequest } from "./db/statement-check";
import { loadJwtSecret } from "./db/settings";
import { apiHeaders } from "./http/api-headers";
import { MAX_BODY_BYTES } from "./http/body";
import { errorLogger } from "./http/error-log";
import { ApiError, MSG_NOT_FOUND, MSG_SERVER_ERROR, OAuthError } from "./http/errors";
import { failure, isTokenEndpoint } from "./http/failure";
import { inputGuard } from "./http/input-guard";
import { openApiRoute } from "./http/openapi";
import { modules } from "./modules";
import { isUploadPath } from "./modules/resource/routes";
import { ConfiguredCodeSender } from "./notify/configured-sender";
import { LogCodeSender, type CodeSender } from "./notify/sender";
import { defineRoutes } from "./security/authorize";
import { holdHandle } from "./security/handle";
import { RATE_RULES, RateLimited, RateLimiter, type RateRules } from "./security/rate-limit";
import { SecretBox } from "./security/secrets";
import { TenantScope } from "./security/tenant-scope";
import { providersFromEnv, type OAuthProvider } from "./social/providers";
import { BYTES_PER_MB, UPLOAD_MAX_SIZE_MB_DEFAULT } from "../domain/validation";

/** The Blade API: module routers under /api, every failure turned into the R envelope (OAuth2 errors at the token endpoint). */
export function createApp(ctx: AppContext): Hono {
  const api = new Hono<AppEnv>();
  const limit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => failure(c, 413, "请求体过大") });
  // Uploads carry files of several megabytes; their routes apply their own, larger limit.
  api.use((c, next) => (isUploadPath(c.req.path) ? next() : limit(c, next)));
  for (const m of modules) api.route(m.base, m.routes(ctx));
  // The document of every route above and itself, from the finished app's route table.
  api.route("/", defineRoutes(ctx, [openApiRoute(() => app, modules.map((m) => m.base))]));

  const app = new Hono();
  // The bench's counters (off unless BLADE_BENCH_COUNTERS is set): each request's statements under
  // the kind the bench names (X-Bench-Kind), else its path.
  if (benchCounters) app.use("/api/*", (c, next) => benchCounters!.request(c.req.header("x-bench-kind") ?? c.req.path, next));
  // What the statement check (db/statement-check.ts) looks at: statements sent to serve a request.
  if (process.env.BLADE_STATEMENT_CHECK === "1") app.use("/api/*", (_c, next) => servingRequest.run(true, next));
  app.use("/api/*", apiHeaders);
  app.use("/api/*", inputGuard);
  app.route("/api", api);
  app.notFound((c) => failure(c, 404, MSG_NOT_FOUND));
  // failure() answers in the route's shape: OAuth2 at the token endpoint, the R envelope elsewhere.
  app.onError((err, c) => {
    if (err instanceof ApiError) return failure(c, err.status, err.message, err.data);
    if (err instanceof RateLimited) {
      c.header("Retry-After", String(err.retryAfter));
      return failure(c, 429, err.message);
    }
    if (err instanceof OAuthError && isTokenEndpoint(c.req.path)) {
      return c.json({ error: err.error, error_description: err.description }, err.status);
    }
    if (err instanceof OAuthError) return failure(c, err.status, err.description);
    if (err instanceof HTTPException && err.status < 500) return failure(c, err.status, err.message || "请求错误");
    ctx.logError(err, `${c.req.method} ${new URL(c.req.url).pathname}`);
    return failure(c, 500, MSG_SERVER_ERROR);
  });
  return app;
}

export interface AppOptions {
  now?: () => number;
  logError?: AppContext["logError"];
  /** Outbound HTTP for the OAuth providers; the global fetch by default. */
  fetch?: typeof fetch;
  /** Third-party providers; read from BLADE_OAUTH_* by default. */
  oauthProviders?: OAuthProvider[];
  /** SMS and mail; by default codes are written to the server log. */
  codeSender?: CodeSender;
  /** BLADE_UPLOAD_MAX_MB, default 5. */
  uploadMaxMb?: number;
  /** The public endpoints' limits; RATE_RULES by default. */
  rateLimits?: RateRules;
  /** The key of secret fields (security/secrets.ts loadSecretKey); a random one, lost with the process, by default. */
  secretKey?: Uint8Array;
}

function uploadMaxMbFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const mb = Number(env.BLADE_UPLOAD_MAX_MB || UPLOAD_MAX_SIZE_MB_DEFAULT);
  if (!(mb > 0 && mb <= 1024)) throw new Error("BLADE_UPLOAD_MAX_MB must be a number of megabytes between 0 and 1024");
  return mb;
}

/** The app over an opened, migrated and seeded database. */
export async function createAppForDatabase(database: Database, options: AppOptions = {}): Promise<{ app: Hono; ctx: AppContext }> {
  const now = options.now ?? Date.now;
  if (database.pglite) trackWrites(database.db, database.pglite);
  const db = database.db;
  const ctx: AppContext = {
    system: (tenantId, onBehalfOf) => TenantScope.system(db, tenantId, now, onBehalfOf),
    jwtKey: await loadJwtSecret(db),
    now,
    logError: options.logError ?? errorLogger(),
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    oauthProviders: options.oauthProviders
      ? new Map(options.oauthProviders.map((p) => [p.source, p]))
      : providersFromEnv(),
    codeSender: options.codeSender ?? new LogCodeSender(),
    uploadMaxBytes: Math.round((options.uploadMaxMb ?? uploadMaxMbFromEnv()) * BYTES_PER_MB),
    limiter: new RateLimiter(options.rateLimits ?? RATE_RULES, now),
    secrets: options.secretKey ? new SecretBox(options.secretKey) : SecretBox.random(),
  };
  // The context carries the handle for server/security (security/handle.ts), with no `db` that
  // module code could name.
  holdHandle(ctx, db);
  // Codes go out through the mail and SMS settings saved in the console; what those do not cover
  // goes to the plugged-in sender (the log by default).
  ctx.codeSender = new ConfiguredCodeSender(ctx, ctx.codeSender);
  return { app: createApp(ctx), ctx };
}
