import type { Context } from "hono";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { AppContext, AppEnv } from "../context";
import type { Db } from "../db/connection";
import { tenant } from "../db/schema";
import { formatDateTime } from "../db/time";
import { badRequest, otherTenant } from "../http/errors";
import type { Caller } from "./caller";

/** A table whose rows belong to a tenant and are deleted logically. */
export type TenantTable = PgTable & { id: AnyPgColumn; tenantId: AnyPgColumn; isDeleted: AnyPgColumn };

/**
 * The one way modules read and write tenant-owned rows. Reads get `tenant_id = caller's tenant`
 * and `is_deleted = 0`; inserts get the tenant and audit columns stamped; ids named in a request
 * are resolved here, and another tenant's id is refused with 403. Only the platform administrator
 * may read or write another tenant, and only where a route lets it name one.
 */
export class TenantScope {
  constructor(
    readonly db: Db,
    readonly caller: Caller,
    private readonly now: () => number = Date.now,
  ) {}

  get tenantId(): string {
    return this.caller.tenantId;
  }

  get crossTenant(): boolean {
    return this.caller.isAdministrator;
  }

  /**
   * The tenant a read covers. Others always get their own; the administrator gets the one it
   * names, else its own, or every tenant (undefined) when `all` is set.
   */
  readTenant(requested?: string | null, all = false): string | undefined {
    if (!this.crossTenant) return this.tenantId;
    if (requested) return requested;
    return all ? undefined : this.tenantId;
  }

  /** Live rows of `table` in the tenant(s) this caller may read. */
  live(table: TenantTable, requested?: string | null, all = false): SQL {
    const t = this.readTenant(requested, all);
    const alive = eq(table.isDeleted, 0);
    return t === undefined ? alive : and(alive, eq(table.tenantId, t))!;
  }

  /** Live rows by id, all of them or an error: 400 for a missing one, 403 for another tenant's. */
  async own<T extends TenantTable>(table: T, ids: string[], missing: string): Promise<T["$inferSelect"][]> {
    if (ids.length === 0) return [];
    const rows = (await this.db
      .select()
      .from(table as PgTable)
      .where(and(inArray(table.id, ids), eq(table.isDeleted, 0)))) as T["$inferSelect"][];
    if (rows.length !== new Set(ids).size) throw badRequest(missing);
    for (const row of rows) this.assertTenant((row as { tenantId: string }).tenantId);
    return rows;
  }

  assertTenant(rowTenantId: string): void {
    if (!this.crossTenant && rowTenantId !== this.tenantId) throw otherTenant();
  }

  /** The tenant of a new row: the caller's; the administrator may name an existing tenant. */
  async writeTenant(requested: unknown): Promise<string> {
    if (requested === undefined || requested === null || requested === "") return this.tenantId;
    if (typeof requested !== "string") throw badRequest("租户ID格式不正确");
    if (requested === this.tenantId) return requested;
    if (!this.crossTenant) throw otherTenant();
    const rows = await this.db
      .select({ id: tenant.id })
      .from(tenant)
      .where(and(eq(tenant.tenantId, requested), eq(tenant.isDeleted, 0)));
    if (rows.length === 0) throw badRequest("租户ID未找到");
    return requested;
  }

  /** Insert values with tenant and audit columns filled by the server, never by the request. */
  stamp<V extends object>(values: V, tenantId: string = this.tenantId) {
    const time = formatDateTime(new Date(this.now()));
    return {
      status: 1,
      ...values,
      tenantId,
      createUser: this.caller.userId,
      createDept: this.caller.deptIds[0] ?? null,
      createTime: time,
      updateUser: this.caller.userId,
      updateTime: time,
      isDeleted: 0,
    };
  }

  /** Audit columns of an update. */
  touch() {
    return { updateUser: this.caller.userId, updateTime: formatDateTime(new Date(this.now())) };
  }
}

/** The scope of the request's caller (routes behind an authenticated guard only). */
export const scopeFor = (ctx: AppContext, c: Context<AppEnv>) => new TenantScope(ctx.db, c.var.caller, ctx.now);
