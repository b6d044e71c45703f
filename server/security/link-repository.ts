import type { SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { nextId } from "../db/ids";
import { TenantRepository, type TenantTable } from "./tenant-repository";

/** A link (join) table: an id, a tenant and the two ids it links; no logical delete, no audit columns. */
export type LinkTable = TenantTable & { tenantId: AnyPgColumn };

/** What a writer gives: the linked ids; the id and the tenant are the repository's. */
export type LinkValues<T extends LinkTable> = Omit<T["$inferInsert"], "id" | "tenantId">;

/**
 * The only way module code reads and writes a link table (role group ↔ application, role group ↔
 * application role, user ↔ application role): the reads of TenantRepository, inserts stamped with
 * the scope's tenant (the one it is confined to: TenantScope.forTenant) and deletes whose WHERE
 * carries the caller's tenant like every read's. Who changed a link is told by the caller's
 * audit of the row it hangs from (security/audit.ts recordChange, or the parent row's update).
 */
export class LinkRepository<T extends LinkTable> extends TenantRepository<T> {
  /** Adds `rows`; with `skipExisting`, a pair already linked stays as it is (a unique index says which). */
  async insert(rows: LinkValues<T>[], options: { skipExisting?: boolean } = {}): Promise<void> {
    if (rows.length === 0) return;
    const tenantId = this.scope.insertTenant;
    const insert = this.db.insert(this.table).values(rows.map((values) => ({ ...values, id: nextId(), tenantId })) as T["$inferInsert"][]);
    await (options.skipExisting ? insert.onConflictDoNothing() : insert);
  }

  /** Removes the visible links matching `where` (required: there is no "every link of the tenant"). */
  async delete(where: SQL): Promise<void> {
    await this.db.delete(this.table).where(this.visible(where));
  }
}
