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
} from "../../src/resources/system/menu/scope-rules";
import type { ScopedTable } from "./repository";

// The rule grammar is the one the data-scope form validates with (server and console alike).
export { parseScopeRule as parseCustomRule };

/**
 * §6 data scopes, enforced where the tenant is: a role holding a data scope of a menu sees, in the
 * table that menu manages, only the rows the scope allows. Types (dict data_scope_type): 1 all,
 * 2 own rows, 3 own department, 4 own department and below, 5 custom — a rule over the table's own
 * columns (`column:operator:value`, `;` between conditions, all must hold), never SQL text. Several
 * scopes of a caller's roles on one table widen each other (OR), as roles do; a table none of them
 * covers is not narrowed. A scope that cannot be applied (unknown column, bad rule) shows nothing.
 */
export interface DataScopeRule {
  /** The code of the menu the scope hangs from: it names the table (see registerScopedTable). */
  menuCode: string;
  scopeType: number;
  scopeColumn: string;
  scopeValue: string;
}

/** Which table each menu manages: modules register their main table under their menu code. */
const tableMenus = new Map<PgTable, string>();

export function registerScopedTable(table: ScopedTable, menuCode: string): void {
  tableMenus.set(table as PgTable, menuCode);
}

export const menuCodeOf = (table: ScopedTable): string | undefined => tableMenus.get(table as PgTable);

/** The table a menu manages, if a module registered one (the explainer's row check). */
export const tableOfMenu = (code: string): ScopedTable | undefined =>
  [...tableMenus].find(([, menuCode]) => menuCode === code)?.[0] as ScopedTable | undefined;

/**
 * A column of the table by its SQL name or its property name; nothing else is reachable, and no
 * secret (a rule matching hashes character by character would read them out row by row).
 */
function columnOf(table: ScopedTable, name: string): AnyPgColumn | undefined {
  const columns = getTableColumns(table as PgTable) as Record<string, AnyPgColumn>;
  const column = columns[name] ?? Object.values(columns).find((c) => c.name === name);
  return column && !/password|secret/i.test(column.name) ? column : undefined;
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
    return sql`${column}::text in (select d.id::text from blade_dept d where d.is_deleted = 0 and (d.id::text = any(${depts}::text[]) or string_to_array(d.ancestors, ',') && ${depts}::text[]))`;
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
