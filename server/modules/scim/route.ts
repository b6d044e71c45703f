import type { Context } from "hono";
import { SCIM_TOKEN_CODE } from "../../../domain/resources/applicationManagement/userSynchronizer/spec";
import type { AppContext, AppEnv } from "../../context";
import { bodyText } from "../../http/body";
import { clientIp } from "../../http/client-ip";
import { ApiError } from "../../http/errors";
import { parseJson } from "../../http/json";
import { PUBLIC, type RouteSpec } from "../../security/authorize";
import { cut } from "../../security/audit-log";
import type { TenantScope } from "../../security/tenant-scope";
import { errorBody, invalidSyntax, SCIM_MEDIA_TYPE, ScimError, scimJson, unauthorizedScim } from "./errors";
import { findToken, touchToken, type ScimTokenRow } from "./tokens";

/**
 * Every SCIM route: authenticated by its bearer token only (no session, no Blade-Auth), answered
 * in SCIM's own shapes — errors included (RFC 7644 §3.12), whatever raised them. Declared PUBLIC
 * for the Blade guard, which knows sessions and not these tokens; the token check is here, before
 * the handler runs, on every route.
 */

/** What a handler gets: the token's tenant, read and written as the system of that tenant. */
export interface ScimCall {
  tenantId: string;
  token: ScimTokenRow;
  /** Reads: the whole tenant (no data scope narrows a provisioning client). */
  scope: TenantScope;
  /** `https://host/api/scim/v2`, for `location` and `$ref`. */
  base: string;
  /** The scope of writes: in the operation log as SCIM (the token's name) with before/after. */
  writer(): TenantScope;
}

type Method = RouteSpec["method"];

function bearer(c: Context): string | undefined {
  const header = c.req.header("authorization") ?? "";
  const m = /^bearer\s+(\S+)$/i.exec(header.trim());
  return m?.[1];
}

function baseOf(c: Context): string {
  const url = new URL(c.req.url);
  const at = url.pathname.indexOf("/scim/v2");
  return `${url.origin}${url.pathname.slice(0, at + "/scim/v2".length)}`;
}

async function authenticate(ctx: AppContext, c: Context<AppEnv>): Promise<ScimCall> {
  const presented = bearer(c);
  if (!presented) throw unauthorizedScim();
  const found = await findToken(ctx, presented);
  if (!found) throw unauthorizedScim();
  const { row, scope } = found;
  await touchToken(scope, row);
  const caller = { ...scope.caller, account: cut(`SCIM:${row.name}`, 64), realName: cut(row.name, 20) };
  return {
    tenantId: row.tenantId,
    token: row,
    scope,
    base: baseOf(c),
    writer: () =>
      scope.as(caller).audited({
        method: c.req.method,
        uri: cut(c.req.path, 500),
        ip: cut(clientIp(c), 64),
        userAgent: cut(c.req.header("user-agent") ?? "", 500),
        codes: [SCIM_TOKEN_CODE],
      }),
  };
}

/** A SCIM route: the token checked, failures answered as SCIM errors (a 5xx only for a real fault, logged). */
export function scimRoute(ctx: AppContext, method: Method, path: string, summary: string, handle: (c: Context<AppEnv>, call: ScimCall) => Promise<Response>): RouteSpec {
  return {
    method,
    path,
    access: PUBLIC,
    doc: { summary: `SCIM 2.0：${summary}（Authorization: Bearer <SCIM 令牌>）`, raw: { type: SCIM_MEDIA_TYPE, description: "SCIM 资源或错误（RFC 7644），不是 Blade 信封" } },
    handler: async (c) => {
      try {
        return await handle(c, await authenticate(ctx, c));
      } catch (err) {
        if (err instanceof ScimError || err instanceof ApiError) {
          const { status, body } = errorBody(err);
          return scimJson(c, body, status, status === 401 ? { "WWW-Authenticate": 'Bearer realm="SCIM"' } : {});
        }
        ctx.logError(err, `${c.req.method} ${c.req.path}`);
        return scimJson(c, { schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"], status: "500", detail: "服务器异常" }, 500);
      }
    },
  };
}

/** The JSON object of a write: application/scim+json or application/json; anything else is invalidSyntax. */
export async function readScimBody(c: Context): Promise<Record<string, unknown>> {
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type && type !== SCIM_MEDIA_TYPE && type !== "application/json") throw invalidSyntax("Content-Type 须是 application/scim+json 或 application/json");
  const text = await bodyText(c);
  if (text.trim() === "") throw invalidSyntax("请求体不能为空");
  let value: unknown;
  try {
    value = parseJson(text);
  } catch (err) {
    throw invalidSyntax(err instanceof ApiError ? err.message : "请求体不是合法的JSON");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw invalidSyntax("请求体必须是JSON对象");
  return value as Record<string, unknown>;
}
