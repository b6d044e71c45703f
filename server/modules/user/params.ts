import type { Context } from "hono";
import { isId } from "../../db/ids";
import { MAX_IDS, readJsonObject, readParams } from "../../http/body";
import { badRequest } from "../../http/errors";

/**
 * The arguments of the user page's action calls, wherever the caller put them: BladeX consoles
 * send `ids`, `roleIds`, `status` … in the query string (axios `params`), others as a form or a
 * JSON object. The query wins over the body, as Spring's @RequestParam reads it first.
 */
export async function readArgs(c: Context): Promise<Record<string, string>> {
  const params = await readParams(c);
  const type = c.req.header("content-type") ?? "";
  if (c.req.method === "GET" || !type.includes("application/json") || c.req.header("content-length") === "0") return params;
  const body = await readJsonObject(c);
  for (const [key, value] of Object.entries(body)) {
    if (Object.hasOwn(params, key) || value === undefined || value === null) continue;
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") params[key] = String(value);
    else if (Array.isArray(value) && value.every((v) => typeof v === "string" || typeof v === "number")) params[key] = value.join(",");
    else throw badRequest(`请求参数格式错误: ${key.slice(0, 32)}`);
  }
  return params;
}

/** `a,b,c` → distinct ids; each a positive bigint, at most MAX_IDS, else 400 naming the parameter. */
export function idList(value: string | undefined, name: string): string[] {
  const ids = [...new Set((value ?? "").split(",").map((s) => s.trim()).filter(Boolean))];
  if (ids.length > MAX_IDS) throw badRequest(`一次最多操作${MAX_IDS}条数据`);
  if (!ids.every(isId)) throw badRequest(`请求参数格式错误: ${name}`);
  return ids;
}

/** The first of several accepted names that is present (`ids` or BladeX's `userIds`). */
export const firstOf = (args: Record<string, string>, ...names: string[]): string | undefined =>
  names.map((n) => args[n]).find((v) => v !== undefined && v.trim() !== "");
