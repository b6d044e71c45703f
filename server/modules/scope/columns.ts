import { getTableColumns, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import * as schema from "../../db/schema";
import { menuCodeOf } from "../../security/data-scope";
import type { ScopedTable } from "../../security/repository";

/** Columns no scope may name: a rule over them would let a role probe secrets through what it sees. */
const SECRET = /password|secret|salt|token/i;

/**
 * The columns (database names) a data scope of the menu with this code may use: those of the table
 * that menu manages (each module registers its table under its menu code), secrets excepted.
 * Undefined when the menu manages no table: then only 全部可见 means anything.
 */
export function scopeColumnsOf(menuCode: string): string[] | undefined {
  const table = Object.values(schema).find((t) => is(t, PgTable) && menuCodeOf(t as unknown as ScopedTable) === menuCode);
  if (!table) return undefined;
  return Object.values(getTableColumns(table as PgTable))
    .map((c) => c.name)
    .filter((name) => !SECRET.test(name))
    .sort();
}
