/**
 * refine filters and sorters → the Blade query grammar (CONTRACT.md "Lists, filters, writes"):
 * `field` (LIKE), `field_equal`, `_notequal`, `_notlike`, `_likeleft`, `_likeright`, `_ge`/`_le`/`_gt`/`_lt`,
 * `_datege`/`_dategt`/`_dateequal`/`_datele`/`_datelt` (YYYY-MM-DD HH:mm:ss), `_null`/`_notnull`; `ascs`/`descs`.
 */
import type { CrudFilter, CrudSort, LogicalFilter } from "@refinedev/core";
import dayjs from "dayjs";
import { toColumnName } from "../../../domain/validation/resource-spec";

export const DATE_FORMAT = "YYYY-MM-DD HH:mm:ss";
const DATE_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** dayjs objects, Date objects and `YYYY-MM-DD HH:mm:ss` strings are dates. */
export const isDateLike = (v: unknown): boolean =>
  dayjs.isDayjs(v) || (v instanceof Date && !Number.isNaN(v.getTime())) || (typeof v === "string" && DATE_TEXT.test(v));

export function formatValue(v: unknown): unknown {
  if (dayjs.isDayjs(v)) return v.format(DATE_FORMAT);
  if (v instanceof Date) return dayjs(v).format(DATE_FORMAT);
  if (Array.isArray(v)) return v.map(formatValue);
  return v;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

const plainSuffix: Partial<Record<LogicalFilter["operator"], string>> = {
  eq: "_equal",
  eqs: "_equal",
  ne: "_notequal",
  nes: "_notequal",
  contains: "",
  containss: "",
  ncontains: "_notlike",
  ncontainss: "_notlike",
  startswith: "_likeright",
  startswiths: "_likeright",
  endswith: "_likeleft",
  endswiths: "_likeleft",
  gte: "_ge",
  lte: "_le",
  gt: "_gt",
  lt: "_lt",
};

const dateSuffix: Partial<Record<LogicalFilter["operator"], string>> = {
  eq: "_dateequal",
  gte: "_datege",
  gt: "_dategt",
  lte: "_datele",
  lt: "_datelt",
};

function addLogical(out: Record<string, unknown>, f: LogicalFilter, raw: boolean, bare: ReadonlySet<string>) {
  const { field, operator, value } = f;
  if (operator === "null" || operator === "nnull") {
    out[`${field}${operator === "null" ? "_null" : "_notnull"}`] = 1;
    return;
  }
  if (isEmpty(value)) return;
  if (raw || (bare.has(field) && (operator === "eq" || operator === "eqs"))) {
    out[field] = formatValue(value);
    return;
  }
  if (operator === "between" && Array.isArray(value)) {
    const [from, to] = value as unknown[];
    const date = isDateLike(from) || isDateLike(to);
    if (!isEmpty(from)) out[`${field}${date ? "_datege" : "_ge"}`] = formatValue(from);
    if (!isEmpty(to)) out[`${field}${date ? "_datele" : "_le"}`] = formatValue(to);
    return;
  }
  const suffix = (isDateLike(value) && dateSuffix[operator]) || plainSuffix[operator];
  if (suffix === undefined) return; // in, nin, nbetween, … have no Blade form
  out[`${field}${suffix}`] = formatValue(value);
}

/**
 * Blade query parameters of refine filters. With `raw`, a filter's field is sent as the key as is
 * (the resource already wrote it in the Blade grammar, e.g. `createTime_dategt`). `or` groups have
 * no Blade form and are skipped; `and` groups are flattened.
 */
export function filtersToQuery(filters: CrudFilter[] | undefined, raw = false, bare: readonly string[] = []): Record<string, unknown> {
  const bareSet = new Set(bare);
  const out: Record<string, unknown> = {};
  const walk = (list: CrudFilter[]) => {
    for (const f of list) {
      if (f.operator === "and") walk(f.value as CrudFilter[]);
      else if (f.operator !== "or" && "field" in f) addLogical(out, f, raw, bareSet);
    }
  };
  walk(filters ?? []);
  return out;
}

/**
 * A real BladeX server puts ascs/descs into ORDER BY as they are, so they carry database column
 * names (`createTime` → `create_time`), never the camelCase field names filters use.
 */
export function sortersToQuery(sorters: CrudSort[] | undefined): { ascs?: string; descs?: string } {
  const pick = (order: "asc" | "desc") => (sorters ?? []).filter((s) => s.order === order).map((s) => toColumnName(s.field));
  const ascs = pick("asc");
  const descs = pick("desc");
  return { ...(ascs.length ? { ascs: ascs.join(",") } : {}), ...(descs.length ? { descs: descs.join(",") } : {}) };
}
