import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { nextId } from "../db/ids";
import { formatDateTime } from "../db/time";
import { TenantRepository, type TenantTable } from "./tenant-repository";

/** An append-only log: server-written rows, no logical delete, always a tenant and a time. */
export type LogTable = TenantTable & { tenantId: AnyPgColumn; createTime: AnyPgColumn };

/** What a writer gives: everything but the tenant, which is the scope's; id and time default to now. */
export type LogValues<T extends LogTable> = Omit<T["$inferInsert"], "tenantId" | "id" | "createTime"> & { id?: string; createTime?: string };

type Stamped<T extends LogTable> = T["$inferInsert"] & { id: string; tenantId: string; createTime: string };

/**
 * The only way module code reads or appends to a log (sign-ins, application visits, the operation
 * log): the reads of TenantRepository (page, list, count, aggregate, keyset export, each within
 * the caller's tenant or the one the platform administrator names), and an append stamped with
 * the caller's tenant. There is no update and no delete: a log row, once written, stays as it was.
 */
export class LogRepository<T extends LogTable> extends TenantRepository<T> {
  /**
   * The row as it will be stored: the scope's tenant (whatever `values` say), a new id and the
   * scope's clock unless given — the operation log hashes the row before it appends it.
   */
  stamp(values: LogValues<T>): Stamped<T> {
    return {
      ...values,
      id: values.id ?? nextId(),
      createTime: values.createTime ?? formatDateTime(new Date(this.scope.clock())),
      tenantId: this.scope.tenantId,
    } as Stamped<T>;
  }

  /** Appends one row (stamped as `stamp` does) and answers its id. */
  async insert(values: LogValues<T>): Promise<string> {
    const row = this.stamp(values);
    await this.db.insert(this.table).values(row);
    return row.id;
  }
}
