import { and, count, desc, getTableColumns, lt, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { Page } from "../../domain/contract";
import type { Db } from "../db/connection";
import { dataVersionOf, readRows, readThrough } from "../db/data-version";
import { reverseOrder, toPage, type ParsedQuery } from "../db/query";
import type { TenantScope } from "./tenant-scope";

/** A table with an id; tenant-owned when it has a tenant_id column (platform-wide otherwise). */
export type TenantTable = PgTable & { id: AnyPgColumn; tenantId?: AnyPgColumn };

type Row<T extends TenantTable> = T["$inferSelect"];

/** Rows read per statement of an export. */
export const EXPORT_BATCH = 1000;

/**
 * The reads every repository shares, each carrying the caller's tenant in its own WHERE (none for
 * the platform administrator, who crosses tenants unless it names one): a page with its total,
 * a list, a count, an aggregate and a keyset export. Used as it is for the tables whose rows are
 * never deleted logically (logs: log-repository.ts); `Repository` adds logical delete, the data
 * scope and the writes. What a read adds to the tenant comes from the spec's allow-lists
 * (parseQuery) or from server code, never a request's column names.
 */
export class TenantRepository<T extends TenantTable> {
  constructor(
    protected readonly scope: TenantScope,
    protected readonly db: Db,
    readonly table: T,
  ) {}

  protected get tenantColumn(): AnyPgColumn | undefined {
    return (this.table as { tenantId?: AnyPgColumn }).tenantId;
  }

  /** The conditions of `visible`, in order; a subclass adds its own around them. */
  protected conditions(extra: SQL | undefined, tenantId: string | undefined): (SQL | undefined)[] {
    const col = this.tenantColumn;
    if (!col) return [extra];
    return [extra, this.scope.tenantCondition(col, tenantId)];
  }

  /** Rows this caller may see, narrowed by `extra`. `tenantId` narrows the administrator's view. */
  visible(extra?: SQL, tenantId?: string): SQL | undefined {
    return and(...this.conditions(extra, tenantId));
  }

  /**
   * One statement: the page's rows with the total beside them (an uncorrelated subquery, counted
   * once). An embedded database remembers pages and totals until its next write: another page of
   * the same list then skips the count.
   */
  async page(q: ParsedQuery, extra?: SQL, tenantId?: string): Promise<Page<Row<T>>> {
    const table = this.table as PgTable;
    const where = this.visible(and(q.where, extra), tenantId);
    const counting = this.db.select({ total: count() }).from(table).where(where);
    const rowsOf = (selection: SelectedFields) =>
      this.db
        .select(selection)
        .from(table)
        .where(where)
        .orderBy(...q.orderBy)
        .limit(q.size)
        .offset((q.current - 1) * q.size);
    const withTotal = rowsOf({ ...getTableColumns(table), __total: sql<string>`(${counting})`.as("__total") });
    const version = dataVersionOf(this.db);
    const countKey = version && `count ${JSON.stringify(counting.toSQL())}`;
    // A page in the far half, with the total known, is read from the other end: the last page of
    // 100,000 rows then skips as few rows as the first.
    const reversed = reverseOrder(q.orderBy, this.table.id);
    const rowsKnowing = async (total: number): Promise<Row<T>[]> => {
      const offset = (q.current - 1) * q.size;
      if (!reversed || offset <= total / 2) return (await rowsOf(getTableColumns(table))) as Row<T>[];
      const limit = Math.min(q.size, total - offset);
      if (limit <= 0) return [];
      const rows = await this.db.select().from(table).where(where).orderBy(...reversed).limit(limit).offset(total - offset - limit);
      return (rows as Row<T>[]).reverse();
    };
    const read = async (): Promise<{ rows: Row<T>[]; total?: number }> => {
      const at = version?.current ?? 0;
      const known = countKey ? version.known<number>(countKey) : undefined;
      if (known !== undefined) return { rows: await rowsKnowing(known), total: known };
      const found = (await withTotal) as (Row<T> & { __total: string })[];
      const total = found.length ? Number(found[0].__total) : undefined;
      if (countKey && total !== undefined) version.remember(countKey, at, total);
      return { rows: found.map(({ __total: _, ...row }) => row as Row<T>), total };
    };
    const { rows, total } = await readThrough(this.db, () => `page ${JSON.stringify(withTotal.toSQL())}`, read);
    // Past the last page there is no row to carry the total.
    const counted = total ?? (q.current === 1 ? 0 : await this.count(extra === undefined ? q.where : and(q.where, extra), tenantId));
    return toPage(rows, counted, q.current, q.size);
  }

  /**
   * The visible rows matching `extra`. `rememberUpTo` lets a larger answer than the usual few
   * rows be kept in memory (data-version.ts readRows): a read as hot as the whole menu table.
   */
  async list(extra?: SQL, options: { orderBy?: SQL[]; limit?: number; tenantId?: string; rememberUpTo?: number } = {}): Promise<Row<T>[]> {
    const query = this.db
      .select()
      .from(this.table as PgTable)
      .where(this.visible(extra, options.tenantId))
      .orderBy(...(options.orderBy ?? []));
    return (await readRows(this.db, options.limit === undefined ? query : query.limit(options.limit), options.rememberUpTo)) as Row<T>[];
  }

  async count(extra?: SQL, tenantId?: string): Promise<number> {
    const [{ total }] = await this.db.select({ total: count() }).from(this.table as PgTable).where(this.visible(extra, tenantId));
    return Number(total);
  }

  /**
   * `fields` (columns, counts, groups) of the visible rows, read straight from the database (never
   * from remembered answers): the WHERE is set here, so the caller can only go on with groupBy,
   * orderBy and limit — never widen it.
   */
  select<S extends SelectedFields>(fields: S, extra?: SQL, tenantId?: string) {
    return this.db.select(fields).from(this.table as PgTable).where(this.visible(extra, tenantId));
  }

  /** The distinct values of `fields` among the visible rows (which tenants have rows). */
  distinct<S extends SelectedFields>(fields: S, extra?: SQL, tenantId?: string) {
    return this.db.selectDistinct(fields).from(this.table as PgTable).where(this.visible(extra, tenantId));
  }

  /**
   * Every visible row matching `extra`, newest id first, `size` rows per statement: read by keyset
   * on the id, so a batch never rereads or skips a row however the table grows meanwhile.
   */
  async *batches(extra?: SQL, tenantId?: string, size = EXPORT_BATCH): AsyncGenerator<Row<T>[]> {
    let after: string | undefined;
    for (;;) {
      const rows = (await this.db
        .select()
        .from(this.table as PgTable)
        .where(this.visible(and(extra, after === undefined ? undefined : lt(this.table.id, after)), tenantId))
        .orderBy(desc(this.table.id))
        .limit(size)) as Row<T>[];
      if (rows.length) yield rows;
      if (rows.length < size) return;
      after = String((rows[rows.length - 1] as { id: unknown }).id);
    }
  }
}
