import { HiveSQL, HiveSqlParserListener } from "dt-sql-parser";
import type { ParserRuleContext } from "antlr4ng";
import { MSG_HIGH_RISK, syntaxMessage, type Finding } from "./findings";

/*
 * HQL is read by dt-sql-parser's Hive grammar, never by a regular expression: a `drop table`
 * inside a string literal, a comment or a column named drop_table never reaches these rules.
 */

const hive = new HiveSQL();
// Tokenising on the parsing instance leaves it in a state where its next parse can crash in its
// error listener (dt-sql-parser 4.5): the cuts between statements come from an instance of their own.
const tokens = new HiveSQL();

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

/** The same script with everything outside [from, to) blanked (line breaks kept, so positions stay exact). */
function only(script: string, from: number, to: number): string {
  const blank = (part: string) => part.replace(/[^\n]/g, " ");
  return blank(script.slice(0, from)) + script.slice(from, to) + blank(script.slice(to));
}

/**
 * The statements of a script, each as `only(…)` of its text, cut at the lexer's `;` tokens (a `;`
 * inside a string or a comment is part of that token, never a cut).
 */
function statements(script: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (const token of tokens.getAllTokens(script)) {
    if (token.text !== ";") continue;
    out.push(only(script, from, token.start + 1));
    from = token.start + 1;
  }
  if (script.slice(from).trim()) out.push(only(script, from, script.length));
  return out;
}

function risksIn(script: string, onError: () => void = () => {}): ParserRuleContext[] {
  const tree = hive.parse(script, onError);
  const listener = new RiskListener();
  hive.listen(listener, tree);
  return listener.found;
}

/**
 * The high-risk statements of an HQL script (an unparsable statement is not guessed at). When the
 * script has a syntax error, its statements are read one by one: the parser's recovery after an
 * error can swallow the statements that follow it, and a `drop table` after a typo must still show.
 */
export function hqlRisks(script: string): Finding[] {
  if (!script.trim()) return [];
  let errors = 0;
  let found = risksIn(script, () => void errors++);
  if (errors > 0) found = statements(script).flatMap((statement) => risksIn(statement));
  return found.map((ctx) => ({ kind: "risk", message: MSG_HIGH_RISK, ...spanOf(ctx) }));
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
