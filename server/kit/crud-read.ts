import type { Context } from "hono";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { AppEnv } from "../context";
import { parseQuery, toPage, type FilterFields, type ParsedQuery } from "../db/query";
import { buildForest, markHasChildren } from "../db/tree";
import { readParams } from "../http/body";
import { badRequest } from "../http/errors";
import type { ScopedTable } from "../security/repository";
import type { TenantScope } from "../security/tenant-scope";
import { isIdOrRoot } from "../db/ids";

type Row<T extends ScopedTable> = T["$inferSelect"];

/**
 * What `/list` answers: a page (BladeX's param, post …), a plain array (a tree's flat rows), the
 * whole filtered forest (dept, menu, role, dict: a match whose parent did not match is a root), or
 * that forest plus `/lazy-list?parentId=`, one level at a time with `hasChildren` for the expander.
 */
export type ListShape = "page" | "array" | "forest" | "lazy";

export interface TreeOptions {
  /** The parent column's field (default parentId): read apart from the filters, as an equality. */
  parent?: string;
  /** The level `/lazy-list` shows with neither parentId nor a filter (dept: "0"). Absent: every level. */
  top?: string;
  /** Mark `hasChildren` on every node of the forest (BladeX's role list does; dept, menu, dict do not). */
  hasChildren?: boolean;
  /** The most rows one read answers: a safety valve, far above any real fan-out. */
  limit?: number;
  /** The most rows a search across every level answers (a keyword like 部 matches thousands). */
  searchLimit?: number;
}

/** One list request as read: the filters, the extra conditions (`false`: nothing can match), the tenant. */
export interface Query {
  q: ParsedQuery;
  params: Record<string, string>;
  extra: SQL | undefined | false;
  tenantId?: string;
}

/** What the reads of a crud definition need (crud.ts builds it from the definition). */
export interface ReadPlan<T extends ScopedTable> {
  table: T;
  missing: string;
  filters: FilterFields;
  /** The filters of the platform administrator, when it may filter by more (users: their tenant). */
  adminFilters?: FilterFields;
  sorts: FilterFields;
  defaultOrder: SQL[];
  reserved: string[];
  tree: TreeOptions;
  oneTenant?: "lists" | "trees";
  visible?: (scope: TenantScope) => SQL | undefined | Promise<SQL | undefined>;
  narrow?: (scope: TenantScope, params: Record<string, string>) => Promise<SQL | undefined | false>;
  toVO: (rows: Row<T>[], scope: TenantScope) => Promise<object[]>;
}

/** The rows of these ids the caller may see (tenant, data scope and the definition's `visible`), or 400 `missing`. */
export async function findVisible<T extends ScopedTable>(plan: ReadPlan<T>, scope: TenantScope, ids: string[]): Promise<Row<T>[]> {
  const extra = await plan.visible?.(scope);
  if (!extra) return scope.repo(plan.table).find(ids, plan.missing);
  const unique = [...new Set(ids)];
  const rows = await scope.repo(plan.table).list(and(inArray(plan.table.id, unique), extra));
  if (rows.length !== unique.length) throw badRequest(plan.missing);
  return rows;
}

/** The reads of a definition over one request: its query, the conditions it adds, the tenant it covers. */
export function readers<T extends ScopedTable>(plan: ReadPlan<T>) {
  const { table } = plan;
  const parentKey = plan.tree.parent ?? "parentId";
  const parentColumn = (table as unknown as Record<string, AnyPgColumn>)[parentKey];

  /** The parsed filters, the extra conditions (`false`: nothing can match) and the tenant of one list. */
  const parse = async (scope: TenantScope, params: Record<string, string>, tree: boolean): Promise<Query> => {
    const filters = scope.crossTenant && plan.adminFilters ? plan.adminFilters : plan.filters;
    const q = parseQuery(params, filters, { sortable: plan.sorts, defaultOrder: plan.defaultOrder, reserved: plan.reserved });
    const narrowed = plan.narrow ? await plan.narrow(scope, params) : undefined;
    const extra = narrowed === false ? false : and(narrowed, await plan.visible?.(scope));
    const oneTenant = plan.oneTenant === "lists" || (plan.oneTenant === "trees" && tree);
    return { q, params, extra, tenantId: oneTenant ? scope.readTenant(params.tenantId?.trim() || undefined) : undefined };
  };
  const query = async (c: Context<AppEnv>, tree: boolean): Promise<Query> => parse(c.var.scope, await readParams(c), tree);

  /** A page of VOs for these parameters (a route's own request, or one a special route builds). */
  const pageOf = async (scope: TenantScope, params: Record<string, string>) => {
    const { q, extra, tenantId } = await parse(scope, params, false);
    if (extra === false) return toPage([], 0, q.current, q.size);
    const result = await scope.repo(table).page(q, extra, tenantId);
    return { ...result, records: await plan.toVO(result.records, scope) };
  };

  /** VOs with `hasChildren`, computed from the visible children when the VO does not say. */
  const withChildren = async (scope: TenantScope, rows: Row<T>[]): Promise<object[]> => {
    const vos = (await plan.toVO(rows, scope)) as Record<string, unknown>[];
    if (vos.length === 0 || "hasChildren" in vos[0]) return vos;
    const ids = rows.map((r) => (r as { id: string }).id);
    const found = await scope.lookup([{ name: "child", table, key: parentColumn, label: parentColumn, where: inArray(parentColumn, ids), distinct: true }]);
    const parents = found.get("child")!;
    return vos.map((vo) => ({ ...vo, hasChildren: parents.has(String(vo.id)) }));
  };

  return {
    /** A list's reading of parameters, for special routes that read the list's rows their own way (exports). */
    parse,
    pageOf,
    async page(c: Context<AppEnv>) {
      return pageOf(c.var.scope, await readParams(c));
    },

    /** The matching rows as a forest, in the list's order. */
    async forest(c: Context<AppEnv>) {
      const { q, extra, tenantId } = await query(c, true);
      if (extra === false) return [];
      const scope = c.var.scope;
      const rows = await scope.repo(table).list(and(q.where, extra), { orderBy: q.orderBy, limit: plan.tree.limit, tenantId });
      type Node = { id: string; parentId: string; children?: Node[]; hasChildren?: boolean };
      const forest = buildForest((await plan.toVO(rows, scope)) as Node[]);
      return plan.tree.hasChildren ? markHasChildren(forest) : forest;
    },

    /**
     * One level below `parentId`; without it, a search (a filter given) matches on every level and
     * otherwise the top level shows (`tree.top`; every level when the tree names none).
     */
    async lazy(c: Context<AppEnv>) {
      const { q, params, extra, tenantId } = await query(c, true);
      if (extra === false) return [];
      const raw = params[parentKey]?.trim();
      if (raw && !isIdOrRoot(raw)) throw badRequest(`请求参数格式错误: ${parentKey}`);
      const parentId = raw || (q.where ? undefined : plan.tree.top);
      const level = parentId === undefined ? undefined : eq(parentColumn, parentId);
      const limit = level ? plan.tree.limit : (plan.tree.searchLimit ?? plan.tree.limit);
      const scope = c.var.scope;
      const rows = await scope.repo(table).list(and(level, q.where, extra), { orderBy: q.orderBy, limit, tenantId });
      return withChildren(scope, rows);
    },
  };
}
