import { MSG_HIGH_RISK, type Finding } from "./findings";
import { tokenize, type Token } from "./lexer";

/*
 * §5's high-risk calls of the Spark script languages, found over lexer tokens (comments and
 * strings are already gone) rather than over raw text.
 */

/** Receivers whose `.stop` ends the shared Spark context. */
const STOPPABLE = new Set(["sc", "spark"]);
/** Python modules that reach the host (process, files, interpreter). */
const HOST_MODULES = new Set(["sys", "os"]);

const finding = (from: Token, to: Token): Finding => ({
  kind: "risk",
  message: MSG_HIGH_RISK,
  startLineNumber: from.line,
  startColumn: from.column,
  endLineNumber: to.endLine,
  endColumn: to.endColumn,
});

const isPunct = (t: Token | undefined, text: string) => t?.kind === "punct" && t.text === text;
const isIdent = (t: Token | undefined, text?: string) => t?.kind === "ident" && (text === undefined || t.text === text);

/** `sc.stop` / `spark.stop` where the receiver is a name of its own (not `x.sc.stop`). */
function stopCalls(tokens: Token[]): Finding[] {
  const out: Finding[] = [];
  tokens.forEach((t, i) => {
    if (isIdent(t) && STOPPABLE.has(t.text) && !isPunct(tokens[i - 1], ".") && isPunct(tokens[i + 1], ".") && isIdent(tokens[i + 2], "stop"))
      out.push(finding(t, tokens[i + 2]));
  });
  return out;
}

/** Python: `import os`, `import a, sys as s`, `from os import path`, `from os.path import x`, and any `os.`/`sys.` use. */
function hostModuleUses(tokens: Token[]): Finding[] {
  const out: Finding[] = [];
  const lineStart = (i: number) => i === 0 || tokens[i - 1].endLine < tokens[i].line || isPunct(tokens[i - 1], ";");
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (isIdent(t, "import") && lineStart(i)) {
      // import a.b as c, d — every dotted name's first part
      let j = i + 1;
      let expectName = true;
      while (j < tokens.length && tokens[j].line === t.line) {
        const cur = tokens[j];
        if (expectName && isIdent(cur) && HOST_MODULES.has(cur.text)) out.push(finding(t, cur));
        if (isPunct(cur, ",")) expectName = true;
        else if (isIdent(cur)) expectName = false;
        else if (isPunct(cur, ";")) break;
        j++;
      }
      continue;
    }
    if (isIdent(t, "from") && lineStart(i) && isIdent(tokens[i + 1]) && HOST_MODULES.has(tokens[i + 1].text)) {
      out.push(finding(t, tokens[i + 1]));
      continue;
    }
    if (isIdent(t) && HOST_MODULES.has(t.text) && !isPunct(tokens[i - 1], ".") && isPunct(tokens[i + 1], ".") && !isIdent(tokens[i - 1], "import") && !isIdent(tokens[i - 1], "from"))
      out.push(finding(t, tokens[i + 2] ?? tokens[i + 1]));
  }
  return out;
}

export function pythonRisks(script: string): Finding[] {
  const tokens = tokenize(script, "python");
  return sortFindings([...hostModuleUses(tokens), ...stopCalls(tokens)]);
}

export function jvmRisks(script: string): Finding[] {
  return sortFindings(stopCalls(tokenize(script, "c-like")));
}

export const sortFindings = (list: Finding[]) =>
  [...list].sort((a, b) => a.startLineNumber - b.startLineNumber || a.startColumn - b.startColumn);
