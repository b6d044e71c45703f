import { jvmRisks, pythonRisks } from "../../../src/resources/dataFactory/ide/analysis/code-risk";
import type { ScriptLanguage } from "../../../src/resources/dataFactory/ide/analysis/findings";
import { tokenize, type Token } from "../../../src/resources/dataFactory/ide/analysis/lexer";

/*
 * The server's own reading of a script, over lexer tokens (comments and strings removed). The
 * console marks high-risk HQL with the full Hive grammar (dt-sql-parser, which does not load under
 * the server's plain node); the server gates the same statements of §5 — truncate table, drop
 * table, drop function, drop database, alter database (and Hive's synonyms: schema for database,
 * a temporary function), also under explain — so that what needs approval is what the editor
 * marks. Nothing else runs anyway: the sandbox answers selects over the sample rows only.
 */

export type HqlStatement = Token[];

/** The statements of an HQL script: its tokens split at `;`, empty ones dropped. */
export function hqlStatements(script: string): HqlStatement[] {
  const out: HqlStatement[] = [[]];
  for (const t of tokenize(script, "sql")) {
    if (t.kind === "punct" && t.text === ";") out.push([]);
    else out[out.length - 1].push(t);
  }
  return out.filter((s) => s.length > 0);
}

const word = (t: Token | undefined) => (t?.kind === "ident" ? t.text.toLowerCase() : "");

// What may stand between EXPLAIN and the statement it explains (Hive's explain options).
const EXPLAIN_OPTIONS = new Set(["extended", "formatted", "dependency", "cbo", "cost", "joincost", "logical", "authorization", "analyze", "ast", "vectorization", "only", "summary", "operator", "expression", "detail", "locks", "debug"]);

function hqlStatementRisky(s: HqlStatement): boolean {
  let i = 0;
  if (word(s[0]) === "explain") for (i = 1; EXPLAIN_OPTIONS.has(word(s[i])); i++);
  const [first, second, third] = [word(s[i]), word(s[i + 1]), word(s[i + 2])];
  switch (first) {
    case "truncate":
      return true;
    case "drop":
      return ["table", "function", "database", "schema"].includes(second) || (second === "temporary" && third === "function");
    case "alter":
      return second === "database" || second === "schema";
    default:
      return false;
  }
}

/** Whether running `script` needs a second person's approval first. */
export function needsApproval(language: ScriptLanguage, script: string): boolean {
  switch (language) {
    case "hql":
      return hqlStatements(script).some(hqlStatementRisky);
    case "python":
      return pythonRisks(script).length > 0;
    case "scala":
    case "java":
      return jvmRisks(script).length > 0;
  }
}
