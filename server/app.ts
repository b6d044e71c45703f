import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { AppContext, AppEnv } from "./context";
import type { Database } from "./db/connection";
import { loadJwtSecret } from "./db/settings";
import { ApiError, MSG_NOT_FOUND, MSG_SERVER_ERROR, OAuthError, envelope } from "./http/errors";
import { authRoutes } from "./modules/auth/routes";
import { deptRoutes } from "./modules/dept/routes";
import { menuRoutes } from "./modules/menu/routes";
import { roleRoutes } from "./modules/role/routes";
import { systemRoutes } from "./modules/system/routes";
import { userRoutes } from "./modules/user/routes";

const MAX_BODY = 1024 * 1024;

/** The Blade API: module routers under /api, every failure turned into the R envelope. */
export function createApp(ctx: AppContext): Hono {
  const api = new Hono<AppEnv>();
  api.use(bodyLimit({ maxSize: MAX_BODY, onError: (c) => c.json(envelope(413, "请求体过大", null), 413) }));
  api.route("/", systemRoutes(ctx));
  api.route("/blade-auth", authRoutes(ctx));
  api.route("/blade-system/menu", menuRoutes(ctx));
  api.route("/blade-system/dept", deptRoutes(ctx));
  api.route("/blade-system/role", roleRoutes(ctx));
  api.route("/blade-user", userRoutes(ctx));

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
}

/** The app over an opened, migrated and seeded database. */
export async function createAppForDatabase(database: Database, options: AppOptions = {}): Promise<{ app: Hono; ctx: AppContext }> {
  const ctx: AppContext = {
    db: database.db,
    jwtKey: await loadJwtSecret(database.db),
    now: options.now ?? Date.now,
    logError: options.logError ?? ((error, where) => console.error(`[blade] ${where}:`, error)),
  };
  return { app: createApp(ctx), ctx };
}
