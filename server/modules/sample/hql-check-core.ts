import { EntityContextType, HiveSQL, HiveSqlParserListener, type EntityContext } from "dt-sql-parser";
import type { ParserRuleContext } from "antlr4ng";
import { SAMPLE_CATALOG, type SampleTable } from "../../../domain/resources/dataAssets/sample/data";
import { hqlSyntaxErrors } from "../../../domain/resources/dataFactory/ide/analysis/hql";

/*
 * What keeps an HQL script from running in the sandbox, read with the Hive grammar the editor's
 * markers use (dt-sql-parser): its syntax errors, with the very message, line and column the
 * markers show, and else the sample tables and columns it names that do not exist. Loaded only
 * by the check's worker thread (hql-check.worker.ts): the grammar is large and a pathological
 * script can keep the parser busy for minutes, so it never runs on the server's request thread.
 */

export interface HqlError {
  line: number;
  column: number;
  message: string;
}

export const msgNoTable = (name: string) => `表 ${name} 不存在`;
export const msgNoColumn = (name: string) => `字段 ${name} 不存在`;

const hive = new HiveSQL();

/** Names as Hive compares them: without backquotes, in lower case. */
const bare = (name: string) => name.replace(/`/g, "").trim().toLowerCase();

class CteNames extends HiveSqlParserListener {
  readonly names = new Set<string>();
  override enterCteStatement = (ctx: ParserRuleContext & { id_(): ParserRuleContext }) => void this.names.add(bare(ctx.id_().getText()));
}

const at = (e: EntityContext, message: string): HqlError => ({ line: e.position.line, column: e.position.startColumn, message });

/** The sample table a literal table reference names (`db.table` too: the sandbox has one database). */
const sampleTable = (text: string): SampleTable | undefined => SAMPLE_CATALOG.find((t) => t.name === bare(text).split(".").pop());

/**
 * The unknown tables and columns of a parsed script. Tables: every table a query reads or an
 * insert writes (a `drop table` or `create table` of another table is left to the simulation).
 * Columns: the plain column names of a select list whose sources are all sample tables (a
 * column of a subquery or a common table expression is not resolved, nor one in a where clause).
 */
function unknownNames(script: string): HqlError[] {
  const ctes = new CteNames();
  hive.listen(ctes, hive.parse(script));
  const byStatement = new Map<unknown, EntityContext[]>();
  for (const e of hive.getAllEntities(script) ?? []) {
    const list = byStatement.get(e.belongStmt) ?? [];
    list.push(e);
    byStatement.set(e.belongStmt, list);
  }
  const errors: HqlError[] = [];
  for (const [, entities] of byStatement) {
    const kind = entities[0].belongStmt.stmtContextType;
    if (kind !== "selectStmt" && kind !== "insertStmt") continue;
    const tables = entities.filter((e) => e.entityContextType === EntityContextType.TABLE);
    // A literal table reference (declareType 0) names a table; a subquery (1) does not.
    const literal = tables.filter((e) => !("declareType" in e) || e.declareType !== 1);
    const sources: { table: SampleTable; names: string[] }[] = [];
    let resolvable = literal.length === tables.length && tables.length > 0;
    for (const e of literal) {
      const table = sampleTable(e.text);
      if (table) sources.push({ table, names: [table.name, bare(e.text), ...(e._alias ? [bare(e._alias.text)] : [])] });
      else if (ctes.names.has(bare(e.text))) resolvable = false;
      else errors.push(at(e, msgNoTable(e.text)));
    }
    if (!resolvable || sources.length !== tables.length) continue;
    for (const result of entities.filter((e) => e.entityContextType === EntityContextType.QUERY_RESULT)) {
      for (const column of ("columns" in result ? result.columns : undefined) ?? []) {
        // declareType 0: a plain (optionally qualified) column name; `*` and expressions are not checked.
        if (column.declareType !== 0) continue;
        const parts = bare(column.text).split(".");
        const name = parts.pop()!;
        const qualifier = parts.pop();
        const candidates = qualifier ? sources.filter((s) => s.names.includes(qualifier)) : sources;
        if (qualifier && candidates.length === 0) errors.push(at(column, msgNoTable(qualifier)));
        else if (!candidates.some((s) => s.table.columns.some((c) => c.name === name))) errors.push(at(column, msgNoColumn(name)));
      }
    }
  }
  return errors.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** Why the script cannot run: its syntax errors, else its unknown tables and columns; empty when it can. */
export function hqlRunErrors(script: string): HqlError[] {
  if (!script.trim()) return [];
  const syntax = hqlSyntaxErrors(script);
  if (syntax.length) return syntax.map((f) => ({ line: f.startLineNumber, column: f.startColumn, message: f.message }));
  return unknownNames(script);
}
