import { and, asc, desc, eq, gt, gte, isNotNull, isNull, lt, lte, ne, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { MAX_PAGE_SIZE } from "../../domain/contract";
import { INT_RANGES, type IntColumnType } from "../../domain/validation";
import { badRequest } from "../http/errors";
import { clip, isStorable } from "../http/text";
import { isIdOrRoot } from "./ids";
import { parseDateTime } from "./time";

/**
 * The Blade query grammar (blade-platform-notes §2.3) over an allow-list of columns. A request
 * names fields; only the allow-list turns them into Drizzle columns, so no request value ever
 * becomes an SQL identifier, and values are always bound parameters.
 */
export type FieldKind = "text" | "int" | "id" | "date";

export interface FilterField {
  column: AnyPgColumn;
  kind: FieldKind;
}

export type FilterFields = Record<string, FilterField>;

export const text = (column: AnyPgColumn): FilterField => ({ column, kind: "text" });
export const int = (column: AnyPgColumn): FilterField => ({ column, kind: "int" });
export const idField = (column: AnyPgColumn): FilterField => ({ column, kind: "id" });
export const date = (column: AnyPgColumn): FilterField => ({ column, kind: "date" });

const SUFFIXES = [
  "equal", "notequal", "like", "likeleft", "likeright", "notlike", "ge", "le", "gt", "lt",
  "datege", "dategt", "dateequal", "datele", "datelt", "null", "notnull", "ignore",
] as const;
type Suffix = (typeof SUFFIXES)[number];

/** Keys that are never filters. */
const PAGING = new Set(["current", "size", "ascs", "descs", "blade-auth"]);

export interface ParsedQuery {
  where: SQL | undefined;
  orderBy: SQL[];
  current: number;
  size: number;
}

export interface QueryOptions {
  /** Keys the route reads itself (deptId, tenantId …): not filters. */
  reserved?: string[];
  /** Fields ascs/descs may name (default: the filter fields). */
  sortable?: FilterFields;
  /** Order when the request gives none. */
  defaultOrder?: SQL[];
}

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());

function resolveField(fields: FilterFields, name: string): [string, FilterField] | undefined {
  const key = camel(name);
  return Object.hasOwn(fields, key) ? [key, fields[key]] : undefined;
}

/** `createTime_dategt` → field createTime, suffix dategt; a bare known field is a LIKE. */
function splitKey(fields: FilterFields, key: string): { name: string; field: FilterField; suffix: Suffix } {
  for (const suffix of SUFFIXES) {
    if (key.endsWith(`_${suffix}`)) {
      const found = resolveField(fields, key.slice(0, -suffix.length - 1));
      if (found) return { name: found[0], field: found[1], suffix };
    }
  }
  const found = resolveField(fields, key);
  if (!found) throw badRequest(`不支持的查询字段: ${clip(key)}`);
  return { name: found[0], field: found[1], suffix: "like" };
}

/** What an integer column holds, from its SQL type; undefined for a column that is no integer. */
export function columnIntRange(column: AnyPgColumn): { min: number; max: number } | undefined {
  const type = column.getSQLType();
  return Object.hasOwn(INT_RANGES, type) ? INT_RANGES[type as IntColumnType] : undefined;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (ch) => `\\${ch}`);

function typed(name: string, field: FilterField, value: string): string | number {
  if (field.kind === "int") {
    if (!/^-?\d{1,16}$/.test(value)) throw badRequest(`查询参数格式错误: ${name}，应为整数`);
    const { min, max } = columnIntRange(field.column) ?? INT_RANGES.integer;
    const n = Number(value);
    if (n < min || n > max) throw badRequest(`查询参数超出范围: ${name}，应在${min}到${max}之间`);
    return n;
  }
  if (field.kind === "id") {
    if (!isIdOrRoot(value)) throw badRequest(`查询参数格式错误: ${name}`);
    return value;
  }
  if (field.kind === "date") {
    const parsed = parseDateTime(value);
    if (!parsed) throw badRequest(`日期格式错误: ${name}，应为 YYYY-MM-DD HH:mm:ss`);
    return parsed;
  }
  return value;
}

