import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import * as schema from "./schema";

/**
 * How the schema lays out on Citus (README, "Scaling out"): every table with a tenant_id is
 * distributed by it, all in one colocation group, so that a tenant's rows of every table sit on
 * one shard and a tenant's statements join there; every other table is a reference table, copied
 * to each node. Two tables keep a tenant_id and are still reference tables, for the reasons below.
 */
export const REFERENCE_DESPITE_TENANT: Record<string, string> = {
  blade_tenant: "the registry of tenants itself: every sign-in reads it before it knows which shard to go to",
  blade_scim_token: "a SCIM call is known by its token's hash alone, before its tenant is",
};

export interface CitusLayout {
  distributed: string[];
  reference: string[];
}

const tables = () => (Object.values(schema).filter((v) => is(v, PgTable)) as PgTable[]).map((t) => getTableConfig(t));

export function citusLayout(): CitusLayout {
  const distributed: string[] = [];
  const reference: string[] = [];
  for (const t of tables()) {
    const tenantOwned = t.columns.some((c) => c.name === "tenant_id") && !(t.name in REFERENCE_DESPITE_TENANT);
    (tenantOwned ? distributed : reference).push(t.name);
  }
  return { distributed: distributed.sort(), reference: reference.sort() };
}

/**
 * The statements that distribute a migrated database, to run once on the coordinator (after
 * `CREATE EXTENSION citus` and the server's first start, before the second instance starts).
 */
export function citusStatements(layout: CitusLayout = citusLayout()): string[] {
  const [first, ...rest] = layout.distributed;
  return [
    ...layout.reference.map((t) => `SELECT create_reference_table('${t}');`),
    `SELECT create_distributed_table('${first}', 'tenant_id');`,
    ...rest.map((t) => `SELECT create_distributed_table('${t}', 'tenant_id', colocate_with => '${first}');`),
  ];
}

/** The keys of a distributed table that do not name tenant_id (Citus refuses them): empty when it is ready. */
export function keysWithoutTenant(table: string): string[] {
  const t = tables().find((c) => c.name === table);
  if (!t) return [`no table ${table}`];
  const missing: string[] = [];
  const pk = [...t.columns.filter((c) => c.primary).map((c) => c.name), ...t.primaryKeys.flatMap((k) => k.columns.map((c) => c.name))];
  if (!pk.includes("tenant_id")) missing.push(`primary key (${pk.join(", ")})`);
  for (const c of t.columns) if (c.isUnique && c.name !== "tenant_id") missing.push(`unique (${c.name})`);
  for (const u of t.uniqueConstraints) {
    const cols = u.columns.map((c) => c.name);
    if (!cols.includes("tenant_id")) missing.push(`unique (${cols.join(", ")})`);
  }
  for (const i of t.indexes) {
    if (!i.config.unique) continue;
    const cols = i.config.columns.map((c) => ("name" in c ? (c as { name: string }).name : "expression"));
    if (!cols.includes("tenant_id")) missing.push(`unique index ${i.config.name} (${cols.join(", ")})`);
  }
  return missing;
}
