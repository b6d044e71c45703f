import type { Context } from "hono";
import { and, desc, getTableName, type SQL } from "drizzle-orm";
import { filterableFields, sortableFields, type ResourceSpec } from "../../../domain/validation";
import { exportCode } from "../../../domain/resources/logAudit/shared/fields";
import type { AppContext, AppEnv } from "../../context";
import { parseQuery, type ParsedQuery } from "../../db/query";
import { formatDateTime, trimDateTime } from "../../db/time";
import { readParams } from "../../http/body";
import { ok } from "../../http/errors";
import { CSV_FILE } from "../../http/route-doc";
import { recordOperation } from "../../security/audit";
import { columnsOf } from "../../kit/crud";
import { can, type RouteSpec } from "../../security/authorize";
import type { LogTable } from "../../security/log-repository";
import type { ScopedTable } from "../../security/repository";
import { type TenantScope } from "../../security/tenant-scope";
import { csvResponse, type CsvColumn } from "../../kit/csv";

export type LogRow = Record<string, unknown> & { id: string; tenantId: string; createTime: string };

export interface LogDefinition {
  spec: ResourceSpec;
  table: LogTable;
  /** The file's columns; the platform administrator's also name the tenant. */
  columns: CsvColumn<LogRow>[];
  /** `sort` of the file name: login-log-20240102030405.csv. */
  file: { ascii: string; name: string };
}

const vo = (row: LogRow) => ({ ...row, createTime: trimDateTime(row.createTime) });

/**
 * The list and the export of one log, over the same filters (the spec's search fields, the Blade
 * grammar, createTime_dategt/_datelt), read through the log repository and so always within the
 * caller's tenant; the platform administrator reads every tenant, or the one it names with `tenantId`.
 */
export function logQueries(def: LogDefinition) {
  // Log tables have no is_deleted, but their filter columns are described like any resource's.
  const filters = columnsOf(def.table as unknown as ScopedTable, filterableFields(def.spec));
  const sortable = columnsOf(def.table as unknown as ScopedTable, sortableFields(def.spec));
  const defaultOrder = [desc(def.table.createTime), desc(def.table.id)];

  const query = (params: Record<string, string>): ParsedQuery =>
    parseQuery(params, filters, { sortable, defaultOrder, reserved: ["tenantId"] });

  const page = async (scope: TenantScope, params: Record<string, string>, extra?: SQL) => {
    const found = await scope.log(def.table).page(query(params), extra, params.tenantId || undefined);
    return { ...found, records: (found.records as LogRow[]).map(vo) };
  };

  /**
   * Every row the filter matches (paging ignored), newest first, read by keyset on the id so a
   * batch never rereads or skips rows. The export itself goes into the operation log first.
   */
  const download = async (ctx: AppContext, scope: TenantScope, params: Record<string, string>, extra?: SQL, what?: object) => {
    const q = query(params);
    const { current: _c, size: _s, ...filter } = params;
    await recordOperation(scope, { table: getTableName(def.table), action: "export", ids: [], summary: JSON.stringify({ filter, ...what }) });
    const columns = scope.crossTenant ? [{ header: "租户ID", value: (r: LogRow) => r.tenantId }, ...def.columns] : def.columns;
    async function* batches() {
      for await (const rows of scope.log(def.table).batches(and(q.where, extra), params.tenantId || undefined)) yield (rows as LogRow[]).map(vo);
    }
    const stamp = formatDateTime(new Date(ctx.now())).replace(/\D/g, "");
    return csvResponse(
      { ascii: `${def.file.ascii}-${stamp}.csv`, name: `${def.file.name}${stamp}.csv` },
      columns,
      batches,
      (error) => ctx.logError(error, `export ${getTableName(def.table)}`),
    );
  };

  return { page, download };
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
  const scopeOf = (c: Context<AppEnv>) => c.var.scope;
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
