import type { BuildExtraConfigColumns } from "drizzle-orm";
import { index, pgTable, primaryKey, type AnyPgColumn, type PgColumnBuilderBase, type PgTableExtraConfigValue } from "drizzle-orm/pg-core";

/**
 * A tenant-owned table: `tenant_id` leads its primary key (tenant_id, id), so that Citus can
 * distribute it by tenant (server/db/citus.ts), and every unique key it declares must name
 * tenant_id too (citus.test.ts). The id keeps an index of its own: the platform administrator
 * reads and pages across tenants by id.
 */
export function tenantTable<TName extends string, TColumns extends Record<string, PgColumnBuilderBase>>(
  name: TName,
  columns: TColumns,
  extra?: (self: BuildExtraConfigColumns<TName, TColumns, "pg">) => PgTableExtraConfigValue[],
) {
  return pgTable(name, columns, (self) => {
    const own = self as unknown as { tenantId: AnyPgColumn; id: AnyPgColumn };
    return [
      primaryKey({ name: `${name}_pkey`, columns: [own.tenantId, own.id] }),
      index(`${name}_id_idx`).on(own.id),
      ...(extra ? extra(self) : []),
    ];
  });
}
