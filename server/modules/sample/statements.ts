import { jvmRisks, pythonRisks } from "../../../src/resources/dataFactory/ide/analysis/code-risk";
import type { ScriptLanguage } from "../../../src/resources/dataFactory/ide/analysis/findings";
import { tokenize, type Token } from "../../../src/resources/dataFactory/ide/analysis/lexer";

/*
 * The server's own reading of a script, over lexer tokens (comments and strings removed). The
 * console marks high-risk HQL with the full Hive grammar (dt-sql-parser, which does not load under
 * the server's plain node); the server's gate is deliberately wider: any statement that starts
 * like one of §5's — drop, truncate, alter database/schema — needs approval before it runs.
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

function hqlStatementRisky(s: HqlStatement): boolean {
  const [first, second] = [word(s[0]), word(s[1])];
  if (first === "drop" || first === "truncate") return true;
  return first === "alter" && (second === "database" || second === "schema");
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
