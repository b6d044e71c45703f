import type { Context } from "hono";
import { and, count, desc, eq, getTableName, lt, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { filterableFields, sortableFields, type ResourceSpec } from "../../../domain/validation";
import { exportCode } from "../../../domain/resources/logAudit/shared/fields";
import type { AppContext, AppEnv } from "../../context";
import { parseQuery, toPage, type ParsedQuery } from "../../db/query";
import { formatDateTime, trimDateTime } from "../../db/time";
import { readParams } from "../../http/body";
import { ok } from "../../http/errors";
import { CSV_FILE } from "../../http/route-doc";
import { recordOperation } from "../../kit/audit";
import { columnsOf } from "../../kit/crud";
import { can, type RouteSpec } from "../../security/authorize";
import type { ScopedTable } from "../../security/repository";
import { scopeFor, type TenantScope } from "../../security/tenant-scope";
import { csvResponse, type CsvColumn } from "../../kit/csv";

/** A log table: server-written rows, no logical delete, always a tenant and a time. */
export type LogTable = PgTable & { id: AnyPgColumn; tenantId: AnyPgColumn; createTime: AnyPgColumn };
export type LogRow = Record<string, unknown> & { id: string; tenantId: string; createTime: string };

export interface LogDefinition {
  spec: ResourceSpec;
  table: LogTable;
  /** The file's columns; the platform administrator's also name the tenant. */
  columns: CsvColumn<LogRow>[];
  /** `sort` of the file name: login-log-20240102030405.csv. */
  file: { ascii: string; name: string };
}

/** Rows read per statement of an export. */
export const EXPORT_BATCH = 1000;

const vo = (row: LogRow) => ({ ...row, createTime: trimDateTime(row.createTime) });

/**
 * The list and the export of one log, over the same filters (the spec's search fields, the Blade
 * grammar, createTime_dategt/_datelt) and always within the caller's tenant; the platform
 * administrator reads every tenant, or the one it names with `tenantId`.
 */
export function logQueries(def: LogDefinition) {
  // Log tables have no is_deleted, but their filter columns are described like any resource's.
  const filters = columnsOf(def.table as unknown as ScopedTable, filterableFields(def.spec));
  const sortable = columnsOf(def.table as unknown as ScopedTable, sortableFields(def.spec));
  const defaultOrder = [desc(def.table.createTime), desc(def.table.id)];

  const query = (scope: TenantScope, params: Record<string, string>, extra?: SQL): { q: ParsedQuery; where: SQL | undefined } => {
    const q = parseQuery(params, filters, { sortable, defaultOrder, reserved: ["tenantId"] });
    const tenantId = scope.readTenant(params.tenantId || undefined, true);
    return { q, where: and(q.where, extra, tenantId === undefined ? undefined : eq(def.table.tenantId, tenantId)) };
  };

  const page = async (scope: TenantScope, params: Record<string, string>, extra?: SQL) => {
    const { q, where } = query(scope, params, extra);
    const rows = (await scope.db
      .select()
      .from(def.table)
      .where(where)
      .orderBy(...q.orderBy)
      .limit(q.size)
      .offset((q.current - 1) * q.size)) as LogRow[];
    const [{ total }] = await scope.db.select({ total: count() }).from(def.table).where(where);
    return toPage(rows.map(vo), Number(total), q.current, q.size);
  };

  /**
   * Every row the filter matches (paging ignored), newest first, read by keyset on the id so a
   * batch never rereads or skips rows. The export itself goes into the operation log first.
   */
  const download = async (ctx: AppContext, scope: TenantScope, params: Record<string, string>, extra?: SQL, what?: object) => {
    const { where } = query(scope, params, extra);
    const { current: _c, size: _s, ...filter } = params;
    await recordOperation(scope, { table: getTableName(def.table), action: "export", ids: [], summary: JSON.stringify({ filter, ...what }) });
    const columns = scope.crossTenant ? [{ header: "租户ID", value: (r: LogRow) => r.tenantId }, ...def.columns] : def.columns;
    async function* batches() {
      let after: string | undefined;
      for (;;) {
        const rows = (await scope.db
          .select()
          .from(def.table)
          .where(and(where, after === undefined ? undefined : lt(def.table.id, after)))
          .orderBy(desc(def.table.id))
          .limit(EXPORT_BATCH)) as LogRow[];
        if (rows.length) yield rows.map(vo);
        if (rows.length < EXPORT_BATCH) return;
        after = rows[rows.length - 1].id;
      }
    }
    const stamp = formatDateTime(new Date(ctx.now())).replace(/\D/g, "");
    return csvResponse(
      { ascii: `${def.file.ascii}-${stamp}.csv`, name: `${def.file.name}${stamp}.csv` },
      columns,
      batches,
      (error) => ctx.logError(error, `export ${getTableName(def.table)}`),
    );
  };

  return { query, page, download };
}

/**
 * GET <base>/page and GET <base>/download of one log. `translate` turns a log's own parameters
 * into the grammar's (the operation log's createTimeStart/createTimeEnd), for both alike.
 */
export function logRoutes(
  ctx: AppContext,
  base: string,
  def: LogDefinition,
  translate: (params: Record<string, string>) => Record<string, string> = (params) => params,
): RouteSpec[] {
  const log = logQueries(def);
  const scopeOf = (c: Context<AppEnv>) => scopeFor(ctx, c);
  const params = async (c: Context<AppEnv>) => translate(await readParams(c));
  return [
    { method: "GET", path: `${base}/page`, access: can(def.spec.menuCode), handler: async (c) => ok(c, await log.page(scopeOf(c), await params(c))) },
    {
      method: "GET",
      path: `${base}/download`,
      access: can(exportCode(def.spec.menuCode)),
      doc: CSV_FILE,
      handler: async (c) => log.download(ctx, scopeOf(c), await params(c)),
    },
  ];
}
