import type { Context, Handler } from "hono";
import type { AppEnv } from "../context";
import { isId } from "../db/ids";
import { MAX_IDS, readJsonObject, readParams } from "../http/body";
import { badRequest } from "../http/errors";
import { isUpdate, requireId } from "./crud";
import { can, type RouteSpec } from "../security/authorize";

const isJson = (c: Context) => (c.req.header("content-type") ?? "").includes("application/json") && c.req.header("content-length") !== "0";

/**
 * The arguments of a call wherever the caller put them: BladeX's Saber sends `id`, `status`,
 * `idList` … in the query string, others as a form or a JSON object (where a list may be an
 * array). The query wins, as Spring's @RequestParam reads it first. Lists come back comma-joined.
 */
export async function readArgs(c: Context): Promise<Record<string, string>> {
  const params = await readParams(c);
  if (c.req.method === "GET" || !isJson(c)) return params;
  for (const [key, value] of Object.entries(await readJsonObject(c))) {
    if (Object.hasOwn(params, key) || value === undefined || value === null) continue;
    if (typeof value === "string" || typeof value === "number") params[key] = String(value);
    else if (Array.isArray(value) && value.every((v) => typeof v === "string" || typeof v === "number")) params[key] = value.join(",");
    else throw badRequest(`请求参数格式错误: ${key.slice(0, 32)}`);
  }
  return params;
}

/** `a,b,c` of the first name present → distinct ids; each a positive bigint, at most MAX_IDS, else 400. */
export function idsOf(args: Record<string, string>, ...names: string[]): string[] {
  const name = names.find((n) => (args[n] ?? "").trim() !== "") ?? names[0];
  const ids = [...new Set((args[name] ?? "").split(",").map((s) => s.trim()).filter(Boolean))];
  if (ids.length > MAX_IDS) throw badRequest(`一次最多操作${MAX_IDS}条数据`);
  if (!ids.every(isId)) throw badRequest(`请求参数格式错误: ${name}`);
  return ids;
}

/**
 * The §7 names of the kit's handlers (insert, update, details) beside the kit's own (submit,
 * detail), which the console's data provider and the conformance battery use. Insert must not
 * name an id and update must: the kit's submit then validates and writes as for any resource.
 */
export function bladeNames(common: RouteSpec[], codes: { list: string; create: string; edit: string }): RouteSpec[] {
  const handler = (path: string): Handler<AppEnv> => common.find((r) => r.path === path)!.handler;
  const submit = handler("/submit");
  const submitAs = (updating: boolean): Handler<AppEnv> => async (c, next) => {
    const body = await readJsonObject(c);
    if (updating) requireId(body.id);
    else if (isUpdate(body)) throw badRequest("新增时不能指定ID");
    return submit(c, next);
  };
  return [
    { method: "POST", path: "/insert", access: can(codes.create), handler: submitAs(false) },
    { method: "POST", path: "/update", access: can(codes.edit), handler: submitAs(true) },
    { method: "GET", path: "/details", access: can(codes.list), handler: handler("/detail") },
  ];
}
