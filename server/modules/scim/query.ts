import { and, eq, gt, gte, like, lt, lte, ne, not, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { isId } from "../../db/ids";
import { formatDateTime, trimDateTime } from "../../db/time";
import { invalidFilter, invalidValue } from "./errors";
import type { CompareOp, Filter, FilterValue } from "./filter";
import { MAX_RESULTS } from "./schemas";

/**
 * A parsed filter compiled to SQL over one table's columns. Each resource says which attribute is
 * which column and of what kind; anything else is 400 invalidFilter, never an identifier taken from
 * the request.
 */

export type AttrKind = "string" | "id" | "date" | "active";
export interface AttrColumn {
  kind: AttrKind;
  column: AnyPgColumn;
}
/** An attribute that is not a column of the table (a user's externalId: a link row), compiled by its own function. */
export type AttrSql = (op: CompareOp | "pr", value: FilterValue) => SQL;
export type Attrs = Record<string, AttrColumn | AttrSql>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** An xsd:dateTime (`2024-05-01T08:00:00Z`, an offset, or none) as the local text the audit columns hold. */
function localTime(value: FilterValue): string {
  if (typeof value !== "string") throw invalidFilter("时间须是带引号的 xsd:dateTime 字符串");
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) throw invalidFilter(`时间「${value}」不是合法的 xsd:dateTime`);
  return formatDateTime(date);
}

/** A local audit time (`YYYY-MM-DD HH:mm:ss`) as xsd:dateTime in UTC. */
export function isoTime(local: string | null | undefined): string | undefined {
  const text = trimDateTime(local);
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  return new Date(y, mo - 1, d, h, mi, s).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** `column op value` for a column of text (SCIM strings compare case-insensitively, RFC 7643 §2.1). */
export function compareText(column: AnyPgColumn | SQL, op: CompareOp | "pr", value: FilterValue): SQL {
  if (op === "pr") return sql`coalesce(${column}, '') <> ''`;
  if (value === null) return op === "eq" ? sql`coalesce(${column}, '') = ''` : op === "ne" ? sql`coalesce(${column}, '') <> ''` : sql`false`;
  if (typeof value !== "string") throw invalidFilter("该属性的比较值须是带引号的字符串");
  const col = sql`lower(${column})`;
  const v = value.toLowerCase();
  switch (op) {
    case "eq":
      return sql`${col} = ${v}`;
    case "ne":
      return sql`${col} <> ${v}`;
    case "co":
      return like(col, `%${escapeLike(v)}%`);
    case "sw":
      return like(col, `${escapeLike(v)}%`);
    case "ew":
      return like(col, `%${escapeLike(v)}`);
    case "gt":
      return sql`${col} > ${v}`;
    case "ge":
      return sql`${col} >= ${v}`;
    case "lt":
      return sql`${col} < ${v}`;
    case "le":
      return sql`${col} <= ${v}`;
  }
}

const ORDERED: Partial<Record<CompareOp, (c: AnyPgColumn, v: string) => SQL>> = { eq, ne, gt, ge: gte, lt, le: lte };

function compareColumn(a: AttrColumn, op: CompareOp | "pr", value: FilterValue): SQL {
  switch (a.kind) {
    case "string":
      return compareText(a.column, op, value);
    case "id": {
      if (op === "pr") return sql`true`;
      if (op !== "eq" && op !== "ne") throw invalidFilter("id 只支持 eq 与 ne");
      if (typeof value !== "string") throw invalidFilter("id 的比较值须是字符串");
      // An id that is not one of ours matches nothing (and never reaches a bigint cast).
      if (!isId(value)) return op === "eq" ? sql`false` : sql`true`;
      return op === "eq" ? eq(a.column, value) : ne(a.column, value);
    }
    case "date": {
      if (op === "pr") return sql`${a.column} is not null`;
      const build = ORDERED[op];
      if (!build) throw invalidFilter("时间只支持 eq、ne、gt、ge、lt、le");
      return build(a.column, localTime(value));
    }
    case "active": {
      if (op === "pr") return sql`true`;
      if (typeof value !== "boolean" || (op !== "eq" && op !== "ne")) throw invalidFilter("active 只支持与 true 或 false 的 eq、ne 比较");
      return (op === "eq") === value ? eq(a.column, 1) : ne(a.column, 1);
    }
  }
}

/** The filter as a WHERE over `attrs`; unknown attributes are invalidFilter. */
export function compileFilter(filter: Filter, attrs: Attrs): SQL {
  const of = (attr: string): AttrColumn | AttrSql => {
    const a = attrs[attr];
    if (!a) throw invalidFilter(`不支持按属性「${attr}」过滤`);
    return a;
  };
  const leaf = (attr: string, op: CompareOp | "pr", value: FilterValue) => {
    const a = of(attr);
    return typeof a === "function" ? a(op, value) : compareColumn(a, op, value);
  };
  switch (filter.kind) {
    case "and":
      return and(compileFilter(filter.left, attrs), compileFilter(filter.right, attrs))!;
    case "or":
      return or(compileFilter(filter.left, attrs), compileFilter(filter.right, attrs))!;
    case "not":
      return not(compileFilter(filter.filter, attrs));
    case "present":
      return leaf(filter.attr, "pr", null);
    case "compare":
      return leaf(filter.attr, filter.op, filter.value);
    case "valuePath":
      // emails[value eq "x"]: this service keeps one value per multi-valued attribute, so the
      // element's `value` is the attribute's column; `type` and `primary` say nothing more here.
      return compileFilter(filter.filter, Object.fromEntries(Object.entries(attrs).filter(([k]) => k.startsWith(`${filter.attr}.`)).map(([k, v]) => [k.slice(filter.attr.length + 1), v])) as Attrs);
  }
}

/** RFC 7644 §3.4.2.4 paging: startIndex 1-based (below 1 is 1), count at most MAX_RESULTS (below 0 is 0). */
export function paging(query: Record<string, string>): { startIndex: number; count: number } {
  const int = (name: string, fallback: number) => {
    const raw = query[name];
    if (raw === undefined || raw.trim() === "") return fallback;
    if (!/^-?\d{1,9}$/.test(raw.trim())) throw invalidValue(`${name} 须是整数`);
    return Number(raw);
  };
  return { startIndex: Math.max(1, int("startIndex", 1)), count: Math.min(MAX_RESULTS, Math.max(0, int("count", MAX_RESULTS))) };
}
