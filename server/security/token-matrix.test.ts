import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeAccess, type Access } from "./authorize";
import { freshApp, type TestApp } from "../test/fresh-app";

/**
 * Every route of the app, walked: a token that is missing, malformed, expired, tampered with or
 * revoked gets 401 wherever a session is needed; a signed-in user without the route's permission
 * gets 403. The routes come from the app itself, so a new route is covered the day it is added.
 */
interface Route {
  method: string;
  path: string;
  access: Access;
}

let t: TestApp;
let routes: Route[];
let admin: string;
beforeAll(async () => {
  t = await freshApp();
  admin = (await t.loginAdmin()).access_token;
  const seen = new Set<string>();
  routes = [];
  for (const r of t.app.routes) {
    const access = routeAccess.get(r.handler as never);
    const key = `${r.method} ${r.path}`;
    if (!access || seen.has(key)) continue;
    seen.add(key);
    routes.push({ method: r.method, path: r.path.replace(/:(\w+)/g, "x"), access });
  }
});
afterAll(() => t.close());

const call = (route: Route, token?: string, raw?: string) =>
  t.request(route.path, {
    method: route.method,
    headers: raw !== undefined ? { "Blade-Auth": raw } : {},
    token,
    ...(route.method === "GET" ? {} : { body: "{}", headers: { "Content-Type": "application/json", ...(raw !== undefined ? { "Blade-Auth": raw } : {}) } }),
  });

function tamper(token: string): string {
  const [header, payload, signature] = token.split(".");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
  // Another user's id under the original signature.
  claims.user_id = `${claims.user_id as string}1`;
  return [header, Buffer.from(JSON.stringify(claims)).toString("base64url"), signature].join(".");
}

/** What answers before sign-in: sign-in itself and what the login and find-password pages need. */
const PUBLIC_ROUTES: string[] = [
  "GET /api/blade-auth/oauth/captcha",
  "GET /api/blade-auth/oauth/captchaNew",
  "GET /api/blade-auth/oauth/render/x",
  "GET /api/blade-auth/oauth/sendMailCode",
  "GET /api/blade-auth/oauth/smsCode",
  "GET /api/blade-auth/oauth/smsCodeNew",
  "GET /api/blade-system/sysConfig/getPasswordRegex",
  "GET /api/blade-system/sysConfig/thirdLoginSources",
  "GET /api/blade-system/tenant/info",
  "GET /api/health",
  "GET /api/openapi.json",
  "POST /api/blade-auth/oauth/token",
  "POST /api/blade-auth/oauth/token/refresh",
  "POST /api/blade-system/sysConfig/updateExpiredPassword",
  "POST /api/blade-user/find-password",
];

/**
 * SCIM 2.0 (server/modules/scim): no session, so public to the Blade guard; every one checks its
 * own bearer token (a tenant's SCIM token) before anything else and answers 401 without one.
 */
const SCIM_ROUTES: string[] = [
  "DELETE /api/scim/v2/Groups/x",
  "DELETE /api/scim/v2/Users/x",
  "GET /api/scim/v2/Groups",
  "GET /api/scim/v2/Groups/x",
  "GET /api/scim/v2/ResourceTypes",
  "GET /api/scim/v2/ResourceTypes/x",
  "GET /api/scim/v2/Schemas",
  "GET /api/scim/v2/Schemas/x",
  "GET /api/scim/v2/ServiceProviderConfig",
  "GET /api/scim/v2/Users",
  "GET /api/scim/v2/Users/x",
  "PATCH /api/scim/v2/Groups/x",
  "PATCH /api/scim/v2/Users/x",
  "POST /api/scim/v2/Groups",
  "POST /api/scim/v2/Users",
  "PUT /api/scim/v2/Groups/x",
  "PUT /api/scim/v2/Users/x",
];

describe("every route and a bad token", () => {
  it("finds the routes of every module", () => {
    expect(routes.length).toBeGreaterThan(60);
    // Each public route is named: a new one is a decision, not an accident.
    expect(routes.filter((r) => r.access.kind === "public").map((r) => `${r.method} ${r.path}`).sort()).toEqual([...PUBLIC_ROUTES, ...SCIM_ROUTES].sort());
  });

  it("every SCIM route answers 401 without a SCIM token, a session's token included", async () => {
    for (const route of routes.filter((r) => SCIM_ROUTES.includes(`${r.method} ${r.path}`))) {
      for (const token of [undefined, admin]) {
        const res = await call(route, token);
        expect(res.status, `${route.method} ${route.path}`).toBe(401);
      }
    }
  });

  it("missing, malformed, expired, tampered and revoked tokens → 401 on every non-public route", async () => {
    const victim = await t.login("admin", t.adminPassword);
    const revoked = await t.login("admin", t.adminPassword);
    await t.request("/api/blade-auth/oauth/logout", { method: "POST", token: revoked.access_token });
    const expiring = await t.login("admin", t.adminPassword);
    const kinds: [string, () => Promise<Response>, Route][] = [];
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.access.kind !== "public")) {
      const cases: [string, string | undefined, string | undefined][] = [
        ["missing", undefined, undefined],
        ["not bearer", undefined, `Basic ${victim.access_token}`],
        ["malformed", "a.b.c", undefined],
        ["refresh token as access", victim.refresh_token, undefined],
        ["tampered", tamper(victim.access_token), undefined],
        ["revoked", revoked.access_token, undefined],
      ];
      for (const [kind, token, raw] of cases) kinds.push([kind, () => call(route, token, raw), route]);
    }
    for (const [kind, send, route] of kinds) {
      const res = await send();
      if (res.status !== 401) failures.push(`${kind}: ${route.method} ${route.path} → ${res.status}`);
    }
    // Expired: the same routes after the access token's lifetime.
    t.advanceTime(3 * 3600_000);
    try {
      for (const route of routes.filter((r) => r.access.kind !== "public")) {
        const res = await call(route, expiring.access_token);
        if (res.status !== 401) failures.push(`expired: ${route.method} ${route.path} → ${res.status}`);
      }
    } finally {
      t.advanceTime(-3 * 3600_000);
    }
    expect(failures).toEqual([]);
  });

  it("a signed-in user without the route's permission → 403 on every permission route", async () => {
    await t.createTenant("100051");
    await t.createUser({ account: "nobody", password: "Passw0rd!x", tenantId: "100051", roleAliases: [] });
    const nobody = (await t.login("nobody", "Passw0rd!x", { tenantId: "100051" })).access_token;
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.access.kind === "permission" || r.access.kind === "anyPermission")) {
      const res = await call(route, nobody);
      if (res.status !== 403) failures.push(`${route.method} ${route.path} → ${res.status}`);
    }
    expect(failures).toEqual([]);
    // And the platform administrator is let through every one of them (whatever the input says after).
    for (const route of routes.filter((r) => r.access.kind === "permission")) {
      const res = await call(route, admin);
      expect([401, 403], `${route.method} ${route.path}`).not.toContain(res.status);
    }
  });
});
