import type { Context, Handler } from "hono";
import type { AppEnv } from "../../context";
import { readJsonObject, readParams, readQuery } from "../../http/body";
import { forbidden } from "../../http/errors";
import type { RouteSpec } from "../../security/authorize";

/**
 * Tenants and tenant packages belong to the platform administrator alone: a tenant's own
 * administrator holding the codes (every menu of its tenant) still hears 403, after the guard's
 * 401 for nobody signed in.
 */
export function platformOnly(routes: RouteSpec[]): RouteSpec[] {
  return routes.map((route) => ({ ...route, handler: onlyForPlatform(route.handler) }));
}

const onlyForPlatform =
  (handler: Handler<AppEnv>): Handler<AppEnv> =>
  async (c, next) => {
    if (!c.var.caller?.isAdministrator) throw forbidden();
    return handler(c, next);
  };

/** The parameters of a write as BladeX binds them (query or form, @RequestParam), or a JSON body. */
export async function readInput(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  if ((c.req.header("content-type") ?? "").includes("application/json")) return { ...readQuery(c), ...(await readJsonObject(c)) };
  return readParams(c);
}
