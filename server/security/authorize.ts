import { Hono, type Context, type Handler, type MiddlewareHandler } from "hono";
import { and, eq, inArray } from "drizzle-orm";
import type { AppContext, AppEnv } from "../context";
import type { Db } from "../db/connection";
import { splitIds } from "../db/ids";
import { menu, role, roleMenu } from "../db/schema";
import { forbidden, unauthorized } from "../http/errors";
import { GUEST_USER_ID, isPlatformAdministrator, type Caller } from "./caller";
import { isSessionLive } from "./sessions";
import { verifyToken, type AccessClaims } from "./tokens";

/**
 * What a route needs: nothing, a live session, or a permission code (a menu or button code
 * granted to one of the caller's roles through role_menu). The platform administrator passes all.
 */
export type Access =
  | { kind: "public" }
  | { kind: "authenticated"; guests?: boolean }
  | { kind: "permission"; code: string }
  /** Any one of the codes; the handler then checks the precise one (submit: add or edit). */
  | { kind: "anyPermission"; codes: string[] };

export const PUBLIC: Access = { kind: "public" };
export const AUTHENTICATED: Access = { kind: "authenticated" };
/** Signed in, including the limited session of an unbound third-party sign-in (a guest). */
export const SIGNED_IN_OR_GUEST: Access = { kind: "authenticated", guests: true };

export const MSG_GUEST = "请先完成账号注册";
export const can = (code: string): Access => ({ kind: "permission", code });
export const canAny = (...codes: string[]): Access => ({ kind: "anyPermission", codes });

type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface RouteSpec {
  method: Method | Method[];
  path: string;
  access: Access;
  handler: Handler<AppEnv>;
}

/** Every permission code a route has declared, for the test that each exists in the menu tree. */
export const declaredCodes = new Set<string>();

/** A module's router; a route cannot be registered without saying what it needs. */
export function defineRoutes(ctx: AppContext, specs: RouteSpec[]): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  for (const spec of specs) {
    if (spec.access.kind === "permission") declaredCodes.add(spec.access.code);
    if (spec.access.kind === "anyPermission") spec.access.codes.forEach((c) => declaredCodes.add(c));
    const methods = Array.isArray(spec.method) ? spec.method : [spec.method];
    router.on(methods, spec.path, guard(ctx, spec.access), spec.handler);
  }
  return router;
}

export function guard(ctx: AppContext, access: Access): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (access.kind !== "public") {
      const caller = await authenticate(ctx, c);
      c.set("caller", caller);
      // Everything not explicitly open to guests is closed to them, whatever roles would say.
      if (caller.isGuest && !(access.kind === "authenticated" && access.guests)) throw forbidden(MSG_GUEST);
      if (access.kind === "permission") await requirePermission(ctx.db, caller, access.code);
      if (access.kind === "anyPermission") {
        const granted = await Promise.all(access.codes.map((code) => hasPermission(ctx.db, caller, code)));
        if (!granted.some(Boolean)) throw forbidden();
      }
    }
    await next();
  };
}

/** Blade-Auth: `bearer <jwt>` only; a token in the URL is never looked at. */
export async function authenticate(ctx: AppContext, c: Context): Promise<Caller> {
  const match = /^bearer\s+(\S+)$/i.exec((c.req.header("blade-auth") ?? "").trim());
  if (!match) throw unauthorized();
  const now = ctx.now();
  const claims = await verifyToken<AccessClaims>(ctx.jwtKey, match[1], "access_token", now);
  if (!claims || !(await isSessionLive(ctx.db, claims.sid, now))) throw unauthorized();
  return callerFromClaims(claims);
}

export function callerFromClaims(claims: AccessClaims): Caller {
  const roleAliases = splitIds(claims.role_name);
  return {
    userId: claims.user_id,
    tenantId: claims.tenant_id,
    account: claims.account,
    realName: claims.real_name,
    clientId: claims.client_id,
    sessionId: claims.sid,
    deptIds: splitIds(claims.dept_id),
    roleIds: splitIds(claims.role_id),
    roleAliases,
    isAdministrator: isPlatformAdministrator(claims.tenant_id, roleAliases),
    oauthId: claims.oauth_id ?? "",
    isGuest: claims.user_id === GUEST_USER_ID,
    isSystem: false,
  };
}

export async function hasPermission(db: Db, caller: Caller, code: string): Promise<boolean> {
  if (caller.isAdministrator) return true;
  if (caller.roleIds.length === 0) return false;
  const rows = await db
    .select({ id: menu.id })
    .from(roleMenu)
    .innerJoin(menu, eq(menu.id, roleMenu.menuId))
    .innerJoin(role, eq(role.id, roleMenu.roleId))
    .where(
      and(
        inArray(roleMenu.roleId, caller.roleIds),
        eq(menu.code, code),
        eq(menu.isDeleted, 0),
        // The administrator returned above: everyone else holds roles of its own tenant only.
        eq(role.tenantId, caller.tenantId),
        eq(role.isDeleted, 0),
      ),
    )
    .limit(1);
  return rows.length === 1;
}

/** Signed in but not allowed is 403, never 401: a missing permission must not log anyone out. */
export async function requirePermission(db: Db, caller: Caller, code: string): Promise<void> {
  if (!(await hasPermission(db, caller, code))) throw forbidden();
}
