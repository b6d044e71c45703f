import { Hono, type Handler, type MiddlewareHandler } from "hono";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { AppContext, AppEnv } from "../context";
import { menu, role, roleMenu } from "../db/schema";
import { forbidden } from "../http/errors";
import { routeDocs, type RouteDoc } from "../http/route-doc";
import { apiScopeAllows } from "./api-scope";
import { authenticate } from "./authenticate";
import type { Caller } from "./caller";
import { scopeFor } from "./tenant-scope";
import { packageAllows } from "./tenants";
import { dbOf, type Handle } from "./handle";

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

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RouteSpec {
  method: Method | Method[];
  path: string;
  access: Access;
  handler: Handler<AppEnv>;
  /** Its query, body and answer, for the OpenAPI document (route-doc.ts). */
  doc?: RouteDoc;
}

/** Every permission code a route has declared, for the test that each exists in the menu tree. */
export const declaredCodes = new Set<string>();

/** What each route handler needs, for the security suite that walks every route of the app. */
export const routeAccess = new Map<Handler<AppEnv>, Access>();

/** A module's router; a route cannot be registered without saying what it needs. */
export function defineRoutes(ctx: AppContext, specs: RouteSpec[]): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  for (const spec of specs) {
    if (spec.access.kind === "permission") declaredCodes.add(spec.access.code);
    if (spec.access.kind === "anyPermission") spec.access.codes.forEach((c) => declaredCodes.add(c));
    routeAccess.set(spec.handler, spec.access);
    if (spec.doc) routeDocs.set(spec.handler, spec.doc);
    const methods = Array.isArray(spec.method) ? spec.method : [spec.method];
    router.on(methods, spec.path, guard(ctx, spec.access), spec.handler);
  }
  return router;
}

export function guard(ctx: AppContext, access: Access): MiddlewareHandler<AppEnv> {
  const codes = access.kind === "permission" ? [access.code] : access.kind === "anyPermission" ? access.codes : [];
  return async (c, next) => {
    if (access.kind !== "public") {
      const caller = await authenticate(ctx, c, codes);
      c.set("caller", caller);
      // Everything not explicitly open to guests is closed to them, whatever roles would say.
      if (caller.isGuest && !(access.kind === "authenticated" && access.guests)) throw forbidden(MSG_GUEST);
      if (codes.length > 0 && !caller.isAdministrator && !codes.some((code) => caller.granted?.get(code))) throw forbidden();
      if (!caller.isAdministrator && !apiScopeAllows(caller.apiScopes ?? [], c.req.path.replace(/^\/api(?=\/)/, ""))) throw forbidden();
      // The handler gets its tenant data layer from here: no handler builds one.
      c.set("scope", scopeFor(ctx, c));
    }
    await next();
  };
}

export async function hasPermission(handle: Handle, caller: Caller, code: string): Promise<boolean> {
  const db = dbOf(handle);
  if (caller.isAdministrator) return true;
  const known = caller.granted?.get(code);
  if (known !== undefined) return known;
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
        packageAllows(sql`${caller.tenantId}`, sql`${menu.id}`),
      ),
    )
    .limit(1);
  return rows.length === 1;
}

/** Signed in but not allowed is 403, never 401: a missing permission must not log anyone out. */
export async function requirePermission(handle: Handle, caller: Caller, code: string): Promise<void> {
  const db = dbOf(handle);
  if (!(await hasPermission(db, caller, code))) throw forbidden();
}
