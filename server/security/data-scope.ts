import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  SCOPE_ALL,
  SCOPE_CUSTOM,
  SCOPE_DEPT,
  SCOPE_DEPT_AND_BELOW,
  SCOPE_OWN,
  USER_ID_PLACEHOLDER,
  parseScopeRule,
  type RuleOperator,
} from "../../domain/resources/system/menu/scope-rules";
import type { ScopedTable } from "./repository";

// The rule grammar is the one the data-scope form validates with (server and console alike).
export { parseScopeRule as parseCustomRule };

/**
 * §6 data scopes, enforced where the tenant is: a role holding a data scope of a menu sees, in the
 * table that menu manages, only the rows the scope allows. Types (dict data_scope_type): 1 all,
 * 2 own rows, 3 own department, 4 own department and below, 5 custom — a rule over the columns
 * the table's module allow-listed (`column:operator:value`, `;` between conditions, all must
 * hold), never SQL text. Several scopes of a caller's roles on one table widen each other (OR), as
 * roles do; a table none of them covers is not narrowed. A scope that cannot be applied (a column
 * off the allow-list, a bad rule) shows nothing.
 */
export interface DataScopeRule {
  /** The code of the menu the scope hangs from: it names the table (see registerScopedTable). */
  menuCode: string;
  scopeType: number;
  scopeColumn: string;
  scopeValue: string;
}

/**
 * Column names (SQL) that could read a secret out row by row through a rule matching it character
 * by character: never on an allow-list, whatever a module names.
 */
const SECRET = /password|secret|salt|token/i;

/**
 * The allow-list of a table registered without its own: the row's id and who created it, from
 * which department, and its status — what scopes 2–4 name by default, and nothing personal.
 */
export const DEFAULT_SCOPE_COLUMNS: readonly string[] = ["id", "create_user", "create_dept", "status"];

interface ScopedEntry {
  menuCode: string;
  /** The columns (SQL names) a data scope of this table may name, and no other. */
  columns: ReadonlySet<string>;
}

/** Which table each menu manages, and what its data scopes may name. */
const tableMenus = new Map<PgTable, ScopedEntry>();

const columnsByName = (table: ScopedTable) =>
  new Map(Object.values(getTableColumns(table as PgTable) as Record<string, AnyPgColumn>).map((c) => [c.name, c]));

/**
 * Modules register their main table under their menu code, with the allow-list of the columns
 * (SQL names) a data scope of that menu may name — a rule can filter rows by a column, so every
 * column listed is one whose values a role may probe. A column the table lacks, or a secret, is a
 * programming error caught at start. Without a list: DEFAULT_SCOPE_COLUMNS the table has.
 */
export function registerScopedTable(table: ScopedTable, menuCode: string, columns?: readonly string[]): void {
  const byName = columnsByName(table);
  for (const name of columns ?? []) {
    if (!byName.has(name)) throw new Error(`data scope column ${name} of menu ${menuCode} is not a column of its table`);
    if (SECRET.test(name)) throw new Error(`data scope column ${name} of menu ${menuCode} is a secret`);
  }
  const allowed = columns ?? DEFAULT_SCOPE_COLUMNS.filter((name) => byName.has(name));
  tableMenus.set(table as PgTable, { menuCode, columns: new Set(allowed) });
}

export const menuCodeOf = (table: ScopedTable): string | undefined => tableMenus.get(table as PgTable)?.menuCode;

/** The table a menu manages, if a module registered one (the explainer's row check). */
export const tableOfMenu = (code: string): ScopedTable | undefined =>
  [...tableMenus].find(([, entry]) => entry.menuCode === code)?.[0] as ScopedTable | undefined;

/**
 * The columns (SQL names, sorted) a data scope of the menu with this code may name; undefined when
 * the menu manages no table: then only 全部可见 means anything.
 */
export function scopeColumnsOfMenu(code: string): string[] | undefined {
  const entry = [...tableMenus.values()].find((e) => e.menuCode === code);
  return entry ? [...entry.columns].sort() : undefined;
}

