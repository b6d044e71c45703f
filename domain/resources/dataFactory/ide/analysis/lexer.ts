/**
 * A small lexer for the non-SQL script languages: it knows strings and comments, so that the risk
 * check sees only code tokens (a `sc.stop()` in a comment or a string is not code). Only the
 * token kinds the check needs are kept: identifiers, punctuation and the string/comment skips.
 */
export interface Token {
  kind: "ident" | "punct" | "string" | "number" | "comment";
  text: string;
  /** 1-based, as the editor counts. */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** python: hash comments; c-like (Scala, Java): line and block comments; sql (HQL): double-dash and block comments, backquoted names. */
export type LexDialect = "python" | "c-like" | "sql";

const isIdentStart = (ch: string) => /[A-Za-z_$\u00C0-\uFFFF]/.test(ch);
const isIdentPart = (ch: string) => /[A-Za-z0-9_$\u00C0-\uFFFF]/.test(ch);

/** `keepComments`: comments come out as tokens too (the formatter keeps them; the risk checks do not). */
export function tokenize(source: string, dialect: LexDialect, keepComments = false): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  let col = 1;
  const advance = (n: number) => {
    for (let k = 0; k < n && i < source.length; k++, i++) {
      if (source[i] === "\n") {
        line++;
        col = 1;
      } else col++;
    }
  };
  const push = (kind: Token["kind"], from: number, fromLine: number, fromCol: number) =>
    tokens.push({ kind, text: source.slice(from, i), line: fromLine, column: fromCol, endLine: line, endColumn: col });

  /** Consumes a quoted literal opened by `quote` (1 or 3 characters); an unterminated one ends at the line end (or input end when triple). */
  const skipQuoted = (quote: string, escapes: boolean) => {
    advance(quote.length);
    while (i < source.length) {
      if (escapes && source[i] === "\\") {
        advance(2);
        continue;
      }
      if (source.startsWith(quote, i)) {
        advance(quote.length);
        return;
      }
      if (quote.length === 1 && source[i] === "\n") return;
      advance(1);
    }
  };

  while (i < source.length) {
    const ch = source[i];
    const from = i;
    const fromLine = line;
    const fromCol = col;
    if (/\s/.test(ch)) {
      advance(1);
      continue;
    }
    const lineComment =
      (dialect === "python" && ch === "#") || (dialect === "c-like" && source.startsWith("//", i)) || (dialect === "sql" && source.startsWith("--", i));
    if (lineComment) {
      while (i < source.length && source[i] !== "\n") advance(1);
      if (keepComments) push("comment", from, fromLine, fromCol);
      continue;
    }
    if (dialect !== "python" && source.startsWith("/*", i)) {
      const end = source.indexOf("*/", i + 2);
      advance(end < 0 ? source.length - i : end + 2 - i);
      if (keepComments) push("comment", from, fromLine, fromCol);
      continue;
    }
    if (dialect === "python") {
      // String prefixes (r, b, f, u and their pairs) directly before a quote belong to the literal.
      const prefixed = /^([rRbBfFuU]{1,2})?('''|"""|'|")/.exec(source.slice(i, i + 5));
      if (prefixed) {
        const raw = /[rR]/.test(prefixed[1] ?? "");
        advance((prefixed[1] ?? "").length);
        skipQuoted(prefixed[2], !raw);
        push("string", from, fromLine, fromCol);
        continue;
      }
    } else if (dialect === "sql") {
      if (ch === "'" || ch === '"') {
        skipQuoted(ch, true);
        push("string", from, fromLine, fromCol);
        continue;
      }
    } else {
      if (source.startsWith('"""', i)) {
        skipQuoted('"""', false);
        push("string", from, fromLine, fromCol);
        continue;
      }
      if (ch === '"') {
        skipQuoted('"', true);
        push("string", from, fromLine, fromCol);
        continue;
      }
      // A char literal ('a', '\n'); Scala's symbol literal 'name has no closing quote and is an identifier.
      const charLit = /^'(\\.[^']*|[^\\'\n])'/.exec(source.slice(i, i + 12));
      if (charLit) {
        advance(charLit[0].length);
        push("string", from, fromLine, fromCol);
        continue;
      }
    }
    if (isIdentStart(ch)) {
      while (i < source.length && isIdentPart(source[i])) advance(1);
      push("ident", from, fromLine, fromCol);
      continue;
    }
    if (/[0-9]/.test(ch)) {
      while (i < source.length && /[0-9A-Za-z_.]/.test(source[i])) advance(1);
      push("number", from, fromLine, fromCol);
      continue;
    }
    if (dialect !== "python" && ch === "`") {
      // A back-quoted identifier (Scala, Hive): `sc` is the same name as sc.
      skipQuoted("`", false);
      // An unterminated one ends at the line end: its last character is part of the name.
      const closed = i - from >= 2 && source[i - 1] === "`";
      tokens.push({ kind: "ident", text: source.slice(from + 1, closed ? i - 1 : i), line: fromLine, column: fromCol, endLine: line, endColumn: col });
      continue;
    }
    advance(1);
    push("punct", from, fromLine, fromCol);
  }
  return tokens;
}
