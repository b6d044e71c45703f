import type { Context } from "hono";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { unionAll, type AnyPgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { AppContext, AppEnv } from "../context";
import type { Db } from "../db/connection";
import { readThrough } from "../db/data-version";
import { ALL_TENANTS } from "../db/statement-check";
import { tenant } from "../db/schema";
import { formatDateTime } from "../db/time";
import { MSG_TENANT_NOT_FOUND, badRequest, otherTenant } from "../http/errors";
import { requestAuditOf, type RequestAudit } from "./audit";
import { SYSTEM_USER_ID, systemCaller, type Caller } from "./caller";
import { dataScopeCondition } from "./data-scope";
import { LinkRepository, type LinkTable } from "./link-repository";
import { LogRepository, type LogTable } from "./log-repository";
import { Repository, type ScopedTable } from "./repository";
import { dbOf, holdHandle } from "./handle";
import { lockNamed } from "./locks";
import { PlatformRepository, type PlatformTable } from "./platform-repository";
import { TenantRepository, type TenantTable } from "./tenant-repository";

/**
 * Who reads and writes, and in which tenant: module code reaches tenant-owned rows only through
 * `repo(table)`, whose every statement carries this scope's tenant and data scope. Inserts get the
 * tenant and audit columns stamped here. Only the platform administrator reads or writes another
 * tenant, and only where a route lets it name one.
 */
export class TenantScope {
  /** Private, so module code cannot name it: server/security reaches it through handle.ts dbOf. */
  readonly #db: Db;

  constructor(
    db: Db,
    readonly caller: Caller,
    private readonly now: () => number = Date.now,
    /** Acting on the caller's own account: no data scope hides it from its owner. */
    private readonly onSelf = false,
    /** Set for a request whose writes are administrative: the repository logs them (audit.ts). */
    readonly request?: RequestAudit,
    /** The one tenant this scope reaches (`forTenant`), besides the caller's own confinement. */
    private readonly confined?: string,
  ) {
    this.#db = db;
    holdHandle(this, db);
  }

  /** The caller's own account and nothing else (personal centre): `c.var.scope.self()`. */
  self(): TenantScope {
    return new TenantScope(this.#db, this.caller, this.now, true, this.request, this.confined);
  }

  /**
   * This scope confined to one tenant: every repository statement of it carries `tenantId` (and
   * still the caller's own tenant, for anyone but the platform administrator), and its inserts go
   * there. The way the platform administrator acts on the tenant it chose — or module code reads
   * the tenant of a row it holds — without writing a tenant condition by hand. Anyone else
   * confined to another tenant than its own sees nothing there and may not insert.
   */
  forTenant(tenantId: string): TenantScope {
    return new TenantScope(this.#db, this.caller, this.now, this.onSelf, this.request, tenantId);
  }

  /** The scope's clock (tests move it), for the time of an operation-log row. */
  clock(): number {
    return this.now();
  }

  /**
   * The system in a tenant known from the request while nobody is signed in (sign-in, register,
   * find-password): confined to that tenant like any of its users. `onBehalfOf` names the account
   * that a write is by (a self-registration creates itself).
   */
  static system(db: Db, tenantId: string, now: () => number = Date.now, onBehalfOf?: string): TenantScope {
    return new TenantScope(db, systemCaller(tenantId, onBehalfOf), now);
  }

  /** The scoped data access to `table`: the only way module code touches tenant-owned rows. */
  repo<T extends ScopedTable>(table: T): Repository<T> {
    return new Repository(this, this.#db, table);
  }

  /**
   * The append-only access to a log (sign-ins, application visits, operations): reads within the
   * caller's tenant, appends stamped with it, no update or delete (log-repository.ts).
   */
  log<T extends LogTable>(table: T): LogRepository<T> {
    return new LogRepository(this, this.#db, table);
  }

  /**
   * The access to a tenant-owned table without logical delete (sessions): reads that carry the
   * caller's tenant, like every repository's (tenant-repository.ts). Its writes stay with the
   * security code that owns the table (security/sessions.ts revokes a session).
   */
  owned<T extends TenantTable & { tenantId: AnyPgColumn }>(table: T): TenantRepository<T> {
    return new TenantRepository(this, this.#db, table);
  }

  /**
   * The access to a link (join) table — role group ↔ application, user ↔ application role: the
   * reads of every repository, inserts stamped with this scope's tenant and deletes whose WHERE
   * carries it (link-repository.ts). Links have no logical delete: a link removed is gone.
   */
  links<T extends LinkTable>(table: T): LinkRepository<T> {
    return new LinkRepository(this, this.#db, table);
  }

  /**
   * The access to a platform table without tenant and logical delete (role ↔ menu, role ↔ scope,
   * user ↔ department, top menu ↔ menu): reads, inserts and deletes with no tenant condition
   * (platform-repository.ts). Only ids this scope's repositories already found go into them.
   */
  platform<T extends PlatformTable>(table: T): PlatformRepository<T> {
    return new PlatformRepository(this, this.#db, table);
  }

  /**
   * Waits until no other transaction holds the lock `name` of `tenantId` and holds it until this
   * one ends (a row of blade_tenant_lock, locks.ts): two writes that must not interleave take the
   * same. A lock on one existing row is the repository's `lockRows` instead.
   */
  async lock(tenantId: string, name: string): Promise<void> {
    await lockNamed(this.#db, tenantId, name);
  }

  /**
   * This scope with its writes administrative, logged as `request` says (audit.ts): the work of no
   * HTTP request that must still be in the operation log — a synchroniser's run names itself
   * (`sync:<name>`) whether a person or the schedule started it.
   */
  audited(request: RequestAudit): TenantScope {
    return new TenantScope(this.#db, this.caller, this.now, this.onSelf, request, this.confined);
  }

  /** `caller` on this scope's database and clock: the scope their own requests would get (explaining access). */
  as(caller: Caller): TenantScope {
    return new TenantScope(this.#db, caller, this.now);
  }

  /**
   * The system in `tenantId` on this scope's database (inside its transaction, if any): the whole
   * tenant, which no caller's data scope narrows — to count its accounts or the holders of a role.
   */
  systemIn(tenantId: string): TenantScope {
    return TenantScope.system(this.#db, tenantId, this.now);
  }

  /** This scope acting on `db` (a transaction the repository opened), so its writes run there. */
  on(db: Db): TenantScope {
    return new TenantScope(db, this.caller, this.now, this.onSelf, this.request, this.confined);
  }

  /**
   * Labels from several tables in one statement (a UNION ALL of scoped selects): the names a page
   * of rows shows beside its ids, without a round trip per table. Answers name → key → label.
   */
  async lookup(parts: LookupPart[]): Promise<Map<string, Map<string, string>>> {
    const out = new Map(parts.map((p) => [p.name, new Map<string, string>()]));
    const selects = parts.map((p) => {
      const columns = { name: sql<string>`${p.name}::text`.as("name"), key: sql<string>`${p.key}::text`.as("key"), label: sql<string>`${p.label}::text`.as("label") };
      return (p.distinct ? this.#db.selectDistinct(columns) : this.#db.select(columns)).from(p.table as PgTable).where(this.repo(p.table).visible(p.where));
    });
    if (selects.length === 0) return out;
    const [first, ...rest] = selects;
    const query = rest.length ? unionAll(first, ...(rest as [typeof first])) : first;
    const rows = await readThrough(this.#db, () => `lookup ${JSON.stringify(query.toSQL())}`, async () => query);
    for (const r of rows) out.get(r.name)?.set(r.key, r.label);
    return out;
  }

  /** `work` in one transaction, with a scope whose repositories write inside it. */
  transaction<R>(work: (tx: TenantScope) => Promise<R>): Promise<R> {
    return this.#db.transaction((tx) => work(this.on(tx)));
  }

  /**
   * The §6 data scope of the caller on `table` (all, own, own department, department and below,
   * custom), ANDed into every read, update and delete of the repository (see data-scope.ts). The
   * platform administrator is not narrowed; nor is the system, which holds no role and must keep
   * seeing its whole tenant (sign-in finds any account).
   */
  dataScope(table: ScopedTable): SQL | undefined {
    const { caller } = this;
    if (this.onSelf || caller.isAdministrator || caller.isSystem || !caller.dataScopes?.length) return undefined;
    return dataScopeCondition(table, caller.dataScopes, caller);
  }

  get tenantId(): string {
    return this.caller.tenantId;
  }

  get crossTenant(): boolean {
    return this.caller.isAdministrator;
  }

  /**
   * The tenant a read covers. Others always get their own; the administrator gets the one it
   * names, else the one its scope is confined to (`forTenant`), else its own, or every tenant
   * (undefined) when `all` is set.
   */
  readTenant(requested?: string | null, all = false): string | undefined {
    if (!this.crossTenant) return this.tenantId;
    if (requested) return requested;
    if (this.confined !== undefined) return this.confined;
    return all ? undefined : this.tenantId;
  }

  /**
   * The tenant part of a repository statement's WHERE on `column`: the tenant `readTenant` covers
   * (none for the administrator's cross-tenant reads) and, in a `forTenant` scope, that tenant too
   * — so a non-administrator confined to another tenant matches no row.
   */
  tenantCondition(column: AnyPgColumn, requested?: string): SQL | undefined {
    const read = this.readTenant(requested, true);
    const confined = this.confined !== undefined && this.confined !== read ? eq(column, this.confined) : undefined;
    // Across tenants the statement says so where its tenant would be (the statement check, issue 23).
    return and(read === undefined ? sql.raw(`true ${ALL_TENANTS}`) : eq(column, read), confined);
  }

  /** The tenant of a row inserted without naming one: the `forTenant` one, else the caller's. */
  get insertTenant(): string {
    if (this.confined === undefined || this.confined === this.tenantId) return this.tenantId;
    if (!this.crossTenant) throw otherTenant();
    return this.confined;
  }

  /**
   * The tenant of a new row: the caller's; the administrator may name an existing tenant. Anyone
   * else naming another tenant hears what a missing one answers.
   */
  async writeTenant(requested: unknown): Promise<string> {
    if (requested === undefined || requested === null || requested === "") return this.tenantId;
    if (typeof requested !== "string") throw badRequest("租户ID格式不正确");
    if (requested === this.tenantId) return requested;
    if (!this.crossTenant) throw otherTenant();
    const rows = await this.#db
      .select({ id: tenant.id })
      .from(tenant)
      .where(and(eq(tenant.tenantId, requested), eq(tenant.isDeleted, 0)));
    if (rows.length === 0) throw badRequest(MSG_TENANT_NOT_FOUND);
    return requested;
  }

  /** Insert values with tenant and audit columns filled by the server, never by the request. */
  stamp<V extends object>(values: V, tenantId: string = this.tenantId) {
    const time = formatDateTime(new Date(this.now()));
    return {
      status: 1,
      ...values,
      tenantId,
      createUser: this.author,
      createDept: this.caller.deptIds[0] ?? null,
      createTime: time,
      updateUser: this.author,
      updateTime: time,
      isDeleted: 0,
    };
  }

  /** Who the audit columns name: nobody when the system acts on no account's behalf. */
  private get author(): string | null {
    return this.caller.isSystem && this.caller.userId === SYSTEM_USER_ID ? null : this.caller.userId;
  }

  /**
   * Audit columns of an update. Without an author update_user stays as it was: a self-registered
   * account must remain "last written by itself" (pending approval) after a password reset.
   */
  touch(): { updateUser?: string; updateTime: string } {
    const updateTime = formatDateTime(new Date(this.now()));
    const author = this.author;
    return author === null ? { updateTime } : { updateUser: author, updateTime };
  }
}

/** One table's part of a lookup: `label` by `key` of the visible rows matching `where`. */
export interface LookupPart {
  name: string;
  table: ScopedTable;
  key: AnyPgColumn;
  label: AnyPgColumn;
  where?: SQL;
  /**
   * Each key once. For "which of these have children" the rows are the children themselves —
   * 49,000 of them under a level of 1,000 departments — when the answer needs one per parent.
   */
  distinct?: boolean;
}

/** The scope of the request's caller (routes behind an authenticated guard only). */
export const scopeFor = (ctx: AppContext, c: Context<AppEnv>) => new TenantScope(dbOf(ctx), c.var.caller, ctx.now, false, requestAuditOf(c));
