import { and, count, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { Page } from "../../domain/contract";
import type { Db } from "../db/connection";
import { dataVersionOf, readRows, readThrough } from "../db/data-version";
import { nextId } from "../db/ids";
import { reverseOrder, toPage, type ParsedQuery } from "../db/query";
import { MAX_IDS } from "../http/body";
import { badRequest, forbidden } from "../http/errors";
import { recordWrite, summarize, writeContext, type WriteAction } from "../kit/audit";
import type { TenantScope } from "./tenant-scope";

/** A table whose rows are deleted logically; tenant-owned when it has a tenant_id column. */
export type ScopedTable = PgTable & { id: AnyPgColumn; isDeleted: AnyPgColumn; tenantId?: AnyPgColumn };

export const MSG_PLATFORM_DATA = "平台数据仅平台管理员可修改";

type Row<T extends ScopedTable> = T["$inferSelect"];

/**
 * The only way module code reads and writes a tenant-owned (or platform-wide) table. Every
 * select, update and delete it issues carries, in its own WHERE, `is_deleted = 0`, the caller's
 * tenant (none for the platform administrator, who crosses tenants) and the caller's data scope
 * (§6). An id of another tenant is answered exactly like a missing one, so ids cannot be probed.
 * Platform-wide tables (no tenant_id: dictionaries, parameters) are written only by the platform
 * administrator.
 */
export class Repository<T extends ScopedTable> {
  constructor(
    private readonly scope: TenantScope,
    private readonly db: Db,
    readonly table: T,
  ) {}

  private get tenantColumn(): AnyPgColumn | undefined {
    return (this.table as { tenantId?: AnyPgColumn }).tenantId;
  }

  /** Live rows this caller may see, narrowed by `extra`. `tenantId` narrows the administrator's view. */
  visible(extra?: SQL, tenantId?: string): SQL {
    const conditions: (SQL | undefined)[] = [eq(this.table.isDeleted, 0), extra];
    const col = this.tenantColumn;
    if (col) {
      const t = this.scope.readTenant(tenantId, true);
      if (t !== undefined) conditions.push(eq(col, t));
      conditions.push(this.scope.dataScope(this.table));
    }
    return and(...conditions)!;
  }

  /**
   * One statement: the page's rows with the total beside them (an uncorrelated subquery, counted
   * once). An embedded database remembers pages and totals until its next write: another page of
   * the same list then skips the count.
   */
  async page(q: ParsedQuery, extra?: SQL): Promise<Page<Row<T>>> {
    const table = this.table as PgTable;
    const where = this.visible(and(q.where, extra));
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
    const idColumn = (getTableColumns(table) as Record<string, AnyPgColumn>).id;
    const reversed = idColumn ? reverseOrder(q.orderBy, idColumn) : null;
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
    const counted = total ?? (q.current === 1 ? 0 : await this.count(extra === undefined ? q.where : and(q.where, extra)));
    return toPage(rows, counted, q.current, q.size);
  }

  async list(extra?: SQL, options: { orderBy?: SQL[]; limit?: number; tenantId?: string } = {}): Promise<Row<T>[]> {
    const query = this.db
      .select()
      .from(this.table as PgTable)
      .where(this.visible(extra, options.tenantId))
      .orderBy(...(options.orderBy ?? []));
    return (await readRows(this.db, options.limit === undefined ? query : query.limit(options.limit))) as Row<T>[];
  }

  async count(extra?: SQL): Promise<number> {
    const [{ total }] = await this.db.select({ total: count() }).from(this.table as PgTable).where(this.visible(extra));
    return Number(total);
  }

  /** Every id as a visible row, or 400 `missing` (for a missing id and another tenant's alike). */
  async find(ids: string[], missing: string): Promise<Row<T>[]> {
    if (ids.length === 0) return [];
    if (ids.length > MAX_IDS) throw badRequest(`一次最多操作${MAX_IDS}条数据`);
    const rows = await this.list(inArray(this.table.id, ids));
    if (rows.length !== new Set(ids).size) throw badRequest(missing);
    return rows;
  }

  async get(id: string, missing: string): Promise<Row<T>> {
    return (await this.find([id], missing))[0];
  }

  private assertWritable(): void {
    if (!this.tenantColumn && !this.scope.crossTenant) throw forbidden(MSG_PLATFORM_DATA);
  }

  /**
   * Inserts with id, tenant and audit columns set by the server; answers the new id. `id` is for
   * a row whose other values must name it (a stored file's object name); never a request's value.
   */
  async insert(values: Record<string, unknown>, tenantId?: string, id: string = nextId()): Promise<string> {
    await this.insertRows([{ ...values, id }], tenantId);
    return id;
  }

  /** Several rows in one statement (a batch of error logs), stamped like `insert`. */
  async insertMany(rows: Record<string, unknown>[], tenantId?: string): Promise<string[]> {
    const withIds = rows.map((values) => ({ ...values, id: nextId() }));
    await this.insertRows(withIds, tenantId);
    return withIds.map((r) => r.id);
  }

  private async insertRows(rows: (Record<string, unknown> & { id: string })[], tenantId?: string): Promise<void> {
    this.assertWritable();
    if (rows.length === 0) return;
    const stamped = rows.map((values) => {
      const row = this.scope.stamp(values, tenantId ?? this.scope.tenantId) as Record<string, unknown>;
      if (!this.tenantColumn) delete row.tenantId;
      return row as T["$inferInsert"];
    });
    const audit = this.scope.request && (await writeContext(this.scope, this.scope.request, "insert"));
    if (!audit) {
      await this.db.insert(this.table).values(stamped);
      return;
    }
    // An administrative write and its operation-log row commit together or not at all.
    await this.db.transaction(async (tx) => {
      await tx.insert(this.table).values(stamped);
      const summary = summarize([], stamped as Record<string, unknown>[], "insert");
      await recordWrite(tx as unknown as Db, audit, { table: this.table, action: "insert", ids: rows.map((r) => r.id), summary }, this.scope.clock());
    });
  }

  /**
   * Updates exactly these ids or none: the tenant and scope condition is part of the UPDATE itself.
   * `changes` adds to the operation log's before/after what the columns do not show, per id.
   */
  async update(ids: string[], values: Record<string, unknown>, missing = "数据不存在", changes?: Record<string, Record<string, [unknown, unknown]>>): Promise<void> {
    await this.write(ids, values, missing, "update", changes);
  }

  /** Logical delete of exactly these ids or none. */
  async remove(ids: string[], missing = "数据不存在"): Promise<void> {
    await this.write(ids, { isDeleted: 1 }, missing, "remove");
  }

  private async write(
    ids: string[],
    values: Record<string, unknown>,
    missing: string,
    action: WriteAction,
    changes?: Record<string, Record<string, [unknown, unknown]>>,
  ): Promise<void> {
    this.assertWritable();
    if (ids.length === 0) return;
    const audit = this.scope.request && (await writeContext(this.scope, this.scope.request, action));
    const where = this.visible(inArray(this.table.id, ids));
    // A savepoint, so that a partial match changes nothing even inside the caller's transaction.
    await this.db.transaction(async (tx) => {
      // Read in the same transaction: the summary's "before" is what the update replaced.
      const before = audit ? ((await tx.select().from(this.table as PgTable).where(where)) as Record<string, unknown>[]) : [];
      const update = tx
        .update(this.table)
        .set({ ...values, ...this.scope.touch() } as never)
        .where(where);
      const done = (await (audit ? update.returning() : update.returning({ id: this.table.id }))) as Record<string, unknown>[];
      if (done.length !== new Set(ids).size) throw badRequest(missing);
      if (!audit) return;
      const summary = summarize(before, done, action, changes);
      await recordWrite(tx as unknown as Db, audit, { table: this.table, action, ids: done.map((r) => String(r.id)), summary }, this.scope.clock());
    });
  }
}
