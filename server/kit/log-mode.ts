import type { Context } from "hono";
import { and, desc, getTableName, inArray, type SQL } from "drizzle-orm";
import { filterableFields, sortableFields, type ResourceSpec } from "../../domain/validation";
import { exportCode } from "../../domain/resources/logAudit/shared/fields";
import type { AppContext, AppEnv } from "../context";
import { parseQuery, toPage, type ParsedQuery } from "../db/query";
import { formatDateTime, trimDateTime } from "../db/time";
import { queryParam, readParams } from "../http/body";
import { badRequest, ok } from "../http/errors";
import { CSV_FILE, ID_SCHEMA, type RouteDoc } from "../http/route-doc";
import { recordOperation } from "../security/audit";
import { columnsOf, requireId } from "./crud";
import { can, type Access, type RouteSpec } from "../security/authorize";
import type { ScopedTable } from "../security/repository";
import type { TenantRepository, TenantTable } from "../security/tenant-repository";
import type { TenantScope } from "../security/tenant-scope";
import { csvResponse, type CsvColumn } from "./csv";

/** The filters of one read: the grammar's, and whether nothing can match (an account no user has). */
export interface LogQuery extends ParsedQuery {
  empty?: boolean;
}

/**
 * A read-only resource: rows the server writes (sign-ins, visits, the operation log, sessions) that
 * a page lists, pages, shows one by one and exports, and nobody edits.
 */
export interface LogMode<T extends TenantTable, VO extends object> {
  /** Its filters, title and codes; a list without a spec (sessions) gives `query`, `title` and `access`. */
  spec?: ResourceSpec;
  title?: string;
  table: T;
  /** The repository variant the rows are read through. Default: the log repository (`scope.log`). */
  source?: (scope: TenantScope) => TenantRepository<T>;
  /** The list's filters. Default: the spec's search fields over the Blade grammar, newest first. */
  query?: (scope: TenantScope, params: Record<string, string>) => Promise<LogQuery>;
  /** Rows as the API answers them. Default: the row, its time without fractions. */
  toVO?: (scope: TenantScope, rows: T["$inferSelect"][]) => Promise<VO[]>;
  /** Who reads and who exports. Default: the menu's code and its `_export` button. */
  access?: { view?: Access; export?: Access };
  /** The export: file names and columns (the platform administrator's also name the tenant). */
  file: { ascii: string; name: string; columns: CsvColumn<VO>[]; tenantColumn?: boolean };
  /** A log's own parameters in the grammar's terms (the operation log's createTimeStart/End), for every read. */
  translate?: (params: Record<string, string>) => Record<string, string>;
  /**
   * The list covers one tenant: the caller's, or the one the platform administrator names (its own
   * when it names none). Default: the administrator reads every tenant unless it names one.
   */
  oneTenant?: boolean;
  /** Paths under the module's base: `/loginLog` gives /loginLog/page, /list, /detail, /download. */
  base?: string;
}

const timeVO = <R extends object>(row: R) => ({ ...row, createTime: trimDateTime((row as { createTime: string }).createTime) });

/**
 * The reads of a log mode: a page (and `list`, the same page as BladeX's log lists answer), the
 * detail, and the export of every row the filters match, read by keyset on the id so a batch never
 * rereads or skips rows. The export itself goes into the operation log first.
 */
