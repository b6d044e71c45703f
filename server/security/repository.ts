import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/connection";
import { onlyRows } from "../db/data-version";
import { nextId } from "../db/ids";
import { MAX_IDS } from "../http/body";
import { badRequest, forbidden } from "../http/errors";
import { recordWrite, summarize, writeContext, type WriteAction } from "./audit";
import { TenantRepository } from "./tenant-repository";

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
export class Repository<T extends ScopedTable> extends TenantRepository<T> {
  /** Live rows this caller may see, narrowed by `extra`. `tenantId` narrows the administrator's view. */
  override visible(extra?: SQL, tenantId?: string): SQL {
    return super.visible(extra, tenantId)!;
  }

  /** Not deleted, then the tenant (tenant-repository.ts), then the caller's data scope (§6). */
  protected override conditions(extra: SQL | undefined, tenantId: string | undefined): (SQL | undefined)[] {
    const conditions = [eq(this.table.isDeleted, 0), ...super.conditions(extra, tenantId)];
    if (this.tenantColumn) conditions.push(this.scope.dataScope(this.table));
    return conditions;
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

  /**
   * Holds the visible rows of `ids` until the transaction ends (SELECT … FOR NO KEY UPDATE): a
   * second transaction locking one of them waits, so two changes of one row never interleave.
   */
  async lockRows(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.select({ id: this.table.id }).from(this.table as PgTable).where(this.visible(inArray(this.table.id, ids))).for("no key update");
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
      const row = this.scope.stamp(values, tenantId ?? this.scope.insertTenant) as Record<string, unknown>;
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
      await recordWrite(this.scope.on(tx as unknown as Db), audit, { table: this.table, action: "insert", ids: rows.map((r) => r.id), summary });
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
        // Says that it changes these ids and no other row: reads pinned to other rows stay valid (data-version.ts).
        .where(and(where, onlyRows(ids)));
      const done = (await (audit ? update.returning() : update.returning({ id: this.table.id }))) as Record<string, unknown>[];
      if (done.length !== new Set(ids).size) throw badRequest(missing);
      if (!audit) return;
      const summary = summarize(before, done, action, changes);
      await recordWrite(this.scope.on(tx as unknown as Db), audit, { table: this.table, action, ids: done.map((r) => String(r.id)), summary });
    });
  }
}
