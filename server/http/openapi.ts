import type { Handler, Hono } from "hono";
import { MSG_UNAUTHORIZED } from "../../domain/contract";
import type { AppEnv } from "../context";
import { PUBLIC, routeAccess, type Access, type RouteSpec } from "../security/authorize";
import { MSG_FORBIDDEN, MSG_NOT_FOUND } from "./errors";
import { isTokenEndpoint } from "./failure";
import { routeDocs, type JsonSchema, type RouteDoc } from "./route-doc";

/**
 * The OpenAPI 3.1 document of the API, built from the app's own route table: every route a module
 * registered (through defineRoutes, so each has declared its access) is in it, with that access,
 * and with the query and body its RouteDoc describes (the kit's common routes derive theirs from
 * the resource spec). Nothing here is written per route, so the document cannot miss one.
 */

type Operation = Record<string, unknown>;
export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
}

/** Hono's `app.use` entries: middleware of every method under a wildcard, not routes. */
export const isMiddleware = (r: { method: string; path: string }) => r.method === "ALL" && r.path.endsWith("*");

/** `/file/:id` → `/file/{id}` (a `:name{regex}` constraint dropped). */
export const openApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}");

const envelope = (data: JsonSchema = {}): JsonSchema => ({
  allOf: [{ $ref: "#/components/schemas/R" }, { type: "object", properties: { data } }],
});
const json = (schema: JsonSchema) => ({ "application/json": { schema } });

/** Every failure's envelope: HTTP status = `code`, `success` false, the reason in `msg` (Chinese). */
const ERRORS: Record<number, { name: string; description: string; msg: string }> = {
  400: { name: "BadRequest", description: "参数或请求体不合法（字段错误在 data 中）；ID 不存在也答 400", msg: "请求参数格式错误" },
  401: { name: "Unauthorized", description: "未登录、令牌无效、过期或已注销", msg: MSG_UNAUTHORIZED },
  403: { name: "Forbidden", description: "已登录但无此权限、API 范围不含此路径，或游客会话", msg: MSG_FORBIDDEN },
  404: { name: "NotFound", description: "所指对象不存在", msg: MSG_NOT_FOUND },
  413: { name: "PayloadTooLarge", description: "请求体过大", msg: "请求体过大" },
  429: { name: "TooManyRequests", description: "请求过于频繁，Retry-After 秒后再试", msg: "请求过于频繁" },
};

function components(): OpenApiDocument["components"] {
  const responses: Record<string, unknown> = {};
  for (const [status, e] of Object.entries(ERRORS)) {
    responses[e.name] = {
      description: e.description,
      content: json({ allOf: [{ $ref: "#/components/schemas/R" }], examples: [{ code: Number(status), success: false, data: null, msg: e.msg }] }),
      ...(status === "429" && { headers: { "Retry-After": { schema: { type: "integer" } } } }),
    };
  }
  return {
    schemas: {
      R: {
        type: "object",
        description: "Blade 信封：HTTP 状态与 code 相同",
        required: ["code", "success", "data", "msg"],
        properties: { code: { type: "integer" }, success: { type: "boolean" }, data: {}, msg: { type: "string" } },
      },
      Page: {
        type: "object",
        required: ["records", "total", "size", "current", "pages"],
        properties: {
          records: { type: "array", items: { type: "object" } },
          total: { type: "integer" },
          size: { type: "integer" },
          current: { type: "integer" },
          pages: { type: "integer" },
        },
      },
      OAuthError: {
        type: "object",
        description: "令牌端点的失败（RFC 6749 §5.2）",
        required: ["error", "error_description"],
        properties: { error: { type: "string" }, error_description: { type: "string" } },
      },
    },
    responses,
    securitySchemes: {
      bladeAuth: { type: "apiKey", in: "header", name: "Blade-Auth", description: "`bearer <access_token>`" },
      client: { type: "http", scheme: "basic", description: "客户端 ID 与密钥（令牌端点）" },
    },
  };
}

/** The access a route declared, as `x-access`, and the sentence a reader sees. */
function accessOf(access: Access | undefined): { doc: Record<string, unknown>; text: string } {
  switch (access?.kind) {
    case "public":
      return { doc: { kind: "public" }, text: "公开，无需登录" };
    case "authenticated":
      return { doc: { kind: "signed-in", guests: access.guests === true }, text: access.guests ? "登录即可（含游客会话）" : "登录即可" };
    case "permission":
      return { doc: { kind: "permission", codes: [access.code] }, text: `需要权限 ${access.code}` };
    case "anyPermission":
      return { doc: { kind: "anyPermission", codes: access.codes }, text: `需要权限 ${access.codes.join(" 或 ")} 之一（按请求再细查）` };
    default:
      return { doc: { kind: "undeclared" }, text: "未声明访问要求" };
  }
}

