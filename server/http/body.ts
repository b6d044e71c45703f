import type { Context } from "hono";
import { badRequest } from "./errors";

/** The JSON object of a write; anything else is the caller's mistake (400), never a 500. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === "") throw badRequest("请求体不能为空");
  // Postgres refuses NUL in text; JSON can only carry it escaped.
  if (text.includes("\\u0000")) throw badRequest("请求包含非法字符");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest("请求体不是合法的JSON");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw badRequest("请求体必须是JSON对象");
  return value as Record<string, unknown>;
}

/**
 * Spring's @RequestParam: the query string, plus a urlencoded form body when there is one
 * (Saber sends the token grant as query, Sword as a form).
 */
export async function readParams(c: Context): Promise<Record<string, string>> {
  const params: Record<string, string> = {};
  new URL(c.req.url).searchParams.forEach((v, k) => {
    if (!(k in params)) params[k] = v;
  });
  const type = c.req.header("content-type") ?? "";
  if (c.req.method !== "GET" && type.includes("application/x-www-form-urlencoded")) {
    new URLSearchParams(await c.req.text()).forEach((v, k) => {
      if (!(k in params)) params[k] = v;
    });
  }
  return params;
}

/** Most ids one call may name. */
export const MAX_IDS = 1000;

/** `ids=a,b` of remove calls, from the query or a form body. */
export async function readIds(c: Context, name = "ids"): Promise<string[]> {
  const raw = (await readParams(c))[name] ?? "";
  const ids = [...new Set(raw.split(",").map((s) => s.trim()).filter(Boolean))];
  if (ids.length > MAX_IDS) throw badRequest(`一次最多操作${MAX_IDS}条数据`);
  return ids;
}
