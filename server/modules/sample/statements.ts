import { createHash } from "node:crypto";
import { jvmRisks, pythonRisks } from "../../../domain/resources/dataFactory/ide/analysis/code-risk";
import type { ScriptLanguage } from "../../../domain/resources/dataFactory/ide/analysis/findings";
import { tokenize, type Token } from "../../../domain/resources/dataFactory/ide/analysis/lexer";

/*
 * The server's own reading of a script, over lexer tokens (comments left out). The
 * console marks high-risk HQL with the full Hive grammar (dt-sql-parser, which the server loads
 * only on the run check's worker thread, hql-check.ts); the server gates the same statements of §5 — truncate table, drop
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

// What may stand between EXPLAIN and the statement it explains: the Hive grammar's explainOption
// (dt-sql-parser's HiveSqlParser), vectorization's details included.
const EXPLAIN_OPTIONS = new Set([
  "extended", "formatted", "dependency", "cbo", "cost", "joincost", "logical", "authorization", "analyze", "reoptimization",
  "locks", "ast", "vectorization", "only", "summary", "operator", "expression", "detail", "debug", "ddl",
]);

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

/** What an approval is given for: its text as the approver reads it, and its identity. */
export interface RiskyStatement {
  /** sha-256 of the language and the tokens: comments, layout and HQL's letter case are not part of it. */
  hash: string;
  text: string;
}

/** The offsets at which each line of `source` starts (tokens count lines and columns from 1). */
function lineStarts(source: string): number[] {
  const starts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === "\n") starts.push(i + 1);
  return starts;
}

function identity(language: ScriptLanguage, tokens: Token[]): string {
  // Hive's keywords and names are case-insensitive; strings, and the other languages, are not.
  const text = (t: Token) => (language === "hql" && t.kind === "ident" ? t.text.toLowerCase() : t.text);
  return createHash("sha256").update(JSON.stringify([language, tokens.map((t) => [t.kind, text(t)])])).digest("hex");
}

// Statements that change what the statements after them mean: the database they name, variables.
const CONTEXT_HEADS = new Set(["use", "set", "reset"]);

/**
 * What a run of `script` needs approved, once per occurrence: one entry for each time a high-risk
 * statement runs. HQL: each statement that §5 names, together with the `use` / `set` statements
 * before it in the script (they decide which database it drops, what a `${…}` in it stands for):
 * approved so, it runs in any script of its requester that holds it in the same context. Python,
 * Scala and Java have no statements the server can delimit safely (an alias, a call spread over
 * lines): there the approval is for the whole script.
 */
export function riskyStatements(language: ScriptLanguage, script: string): RiskyStatement[] {
  if (language !== "hql") {
    const risky = language === "python" ? pythonRisks(script).length > 0 : jvmRisks(script).length > 0;
    const dialect = language === "python" ? "python" : "c-like";
    return risky ? [{ hash: identity(language, tokenize(script, dialect)), text: script.trim() }] : [];
  }
  const starts = lineStarts(script);
  const offset = (line: number, column: number) => (starts[line - 1] ?? script.length) + column - 1;
  const textOf = (s: HqlStatement) => script.slice(offset(s[0].line, s[0].column), offset(s[s.length - 1].endLine, s[s.length - 1].endColumn)).trim();
  const context: HqlStatement[] = [];
  const out: RiskyStatement[] = [];
  for (const s of hqlStatements(script)) {
    if (CONTEXT_HEADS.has(word(s[0]))) context.push(s);
    else if (hqlStatementRisky(s)) {
      const all = [...context, s];
      out.push({ hash: identity(language, all.flatMap((t, i) => (i ? [SEMICOLON, ...t] : t))), text: all.map(textOf).join(";\n") });
    }
  }
  return out;
}

// Joins the context statements to the statement in an identity, as `;` does in the script.
const SEMICOLON: Token = { kind: "punct", text: ";", line: 0, column: 0, endLine: 0, endColumn: 0 };

/** Whether running `script` needs a second person's approval first. */
export const needsApproval = (language: ScriptLanguage, script: string): boolean => riskyStatements(language, script).length > 0;
