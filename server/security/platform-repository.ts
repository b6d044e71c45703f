import type { SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { nextId } from "../db/ids";
import { TenantRepository, type TenantTable } from "./tenant-repository";

/**
 * A platform table: an id and no tenant, no logical delete, no audit columns — the links that
 * hang from rows a repository already scoped (role ↔ menu, role ↔ scope, user ↔ department, top
 * menu ↔ menu).
 */
export type PlatformTable = PgTable & { id: AnyPgColumn; tenantId?: never; isDeleted?: never };

/** What a writer gives: the linked ids; the id (and a link's tenant) are the repository's. */
export type LinkValues<T extends TenantTable> = Omit<T["$inferInsert"], "id" | "tenantId">;

/**
 * The way module code reads and writes a platform table (`scope.platform(table)`): the reads of
 * TenantRepository — which add no tenant condition to a table without one — inserts with a new id
 * per row, and deletes of the rows matching a condition. Such a table carries no tenant of its
 * own, so only ids the caller has already found through a scoped repository (its roles, users,
 * departments, top menus) may go into its conditions and rows; its writes run only behind a route
 * guard that let the caller manage those rows. LinkRepository adds the tenant to the same writes.
 */
export class PlatformRepository<T extends TenantTable> extends TenantRepository<T> {
  /** Adds `rows`; with `skipExisting`, a pair already linked stays as it is (a unique index says which). */
  async insert(rows: LinkValues<T>[], options: { skipExisting?: boolean } = {}): Promise<void> {
    if (rows.length === 0) return;
    const stamp = this.insertStamp();
    const insert = this.db.insert(this.table).values(rows.map((values) => ({ ...values, id: nextId(), ...stamp })) as T["$inferInsert"][]);
    await (options.skipExisting ? insert.onConflictDoNothing() : insert);
  }

  /** Removes the visible rows matching `where` (required: there is no "every row of the table"). */
  async delete(where: SQL): Promise<void> {
    await this.db.delete(this.table).where(this.visible(where));
  }

  /** What every inserted row carries besides its values and id: nothing, on a table without a tenant. */
  protected insertStamp(): Record<string, unknown> {
    return {};
  }
}
