import type { Context } from "hono";
import type { AppContext, AppEnv } from "../../context";
import { user } from "../../db/schema";
import { pathParam, queryParam, readParams } from "../../http/body";
import { badRequest, ok } from "../../http/errors";
import { clientIp } from "../../http/client-ip";
import { RATE_LIMITED } from "../../http/route-doc";
import { AUTHENTICATED, PUBLIC, SIGNED_IN_OR_GUEST, defineRoutes } from "../../security/authorize";
import { CERTIFICATE_PATTERN, MSG_BAD_CERTIFICATE, issueCaptcha, purgeExpiredCaptchas } from "../../security/captcha";
import { purgeExpiredCodes } from "../../security/codes";
import { revokeSession } from "../../security/sessions";
import { toUserVOs } from "../../kit/user-vo";
import { publicTenant } from "../../security/tenants";
import { codeRouteSpecs } from "./code-routes";
import { loggedGrant } from "./sign-in-log";
import { guestInfo, socialUrl } from "./social";
import { setCookie } from "hono/cookie";
import { STATE_TTL_SECONDS, type BrowserBinding } from "../../security/oauth-state";

/** The sign-in's browser key, readable only by the token endpoint of this site. */
function keepInBrowser(c: Context<AppEnv>, browser: BrowserBinding): void {
  c.header("Cache-Control", "no-store");
  setCookie(c, browser.name, browser.value, {
    path: "/api/blade-auth/oauth/token",
    httpOnly: true,
    sameSite: "Lax",
    secure: new URL(c.req.url).protocol === "https:" || c.req.header("x-forwarded-proto") === "https",
    maxAge: STATE_TTL_SECONDS,
  });
}

/** /blade-auth: the BladeX OAuth2 dialect (bare token bodies, `{error, error_description}`). */
export function authRoutes(ctx: AppContext) {
  const token = async (c: Context<AppEnv>, defaultGrant?: string) => {
    const params = await readParams(c);
    if (defaultGrant && !params.grant_type) params.grant_type = defaultGrant;
    // Tokens must not sit in caches (RFC 6749 §5.1).
    c.header("Cache-Control", "no-store");
    c.header("Pragma", "no-cache");
    const body = await loggedGrant(ctx, {
      params,
      header: (name) => c.req.header(name),
      ip: clientIp(c),
      userAgent: c.req.header("user-agent") ?? "",
    });
    return c.json(body);
  };

  return defineRoutes(ctx, [
    { method: "POST", path: "/oauth/token", access: PUBLIC, doc: RATE_LIMITED, handler: (c) => token(c) },
    { method: "POST", path: "/oauth/token/refresh", access: PUBLIC, handler: (c) => token(c, "refresh_token") },
    {
      method: "GET",
      path: "/oauth/captcha",
      access: PUBLIC,
      doc: { summary: "图形验证码", raw: { type: "application/json", description: "{key, image}（不是 Blade 信封）" } },
      handler: async (c) => {
        const { key, image } = await issueCaptcha(ctx, ctx.now());
        c.header("Cache-Control", "no-store");
        return c.json({ key, image });
      },
    },
    {
      // BladeX's variant: the browser names the key (a UUID it made) and sends it back as Captcha-Key.
      method: "GET",
      path: "/oauth/captchaNew",
      access: PUBLIC,
      doc: { summary: "图形验证码（证书）", raw: { type: "application/json", description: "{key, image}（不是 Blade 信封），key 即 certificate" } },
      handler: async (c) => {
        const certificate = (queryParam(c, "certificate") ?? "").trim();
        if (!CERTIFICATE_PATTERN.test(certificate)) throw badRequest(MSG_BAD_CERTIFICATE);
        const { key, image } = await issueCaptcha(ctx, ctx.now(), certificate);
        c.header("Cache-Control", "no-store");
        return c.json({ key, image });
      },
    },
    ...codeRouteSpecs(ctx),
    {
      method: "GET",
      path: "/oauth/render/:source",
      access: PUBLIC,
      handler: async (c) => {
        const { url, browser } = await socialUrl(ctx, pathParam(c, "source"), await publicTenant(ctx, c));
        keepInBrowser(c, browser);
        return ok(c, { url });
      },
    },
    {
      method: "GET",
      path: "/oauth/bind/:source",
      access: AUTHENTICATED,
      handler: async (c) => {
        const { tenantId, userId } = c.var.caller;
        const { url, browser } = await socialUrl(ctx, pathParam(c, "source"), tenantId, userId);
        keepInBrowser(c, browser);
        return ok(c, { url });
      },
    },
    {
      method: "GET",
      path: "/oauth/clear-cache",
      access: AUTHENTICATED,
      handler: async (c) => {
        // Nothing is cached in memory (every instance reads the database); what can go is expired.
        await purgeExpiredCaptchas(ctx, ctx.now());
        await purgeExpiredCodes(ctx);
        return ok(c, true);
      },
    },
    {
      method: ["GET", "POST"],
      path: "/oauth/logout",
      access: SIGNED_IN_OR_GUEST,
      handler: async (c) => {
        await revokeSession(ctx, { id: c.var.caller.sessionId, tenantId: c.var.caller.tenantId }, "logout");
        return ok(c, true);
      },
    },
    {
      method: "GET",
      path: "/oauth/user-info",
      access: SIGNED_IN_OR_GUEST,
      handler: async (c) => {
        const caller = c.var.caller;
        if (caller.isGuest) return ok(c, await guestInfo(ctx, caller.tenantId, caller.oauthId));
        const scope = c.var.scope.self();
        const [vo] = await toUserVOs(scope, [await scope.repo(user).get(caller.userId, "用户不存在")]);
        return ok(c, vo);
      },
    },
  ]);
}
