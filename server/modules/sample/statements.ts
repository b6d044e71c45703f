import { createHash } from "node:crypto";
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

/** A high-risk statement of a script: its text as written (for the approver) and its identity. */
export interface RiskyStatement {
  /** sha-256 of the language and the statement's tokens: comments, layout and HQL's letter case are not part of it. */
  hash: string;
  text: string;
}

/** The offsets at which each line of `source` starts (tokens count lines and columns from 1). */
function lineStarts(source: string): number[] {
  const starts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === "\n") starts.push(i + 1);
  return starts;
}

function statementOf(language: ScriptLanguage, source: string, tokens: Token[], from: number, to: number): RiskyStatement {
  // Hive's keywords and names are case-insensitive; strings, and the other languages, are not.
  const text = (t: Token) => (language === "hql" && t.kind === "ident" ? t.text.toLowerCase() : t.text);
  const identity = JSON.stringify([language, tokens.map((t) => [t.kind, text(t)])]);
  return { hash: createHash("sha256").update(identity).digest("hex"), text: source.slice(from, to).trim() };
}

/**
 * The distinct high-risk statements of a script. HQL: each statement that §5 names, from its first
 * token to its last. Python, Scala, Java: each line holding a high-risk call or import (with the
 * lines it spans). An approval is bound to one of these, not to the script around it.
 */
export function riskyStatements(language: ScriptLanguage, script: string): RiskyStatement[] {
  const starts = lineStarts(script);
  const offset = (line: number, column: number) => (starts[line - 1] ?? script.length) + column - 1;
  let found: RiskyStatement[];
  if (language === "hql") {
    found = hqlStatements(script)
      .filter(hqlStatementRisky)
      .map((s) => statementOf(language, script, s, offset(s[0].line, s[0].column), offset(s[s.length - 1].endLine, s[s.length - 1].endColumn)));
  } else {
    const risks = language === "python" ? pythonRisks(script) : jvmRisks(script);
    const dialect = language === "python" ? "python" : "c-like";
    found = risks.map((r) => {
      const from = offset(r.startLineNumber, 1);
      const to = starts[r.endLineNumber] !== undefined ? starts[r.endLineNumber] - 1 : script.length;
      return statementOf(language, script, tokenize(script.slice(from, to), dialect), from, to);
    });
  }
  const seen = new Set<string>();
  return found.filter((s) => !seen.has(s.hash) && seen.add(s.hash));
}

/** Whether running `script` needs a second person's approval first. */
export const needsApproval = (language: ScriptLanguage, script: string): boolean => riskyStatements(language, script).length > 0;
