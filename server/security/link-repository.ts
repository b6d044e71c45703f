import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { PlatformRepository } from "./platform-repository";
import type { TenantTable } from "./tenant-repository";

/** A link (join) table: an id, a tenant and the two ids it links; no logical delete, no audit columns. */
export type LinkTable = TenantTable & { tenantId: AnyPgColumn };

/**
 * The only way module code reads and writes a link table (role group ↔ application, role group ↔
 * application role, user ↔ application role): the reads of TenantRepository, inserts stamped with
 * the scope's tenant (the one it is confined to: TenantScope.forTenant) and deletes whose WHERE
 * carries the caller's tenant like every read's (the writes of PlatformRepository). Who changed a
 * link is told by the caller's audit of the row it hangs from (security/audit.ts recordChange, or
 * the parent row's update).
 */
export class LinkRepository<T extends LinkTable> extends PlatformRepository<T> {
  /** Every link inserted goes to the scope's tenant. */
  protected override insertStamp(): Record<string, unknown> {
    return { tenantId: this.scope.insertTenant };
  }
}