/**
 * A column of the table by its SQL name or its property name, if the table's allow-list has it.
 * Checked again here, not only when a scope is saved: a rule stored before the list narrowed, or
 * written around the API, must not reach further than the list.
 */
function columnOf(table: ScopedTable, name: string): AnyPgColumn | undefined {
  const entry = tableMenus.get(table as PgTable);
  const columns = getTableColumns(table as PgTable) as Record<string, AnyPgColumn>;
  const column = columns[name] ?? Object.values(columns).find((c) => c.name === name);
  return column && entry?.columns.has(column.name) ? column : undefined;
}

export interface ScopeSubject {
  userId: string;
  deptIds: string[];
}

const NOTHING = sql`false`;

function condition(table: ScopedTable, rule: DataScopeRule, who: ScopeSubject): SQL | null {
  if (rule.scopeType === SCOPE_ALL) return null;
  if (rule.scopeType === SCOPE_CUSTOM) {
    const parsed = parseScopeRule(rule.scopeValue);
    if (typeof parsed === "string") return NOTHING;
    const parts: SQL[] = [];
    for (const c of parsed) {
      const column = columnOf(table, c.column);
      if (!column) return NOTHING;
      const value = c.value === USER_ID_PLACEHOLDER ? who.userId : c.value;
      const list = value.split(",").map((v) => v.trim());
      const ops: Record<RuleOperator, () => SQL> = {
        eq: () => sql`${column}::text = ${value}`,
        ne: () => sql`${column}::text <> ${value}`,
        gt: () => sql`${column}::text > ${value}`,
        ge: () => sql`${column}::text >= ${value}`,
        lt: () => sql`${column}::text < ${value}`,
        le: () => sql`${column}::text <= ${value}`,
        like: () => sql`${column}::text like ${`%${value.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`,
        in: () => sql`${column}::text = any(${`{${list.map((v) => `"${v.replace(/["\\]/g, "")}"`).join(",")}}`}::text[])`,
      };
      parts.push(ops[c.operator]());
    }
    return sql.join(parts, sql` and `);
  }
  const fallback = rule.scopeType === SCOPE_OWN ? "create_user" : "create_dept";
  const column = columnOf(table, rule.scopeColumn || fallback);
  if (!column) return NOTHING;
  // Compared as text: the column may be a bigint (create_user) or a varchar holding an id.
  if (rule.scopeType === SCOPE_OWN) return sql`${column}::text = ${who.userId}`;
  if (who.deptIds.length === 0) return NOTHING;
  const depts = `{${who.deptIds.join(",")}}`;
  if (rule.scopeType === SCOPE_DEPT) return sql`${column}::text = any(${depts}::text[])`;
  if (rule.scopeType === SCOPE_DEPT_AND_BELOW) {
    // ancestors is "0,<grandparent>,<parent>": a department below one of ours names it there.
    // With the row's tenant: on Citus the subtree is read on the row's shard, not on every one.
    const sameTenant = table.tenantId ? sql` and d.tenant_id = ${table.tenantId}` : sql``;
    return sql`${column}::text in (select d.id::text from blade_dept d where d.is_deleted = 0${sameTenant} and (d.id::text = any(${depts}::text[]) or string_to_array(d.ancestors, ',') && ${depts}::text[]))`;
  }
  return NOTHING;
}

/** The narrowing of `table` for someone holding `rules`: undefined when nothing narrows it. */
export function dataScopeCondition(table: ScopedTable, rules: DataScopeRule[], who: ScopeSubject): SQL | undefined {
  const code = menuCodeOf(table);
  if (!code) return undefined;
  const mine = rules.filter((r) => r.menuCode === code);
  if (mine.length === 0) return undefined;
  const conditions: SQL[] = [];
  for (const rule of mine) {
    const c = condition(table, rule, who);
    if (c === null) return undefined; // one role sees everything: so does the caller
    conditions.push(sql`(${c})`);
  }
  return sql`(${sql.join(conditions, sql` or `)})`;
}
