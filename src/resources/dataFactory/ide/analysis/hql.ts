import { HiveSQL, HiveSqlParserListener } from "dt-sql-parser";
import type { ParserRuleContext } from "antlr4ng";
import { MSG_HIGH_RISK, syntaxMessage, type Finding } from "./findings";

/*
 * HQL is read by dt-sql-parser's Hive grammar, never by a regular expression: a `drop table`
 * inside a string literal, a comment or a column named drop_table never reaches these rules.
 */

const hive = new HiveSQL();

/** The span of a parse-tree node, as an editor range (token columns are 0-based, Monaco's 1-based). */
function spanOf(ctx: ParserRuleContext): Omit<Finding, "kind" | "message"> {
  const start = ctx.start!;
  const stop = ctx.stop ?? start;
  const stopText = stop.text ?? "";
  const lines = stopText.split("\n");
  const endLine = stop.line + lines.length - 1;
  const endColumn = lines.length > 1 ? lines[lines.length - 1].length + 1 : stop.column + stopText.length + 1;
  return { startLineNumber: start.line, startColumn: start.column + 1, endLineNumber: endLine, endColumn };
}

class RiskListener extends HiveSqlParserListener {
  readonly found: ParserRuleContext[] = [];
  // Each of §5's statements: truncate table, drop table, drop function, drop database, alter database.
  override enterTruncateTableStatement = (ctx: ParserRuleContext) => void this.found.push(ctx);
  override enterDropTableStatement = (ctx: ParserRuleContext) => void this.found.push(ctx);
  override enterDropFunctionStatement = (ctx: ParserRuleContext) => void this.found.push(ctx);
  override enterDropDatabaseStatement = (ctx: ParserRuleContext) => void this.found.push(ctx);
  // `alter database|schema x set …`: the suffix is the part after ALTER; mark the whole statement.
  override enterAlterDatabaseStatementSuffix = (ctx: ParserRuleContext) => void this.found.push(ctx.parent ?? ctx);
}

/** The high-risk statements of an HQL script (an unparsable statement is not guessed at). */
export function hqlRisks(script: string): Finding[] {
  if (!script.trim()) return [];
  const tree = hive.parse(script, () => {});
  const listener = new RiskListener();
  hive.listen(listener, tree);
  return listener.found.map((ctx) => ({ kind: "risk", message: MSG_HIGH_RISK, ...spanOf(ctx) }));
}

/** The syntax errors of an HQL script with the §5 message, one per offending token. */
export function hqlSyntaxErrors(script: string): Finding[] {
  if (!script.trim()) return [];
  const out: Finding[] = [];
  const seen = new Set<string>();
  hive.parse(script, (err, original) => {
    const token = original?.offendingSymbol;
    const text = token && token.type !== -1 ? (token.text ?? "") : "EOF";
    const key = `${err.startLine}:${err.startColumn}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({
      kind: "syntax",
      message: syntaxMessage(err.startLine, err.startColumn, text),
      startLineNumber: err.startLine,
      startColumn: err.startColumn,
      endLineNumber: err.endLine,
      endColumn: Math.max(err.endColumn, err.startColumn + 1),
    });
  });
  return out;
}
