import type { Context } from "hono";
import { isId } from "../../db/ids";
import { MAX_IDS, readJsonObject, readParams } from "../../http/body";
import { badRequest } from "../../http/errors";
import { cut } from "../../security/audit-log";

/**
 * The arguments of a call wherever the console put them: the query, a form (common-application/set
 * is form-encoded, §7) or a JSON object whose lists may be arrays. The query wins.
 */
export async function readArgs(c: Context): Promise<Record<string, string>> {
  const params = await readParams(c);
  const json = (c.req.header("content-type") ?? "").includes("application/json");
  if (c.req.method === "GET" || !json) return params;
  for (const [key, value] of Object.entries(await readJsonObject(c))) {
    if (Object.hasOwn(params, key) || value === undefined || value === null) continue;
    if (typeof value === "string" || typeof value === "number") params[key] = String(value);
    else if (Array.isArray(value) && value.every((v) => typeof v === "string" || typeof v === "number")) params[key] = value.join(",");
    else throw badRequest(`请求参数格式错误: ${cut(key, 32)}`);
  }
  return params;
}

/** A required id argument, or 400 naming it (`应用ID不能为空`, `应用ID格式不正确`). */
export function idArg(value: string | undefined, label: string): string {
  const v = (value ?? "").trim();
  if (v === "") throw badRequest(`${label}不能为空`);
  if (!isId(v)) throw badRequest(`${label}格式不正确`);
  return v;
}

/** `a,b,c` → distinct well-formed ids (at least one, at most MAX_IDS). */
export function idsArg(value: string | undefined, empty: string): string[] {
  const ids = [...new Set((value ?? "").split(",").map((s) => s.trim()).filter(Boolean))];
  if (ids.length === 0) throw badRequest(empty);
  if (ids.length > MAX_IDS) throw badRequest(`一次最多操作${MAX_IDS}条数据`);
  if (!ids.every(isId)) throw badRequest("请求参数格式错误: ids");
  return ids;
}

/** Free text of at most `max` characters (a reason, a comment); required when `required` names it. */
export function textArg(value: string | undefined, max: number, label: string, required = false): string {
  const v = (value ?? "").trim();
  if (required && v === "") throw badRequest(`请输入${label}`);
  if ([...v].length > max) throw badRequest(`${label}不能超过${max}个字符`);
  return v;
}

/** current/size of a page: positive integers, size at most 200 (as every list of the server). */
export function pageArgs(args: Record<string, string>): { current: number; size: number } {
  const int = (name: string, fallback: number) => {
    const raw = (args[name] ?? "").trim();
    if (raw === "") return fallback;
    if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1) throw badRequest(`请求参数格式错误: ${name}`);
    return Number(raw);
  };
  return { current: int("current", 1), size: Math.min(int("size", 10), 200) };
}
