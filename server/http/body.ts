import type { Context } from "hono";
import { isId } from "../db/ids";
import { badRequest } from "./errors";
import { parseJson } from "./json";
import { storable } from "./text";

/**
 * The one way routes read what a request carries: query, form and JSON bodies, path parameters
 * and id lists. Each refuses with a 400 what no column could hold (NUL, lone surrogates), so a
 * malformed request is the caller's mistake and never a database error.
 */

/** The body limit of every call but uploads (app.ts applies it before any route reads). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Most ids one call may name. */
export const MAX_IDS = 1000;

/** Name/value pairs, the first of a repeated name winning (as Spring's @RequestParam and c.req.query do). */
function collect(into: Record<string, string>, pairs: URLSearchParams, where: string): void {
  pairs.forEach((v, k) => {
    storable(k, `${where}名`);
    storable(v, `${where} ${k} `);
    if (!Object.hasOwn(into, k)) into[k] = v;
  });
}

const queries = new WeakMap<object, Record<string, string>>();

/** The query string's parameters. */
export function readQuery(c: Context): Record<string, string> {
  let params = queries.get(c.req);
  if (!params) {
    params = {};
    collect(params, new URL(c.req.url).searchParams, "查询参数");
    queries.set(c.req, params);
  }
  return params;
}

/** One query parameter, trimmed; undefined when absent or blank. */
export function queryParam(c: Context, name: string): string | undefined {
  const value = readQuery(c)[name]?.trim();
  return value ? value : undefined;
}

/** A path parameter (`/file/:id`), decoded by the router. */
export function pathParam(c: Context, name: string): string {
  return storable(c.req.param(name) ?? "", `路径参数 ${name} `);
}

/** The raw body text, bounded: for protocols with their own body rules (SCIM's media type and errors). */
export async function bodyText(c: Context): Promise<string> {
  const text = await c.req.text();
  // app.ts bounds the bytes before any route runs; this holds for a route mounted without it.
  if (text.length > MAX_BODY_BYTES) throw badRequest("请求体过大");
  return text;
}

/**
 * Spring's @RequestParam: the query string, plus a urlencoded form body when there is one
 * (Saber sends the token grant as query, Sword as a form).
 */
export async function readParams(c: Context): Promise<Record<string, string>> {
  const params = { ...readQuery(c) };
  const type = c.req.header("content-type") ?? "";
  if (c.req.method !== "GET" && type.includes("application/x-www-form-urlencoded")) {
    collect(params, new URLSearchParams(await bodyText(c)), "表单参数");
  }
  return params;
}

/** The JSON object of a write; anything else is the caller's mistake (400), never a 500. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const text = await bodyText(c);
  if (text.trim() === "") throw badRequest("请求体不能为空");
  const value = parseJson(text);
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw badRequest("请求体必须是JSON对象");
  return value as Record<string, unknown>;
}

/**
 * A JSON object body when the call carries one, else {}: for calls whose arguments are in the
 * query (BladeX) and that our console may extend with a body a real BladeX would never get.
 */
export async function optionalJsonBody(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (c.req.method === "GET" || !type.includes("application/json")) return {};
  if ((await bodyText(c)).trim() === "") return {};
  return readJsonObject(c);
}

/**
 * `ids=a,b` of remove-like calls, from the query or a form body: at most MAX_IDS distinct ids,
 * each a positive bigint, else 400. Empty when none is named (the route says what is missing).
 */
export async function readIds(c: Context, name = "ids"): Promise<string[]> {
  const raw = (await readParams(c))[name] ?? "";
  const ids = [...new Set(raw.split(",").map((s) => s.trim()).filter(Boolean))];
  if (ids.length > MAX_IDS) throw badRequest(`一次最多操作${MAX_IDS}条数据`);
  if (!ids.every(isId)) throw badRequest(`请求参数格式错误: ${name}`);
  return ids;
}

/**
 * A multipart form: its text fields storable, its files as they came (their names are cleaned
 * where they are stored). Anything unparsable is a 400.
 */
export async function readMultipart(c: Context): Promise<Record<string, string | File>> {
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw badRequest("上传内容无法解析");
  }
  const out: Record<string, string | File> = {};
  for (const [k, v] of Object.entries(form)) {
    storable(k, "表单字段名");
    const first = Array.isArray(v) ? v[0] : v;
    out[k] = typeof first === "string" ? storable(first, `表单字段 ${k} `) : first;
  }
  return out;
}
