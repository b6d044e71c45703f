import type { Page } from "../../../contract";
import { SAMPLE_APPROVALS, SAMPLE_CATALOG, SAMPLE_MENUS, SAMPLE_PROJECTS, SAMPLE_VIEW_RECORDS, type SampleMenu } from "./data";

/*
 * How the sample endpoints answer — paging, search, the lazy menu list — written once and used by
 * the reference server's sample module and by the browser's MSW handlers alike.
 */

/** §9 mock table: page size 10. */
export const SAMPLE_PAGE_SIZE = 10;
export const SAMPLE_MAX_SIZE = 200;

export type Query = Record<string, string | undefined>;

const positive = (v: string | undefined, fallback: number, max: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

export function pageOf<T>(rows: T[], q: Query): Page<T> {
  const size = positive(q.size, SAMPLE_PAGE_SIZE, SAMPLE_MAX_SIZE);
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = positive(q.current, 1, 1_000_000);
  return { records: rows.slice((current - 1) * size, current * size), total: rows.length, size, current, pages };
}

/** A filter's value under its bare key or the Blade grammar's `_like` / `_equal` forms. */
const valueOf = (q: Query, k: string) => q[k] ?? q[`${k}_like`] ?? q[`${k}_equal`];

/** Case-insensitive substring match of each named filter present in the query. */
function matches<T extends object>(row: T, q: Query, likes: (keyof T & string)[], equals: (keyof T & string)[] = []): boolean {
  return (
    likes.every((k) => !valueOf(q, k) || String(row[k]).toLowerCase().includes(valueOf(q, k)!.toLowerCase())) &&
    equals.every((k) => !valueOf(q, k) || String(row[k]) === valueOf(q, k))
  );
}

export const projectPage = (q: Query) =>
  pageOf(
    SAMPLE_PROJECTS.filter((p) => matches(p, q, ["projectName", "description"], ["dbType", "status", "isCollect", "classifyType"])),
    q,
  );

export const approvalPage = (q: Query) => pageOf(SAMPLE_APPROVALS.filter((a) => matches(a, q, ["projectName", "createUser"])), q);

export const viewRecordPage = (q: Query) => pageOf(SAMPLE_VIEW_RECORDS.filter((r) => matches(r, q, ["tableName", "viewer"])), q);

/** getTable: the mock table of §9 (the project rows, total 11, page size 10). */
export const tablePage = (q: Query) => pageOf(SAMPLE_PROJECTS, q);

/** The sample menu forest (§9: answered with code 200, message 操作成功 by both servers). */
export function menuForest(): (SampleMenu & { children: SampleMenu[] })[] {
  return SAMPLE_MENUS.filter((m) => m.parentId === "0").map((m) => ({ ...m, children: SAMPLE_MENUS.filter((c) => c.parentId === m.id) }));
}

export const lazyMenuList = (parentId: string | undefined) => SAMPLE_MENUS.filter((m) => m.parentId === (parentId || "0"));

/** The catalogue as the IDE's suggestions need it: table names with their columns. */
export const catalogColumns = () =>
  SAMPLE_CATALOG.map((t) => ({ name: t.name, kind: t.kind, comment: t.comment, columns: t.columns.map((c) => ({ name: c.name, type: c.type, comment: c.comment })) }));

/** simple-rest's dialect (`_start`, `_end`, `<field>_like`, `<field>`) → the Blade one above. */
export function fromSimpleRest(q: Query): Query {
  const start = Number(q._start ?? 0);
  const end = Number(q._end ?? SAMPLE_PAGE_SIZE);
  const size = Number.isInteger(end - start) && end > start ? end - start : SAMPLE_PAGE_SIZE;
  const out: Query = { size: String(size), current: String(Math.floor(Math.max(0, start) / size) + 1) };
  for (const [k, v] of Object.entries(q)) {
    if (k.startsWith("_")) continue;
    out[k.replace(/_like$/, "")] = v;
  }
  return out;
}
