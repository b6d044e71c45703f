import type { Handler } from "hono";
import type { AppEnv } from "../context";

/** A JSON Schema (2020-12, as OpenAPI 3.1 embeds it). */
export type JsonSchema = Record<string, unknown>;

export interface ParameterDoc {
  name: string;
  in: "query";
  required?: boolean;
  description?: string;
  /** `form` + explode false: a comma-separated list (`ascs=a,b`). */
  style?: "form";
  explode?: boolean;
  schema: JsonSchema;
}

/**
 * What a route reads and answers beyond its method, path and access, for the OpenAPI document
 * (server/http/openapi.ts). Only what the handler really reads: a route without one is documented
 * by its path, access and the statuses every route shares.
 */
export interface RouteDoc {
  summary?: string;
  query?: ParameterDoc[];
  /** The JSON body of a write. */
  body?: JsonSchema;
  /** The `data` of the envelope on success. */
  data?: JsonSchema;
  /** A success answered as is, not in the envelope: a file, a document (its media type). */
  raw?: { type: string; description: string };
  /** Statuses beyond the shared ones: 404 of a missing file, 429 of a rate limit. */
  errors?: number[];
}

/** Each route handler's doc, recorded by defineRoutes beside its access (authorize.ts routeAccess). */
export const routeDocs = new WeakMap<Handler<AppEnv>, RouteDoc>();

/** A row id as the API carries it: a positive bigint in a string (isId, db/ids.ts). */
export const ID_SCHEMA: JsonSchema = { type: "string", pattern: "^[1-9]\\d{0,18}$" };
/** `YYYY-MM-DD HH:mm:ss`, or a day alone (parseDateTime, db/time.ts). */
export const DATE_SCHEMA: JsonSchema = { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}:\\d{2})?$" };

/** A route that spends a rate limit (security/rate-limit.ts): 429 with Retry-After once it is used up. */
export const RATE_LIMITED: RouteDoc = { errors: [429] };
/** Exports: the file itself, not the envelope (failures still answer the envelope). */
export const CSV_FILE: RouteDoc = { summary: "导出 CSV", raw: { type: "text/csv", description: "CSV 文件（UTF-8）" } };
export const XLSX_FILE: RouteDoc = {
  summary: "下载 Excel",
  raw: { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", description: "Excel 文件" },
};