export function logReads<T extends TenantTable, VO extends object>(ctx: AppContext, mode: LogMode<T, VO>) {
  const { table } = mode;
  const source = mode.source ?? ((scope: TenantScope) => scope.log(table as never) as unknown as TenantRepository<T>);
  const toVO = mode.toVO ?? (async (_scope: TenantScope, rows: T["$inferSelect"][]) => rows.map((r) => timeVO(r as object)) as VO[]);
  const translate = mode.translate ?? ((params: Record<string, string>) => params);
  const defaultQuery = () => {
    if (!mode.spec) throw new Error(`${getTableName(table)}: a log mode without a spec names its query`);
    // Log tables have no is_deleted, but their filter columns are described like any resource's.
    const filters = columnsOf(table as unknown as ScopedTable, filterableFields(mode.spec!));
    const sortable = columnsOf(table as unknown as ScopedTable, sortableFields(mode.spec!));
    const t = table as unknown as ScopedTable & { createTime: never };
    const defaultOrder = [desc(t.createTime), desc(t.id)];
    return async (_scope: TenantScope, params: Record<string, string>): Promise<LogQuery> => parseQuery(params, filters, { sortable, defaultOrder, reserved: ["tenantId"] });
  };
  const query = mode.query ?? defaultQuery();
  const tenantOf = (scope: TenantScope, params: Record<string, string>) => {
    const named = params.tenantId?.trim() || undefined;
    return mode.oneTenant ? scope.readTenant(named) : named;
  };

  const page = async (scope: TenantScope, raw: Record<string, string>) => {
    const params = translate(raw);
    const q = await query(scope, params);
    if (q.empty) return toPage([], 0, q.current, q.size);
    // q.where holds the filters: the repository adds the tenant to them.
    const found = await source(scope).page({ ...q, where: undefined }, q.where, tenantOf(scope, params));
    return { ...found, records: await toVO(scope, found.records) };
  };

  const detail = async (scope: TenantScope, id: string, missing: string) => {
    const [row] = await source(scope).list(inArray((table as unknown as ScopedTable).id, [id]));
    if (!row) throw badRequest(missing);
    return (await toVO(scope, [row]))[0];
  };

  const download = async (scope: TenantScope, raw: Record<string, string>, extra?: SQL, what?: object) => {
    const params = translate(raw);
    const q = await query(scope, params);
    const { current: _c, size: _s, ...filter } = raw;
    await recordOperation(scope, { table: getTableName(table), action: "export", ids: [], summary: JSON.stringify({ filter, ...what }) });
    const tenantColumn = mode.file.tenantColumn ?? true;
    const columns = tenantColumn && scope.crossTenant ? [{ header: "租户ID", value: (r: VO) => (r as { tenantId?: string }).tenantId ?? "" }, ...mode.file.columns] : mode.file.columns;
    async function* batches() {
      if (q.empty) return;
      for await (const rows of source(scope).batches(and(q.where, extra), tenantOf(scope, params))) yield await toVO(scope, rows);
    }
    const stamp = formatDateTime(new Date(ctx.now())).replace(/\D/g, "");
    return csvResponse({ ascii: `${mode.file.ascii}-${stamp}.csv`, name: `${mode.file.name}${stamp}.csv` }, columns, batches, (error) =>
      ctx.logError(error, `export ${getTableName(table)}`),
    );
  };
  return { page, detail, download };
}

/**
 * GET <base>/page, /list, /detail and /download of a log mode: reads only, each with its code. The
 * detail answers another tenant's row like a missing one.
 */
export function logModule<T extends TenantTable, VO extends object>(ctx: AppContext, mode: LogMode<T, VO>): RouteSpec[] {
  const base = mode.base ?? "";
  const reads = logReads(ctx, mode);
  if (!mode.spec && !(mode.access?.view && mode.access.export)) throw new Error(`${getTableName(mode.table)}: a log mode without a spec names its access`);
  const menuCode = mode.spec?.menuCode ?? "";
  const view = mode.access?.view ?? can(menuCode);
  const exporting = mode.access?.export ?? can(exportCode(menuCode));
  const title = mode.title ?? mode.spec?.title.zh ?? "";
  const missing = `${title}记录不存在`;
  const pageDoc: RouteDoc = { summary: `${title}分页（含时间范围筛选）` };
  const pageOf = async (c: Context<AppEnv>) => ok(c, await reads.page(c.var.scope, await readParams(c)));
  return [
    { method: "GET", path: `${base}/page`, access: view, doc: pageDoc, handler: pageOf },
    { method: "GET", path: `${base}/list`, access: view, doc: pageDoc, handler: pageOf },
    {
      method: "GET",
      path: `${base}/detail`,
      access: view,
      doc: { summary: `${title}详情`, query: [{ name: "id", in: "query", required: true, schema: ID_SCHEMA }] },
      handler: async (c) => ok(c, await reads.detail(c.var.scope, requireId(queryParam(c, "id")), missing)),
    },
    {
      method: ["GET", "POST"],
      path: `${base}/download`,
      access: exporting,
      doc: CSV_FILE,
      handler: async (c) => reads.download(c.var.scope, await readParams(c)),
    },
  ];
}
