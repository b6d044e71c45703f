import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { AppContext, AppEnv } from "./context";
import type { Database } from "./db/connection";
import { loadJwtSecret } from "./db/settings";
import { ApiError, MSG_NOT_FOUND, MSG_SERVER_ERROR, OAuthError, envelope } from "./http/errors";
import { modules } from "./modules";
import { UPLOAD_PATH_PREFIX } from "./modules/resource/routes";
import { LogCodeSender, type CodeSender } from "./notify/sender";
import { providersFromEnv, type OAuthProvider } from "./social/providers";
import { BYTES_PER_MB, UPLOAD_MAX_SIZE_MB_DEFAULT } from "../src/validation";

const MAX_BODY = 1024 * 1024;

/** The Blade API: module routers under /api, every failure turned into the R envelope. */
export function createApp(ctx: AppContext): Hono {
  const api = new Hono<AppEnv>();
  const limit = bodyLimit({ maxSize: MAX_BODY, onError: (c) => c.json(envelope(413, "请求体过大", null), 413) });
  // Uploads carry files of several megabytes; their routes apply their own, larger limit.
  api.use((c, next) => (c.req.path.startsWith(UPLOAD_PATH_PREFIX) ? next() : limit(c, next)));
  for (const m of modules) api.route(m.base, m.routes(ctx));

  const app = new Hono();
  app.route("/api", api);
  app.notFound((c) => c.json(envelope(404, MSG_NOT_FOUND, null), 404));
  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(envelope(err.status, err.message, err.data), err.status);
    if (err instanceof OAuthError) return c.json({ error: err.error, error_description: err.description }, err.status);
    if (err instanceof HTTPException && err.status < 500) {
      return c.json(envelope(err.status, err.message || "请求错误", null), err.status);
    }
    ctx.logError(err, `${c.req.method} ${new URL(c.req.url).pathname}`);
    return c.json(envelope(500, MSG_SERVER_ERROR, null), 500);
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
}

function uploadMaxMbFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const mb = Number(env.BLADE_UPLOAD_MAX_MB || UPLOAD_MAX_SIZE_MB_DEFAULT);
  if (!(mb > 0 && mb <= 1024)) throw new Error("BLADE_UPLOAD_MAX_MB must be a number of megabytes between 0 and 1024");
  return mb;
}

/** The app over an opened, migrated and seeded database. */
export async function createAppForDatabase(database: Database, options: AppOptions = {}): Promise<{ app: Hono; ctx: AppContext }> {
  const ctx: AppContext = {
    db: database.db,
    jwtKey: await loadJwtSecret(database.db),
    now: options.now ?? Date.now,
    logError: options.logError ?? ((error, where) => console.error(`[blade] ${where}:`, error)),
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    oauthProviders: options.oauthProviders
      ? new Map(options.oauthProviders.map((p) => [p.source, p]))
      : providersFromEnv(),
    codeSender: options.codeSender ?? new LogCodeSender(),
    uploadMaxBytes: Math.round((options.uploadMaxMb ?? uploadMaxMbFromEnv()) * BYTES_PER_MB),
  };
  return { app: createApp(ctx), ctx };
}