function operation(method: string, path: string, access: Access | undefined, doc: RouteDoc | undefined, tag: string): Operation {
  const token = isTokenEndpoint(path);
  const { doc: xAccess, text } = accessOf(access);
  const open = access?.kind === "public";
  const statuses = new Set([400, ...(method === "GET" ? [] : [413]), ...(open ? [] : [401, 403]), ...(token ? [401] : []), ...(doc?.errors ?? [])]);
  const responses: Record<string, unknown> = {
    200: token
      ? { description: "令牌（OAuth2 形式，不是 Blade 信封）", content: json({ type: "object" }) }
      : doc?.raw
        ? { description: doc.raw.description, content: { [doc.raw.type]: {} } }
        : { description: "成功", content: json(envelope(doc?.data)) },
  };
  for (const status of [...statuses].sort()) {
    responses[status] = token
      ? { description: ERRORS[status].description, content: json({ $ref: "#/components/schemas/OAuthError" }) }
      : { $ref: `#/components/responses/${ERRORS[status].name}` };
  }
  const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: "path", required: true, schema: { type: "string" } }));
  const parameters = [...pathParams, ...(doc?.query ?? [])];
  return {
    // `get_blade-system_post_page`: lossless, so /tenant-package and /tenant/package stay apart.
    operationId: `${method.toLowerCase()}${path.replace(/^\/api/, "").replace(/\{(\w+)\}/g, "by-$1").replace(/\//g, "_")}`,
    tags: [tag],
    ...(doc?.summary && { summary: doc.summary }),
    description: text,
    "x-access": xAccess,
    security: token ? [{ client: [] }] : open ? [] : [{ bladeAuth: [] }],
    ...(parameters.length && { parameters }),
    ...(doc?.body && { requestBody: { required: true, content: json(doc.body) } }),
    responses,
  };
}

/**
 * The document of `app`. `bases` are the modules' mount points under /api (modules/index.ts): an
 * operation is tagged with the longest that holds its path.
 */
export function buildOpenApi(app: Hono, bases: string[]): OpenApiDocument {
  const tags = [...new Set(bases.map((b) => `/api${b === "/" ? "" : b}`))].sort((a, b) => b.length - a.length);
  const paths: OpenApiDocument["paths"] = {};
  const seen = new Map<string, Handler<AppEnv>[]>();
  for (const r of app.routes) {
    if (isMiddleware(r)) continue;
    const key = `${r.method} ${r.path}`;
    seen.set(key, [...(seen.get(key) ?? []), r.handler as Handler<AppEnv>]);
  }
  for (const [key, handlers] of seen) {
    const [method, raw] = key.split(" ");
    const path = openApiPath(raw);
    // A route's handlers are its guard and its own: the latter carries the access and the doc.
    const access = handlers.map((h) => routeAccess.get(h)).find(Boolean);
    const doc = handlers.map((h) => routeDocs.get(h)).find(Boolean);
    const tag = (tags.find((t) => path === t || path.startsWith(`${t}/`)) ?? "/api").replace(/^\/api\/?/, "") || "system";
    (paths[path] ??= {})[method.toLowerCase()] = operation(method, path, access, doc, tag);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Blade API（参考服务器）",
      version: "1",
      description:
        "BladeX 方言的 Blade API。成功与失败都答 Blade 信封 {code, success, data, msg}（令牌端点除外，答 OAuth2 形式）。" +
        "列表的筛选键为字段名加 Blade 后缀（_equal、_like、_dategt …，无后缀即 like），只接受每个资源规格列出的字段。",
    },
    servers: [{ url: "/" }],
    paths,
    components: components(),
  };
}

/** `GET /api/openapi.json`, public: built once per app on first call (the route table is fixed by then). */
export function openApiRoute(app: () => Hono, bases: string[]): RouteSpec {
  let document: OpenApiDocument | undefined;
  return {
    method: "GET",
    path: "/openapi.json",
    access: PUBLIC,
    doc: { summary: "本 API 的 OpenAPI 文档", raw: { type: "application/json", description: "OpenAPI 3.1 文档（不是 Blade 信封）" } },
    handler: (c) => c.json((document ??= buildOpenApi(app(), bases))),
  };
}