function condition(name: string, field: FilterField, suffix: Suffix, value: string): SQL | undefined {
  const col = field.column;
  // LIKE works on the text form of any column, so `status=1` or `sex_like=1` stay valid.
  const asText = field.kind === "text" ? sql`${col}` : sql`${col}::text`;
  const like = (pattern: string, negate = false) =>
    negate ? sql`${asText} not like ${pattern} escape '\\'` : sql`${asText} like ${pattern} escape '\\'`;
  switch (suffix) {
    case "ignore":
      return undefined;
    case "null":
      return isNull(col);
    case "notnull":
      return isNotNull(col);
    case "like":
      return like(`%${escapeLike(value)}%`);
    case "notlike":
      return like(`%${escapeLike(value)}%`, true);
    case "likeleft":
      return like(`%${escapeLike(value)}`);
    case "likeright":
      return like(`${escapeLike(value)}%`);
    case "equal":
      return eq(col, typed(name, field, value));
    case "notequal":
      return ne(col, typed(name, field, value));
    case "ge":
      return gte(col, typed(name, field, value));
    case "le":
      return lte(col, typed(name, field, value));
    case "gt":
      return gt(col, typed(name, field, value));
    case "lt":
      return lt(col, typed(name, field, value));
    default: {
      // The date family compares dates only, so a date column and a date value.
      if (field.kind !== "date") throw badRequest(`字段不支持日期查询: ${name}`);
      const d = parseDateTime(value);
      if (!d) throw badRequest(`日期格式错误: ${name}，应为 YYYY-MM-DD HH:mm:ss`);
      const ops = { datege: gte, dategt: gt, dateequal: eq, datele: lte, datelt: lt } as const;
      return ops[suffix](col, d);
    }
  }
}

function positiveInt(params: Record<string, string>, key: string, fallback: number): number {
  const raw = params[key];
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw badRequest(`请求参数格式错误: ${key}`);
  return Number(raw);
}

/** Each order term made by `sortBy`, with its exact reverse (PostgreSQL puts NULLs last ascending, first descending). */
const reverses = new WeakMap<SQL, { reverse: SQL; column: AnyPgColumn }>();

/** ORDER BY `column` `dir`, reversible: a far page can then be read from the other end (reverseOrder). */
export function sortBy(column: AnyPgColumn, dir: "asc" | "desc"): SQL {
  const [term, reverse] = dir === "asc" ? [asc(column), desc(column)] : [desc(column), asc(column)];
  reverses.set(term, { reverse, column });
  return term;
}

/**
 * The reverse of an order that ends with the unique column `unique` (so that it is total and its
 * reverse lists exactly the same rows backwards), or null when some term was not made by sortBy.
 */
export function reverseOrder(order: SQL[], unique: AnyPgColumn): SQL[] | null {
  const terms = order.map((term) => reverses.get(term));
  if (!terms.length || terms.some((t) => !t) || terms[terms.length - 1]!.column !== unique) return null;
  return terms.map((t) => t!.reverse);
}

function orderBy(fields: FilterFields, list: string | undefined, dir: "asc" | "desc"): SQL[] {
  if (!list) return [];
  return list
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((name) => {
      const found = resolveField(fields, name);
      if (!found) throw badRequest(`不支持的排序字段: ${clip(name)}`);
      return sortBy(found[1].column, dir);
    });
}

/**
 * Reads current/size/ascs/descs and every filter. `size` above 200 is clamped to 200 (as
 * MyBatis-Plus's maxLimit does) rather than refused, so a generous client still gets a page.
 */
export function parseQuery(params: Record<string, string>, fields: FilterFields, options: QueryOptions = {}): ParsedQuery {
  const reserved = new Set(options.reserved ?? []);
  const conditions: SQL[] = [];
  for (const [key, raw] of Object.entries(params)) {
    if (PAGING.has(key) || reserved.has(key)) continue;
    const value = raw.trim();
    const { name, field, suffix } = splitKey(fields, key);
    // Whoever built params, a value no column can hold is malformed, never a database error.
    if (!isStorable(value)) throw badRequest(`查询参数格式错误: ${name}`);
    if (value === "") continue;
    const cond = condition(name, field, suffix, value);
    if (cond) conditions.push(cond);
  }
  const sortable = options.sortable ?? fields;
  const order = [...orderBy(sortable, params.ascs, "asc"), ...orderBy(sortable, params.descs, "desc")];
  return {
    where: conditions.length ? and(...conditions) : undefined,
    orderBy: order.length ? order : (options.defaultOrder ?? []),
    current: positiveInt(params, "current", 1),
    size: Math.min(positiveInt(params, "size", 10), MAX_PAGE_SIZE),
  };
}

export function toPage<T>(records: T[], total: number, current: number, size: number) {
  return { records, total, size, current, pages: Math.ceil(total / size) };
}
