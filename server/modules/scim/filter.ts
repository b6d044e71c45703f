import { invalidFilter, invalidPath } from "./errors";

/**
 * RFC 7644 §3.4.2.2 filters and §3.5.2 PATCH paths, parsed into a tree the reads compile to SQL
 * (users.ts, groups.ts) and PATCH walks (patch.ts). Attribute names are case-insensitive (RFC
 * 7643 §2.1): the tree holds them lower-cased, without the core schema URN in front.
 */

export type CompareOp = "eq" | "ne" | "co" | "sw" | "ew" | "gt" | "ge" | "lt" | "le";
export type FilterValue = string | number | boolean | null;

export type Filter =
  | { kind: "compare"; attr: string; op: CompareOp; value: FilterValue }
  | { kind: "present"; attr: string }
  | { kind: "and" | "or"; left: Filter; right: Filter }
  | { kind: "not"; filter: Filter }
  /** `emails[type eq "work"]`: some element of a multi-valued attribute matches `filter`. */
  | { kind: "valuePath"; attr: string; filter: Filter };

/** A PATCH target: `active`, `name.givenName`, `emails[type eq "work"].value`, `members[value eq "1"]`. */
export interface PatchPath {
  attr: string;
  filter?: Filter;
  sub?: string;
}

const COMPARE = new Set(["eq", "ne", "co", "sw", "ew", "gt", "ge", "lt", "le"]);
/** Longest filters or paths read; an identity provider sends a few hundred characters at most. */
const MAX_LENGTH = 4096;
const MAX_DEPTH = 32;

/** `urn:ietf:params:scim:schemas:core:2.0:User:userName` → `username`. */
export function attrName(raw: string): string {
  const lower = raw.toLowerCase();
  const urn = /^urn:ietf:params:scim:schemas:(?:core|extension:[a-z0-9]+):2\.0:(?:user|group)(?::|$)/.exec(lower);
  return urn ? lower.slice(urn[0].length) : lower;
}

type Token = { type: "word" | "string" | "(" | ")" | "[" | "]"; text: string; value?: FilterValue };

function tokenize(text: string, fail: (d: string) => Error): Token[] {
  if (text.length > MAX_LENGTH) throw fail(`过滤条件过长（最多 ${MAX_LENGTH} 个字符）`);
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (/\s/.test(ch)) {
      i++;
    } else if ("()[]".includes(ch)) {
      tokens.push({ type: ch as Token["type"], text: ch });
      i++;
    } else if (ch === '"') {
      // A JSON string: its escapes are JSON's (RFC 7644 §3.4.2.2).
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      if (j >= text.length) throw fail("过滤条件中的字符串缺少结束引号");
      let value: string;
      try {
        value = JSON.parse(text.slice(i, j + 1)) as string;
      } catch {
        throw fail("过滤条件中的字符串转义不正确");
      }
      tokens.push({ type: "string", text: text.slice(i, j + 1), value });
      i = j + 1;
    } else {
      const m = /^[A-Za-z0-9_$:.+-]+/.exec(text.slice(i));
      if (!m) throw fail(`过滤条件含无法识别的字符「${ch}」`);
      tokens.push({ type: "word", text: m[0] });
      i += m[0].length;
    }
  }
  return tokens;
}

class Parser {
  private at = 0;
  private depth = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly fail: (d: string) => Error,
  ) {}

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }
  private next(): Token {
    const t = this.tokens[this.at++];
    if (!t) throw this.fail("过滤条件不完整");
    return t;
  }
  private isWord(word: string): boolean {
    const t = this.peek();
    return t?.type === "word" && t.text.toLowerCase() === word;
  }
  private expect(type: Token["type"]): void {
    const t = this.next();
    if (t.type !== type) throw this.fail(`过滤条件在「${t.text}」处应为「${type}」`);
  }
  done(): boolean {
    return this.at >= this.tokens.length;
  }
  rest(): string {
    return this.tokens.slice(this.at).map((t) => t.text).join(" ");
  }

  or(): Filter {
    if (++this.depth > MAX_DEPTH) throw this.fail("过滤条件嵌套过深");
    let left = this.and();
    while (this.isWord("or")) {
      this.at++;
      left = { kind: "or", left, right: this.and() };
    }
    this.depth--;
    return left;
  }

  private and(): Filter {
    let left = this.factor();
    while (this.isWord("and")) {
      this.at++;
      left = { kind: "and", left, right: this.factor() };
    }
    return left;
  }

  private factor(): Filter {
    if (this.isWord("not")) {
      this.at++;
      this.expect("(");
      const filter = this.or();
      this.expect(")");
      return { kind: "not", filter };
    }
    if (this.peek()?.type === "(") {
      this.at++;
      const filter = this.or();
      this.expect(")");
      return filter;
    }
    return this.attrExp();
  }

  attrPath(): string {
    const t = this.next();
    if (t.type !== "word" || !/^[A-Za-z]/.test(t.text)) throw this.fail(`过滤条件在「${t.text}」处应为属性名`);
    return attrName(t.text);
  }

  private attrExp(): Filter {
    const attr = this.attrPath();
    if (this.peek()?.type === "[") {
      this.at++;
      const filter = this.or();
      this.expect("]");
      return { kind: "valuePath", attr, filter };
    }
    const op = this.next();
    const name = op.text.toLowerCase();
    if (op.type === "word" && name === "pr") return { kind: "present", attr };
    if (op.type !== "word" || !COMPARE.has(name)) throw this.fail(`不支持的比较运算符「${op.text}」`);
    return { kind: "compare", attr, op: name as CompareOp, value: this.value() };
  }

  private value(): FilterValue {
    const t = this.next();
    if (t.type === "string") return t.value as string;
    if (t.type === "word") {
      const lower = t.text.toLowerCase();
      if (lower === "true") return true;
      if (lower === "false") return false;
      if (lower === "null") return null;
      if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(t.text)) return Number(t.text);
    }
    throw this.fail(`过滤条件的比较值「${t.text}」须是带引号的字符串、数字、true、false 或 null`);
  }

  /** After a path's `[filter]`: the optional `.subAttr`. */
  subAttr(): string | undefined {
    const t = this.peek();
    if (!t) return undefined;
    if (t.type !== "word" || !/^\.[A-Za-z]\w*$/.test(t.text)) throw this.fail(`路径在「${t.text}」处多余`);
    this.at++;
    return t.text.slice(1).toLowerCase();
  }
}

/** A `filter` query parameter; 400 invalidFilter with what is wrong. */
export function parseFilter(text: string): Filter {
  const tokens = tokenize(text, invalidFilter);
  if (tokens.length === 0) throw invalidFilter("过滤条件为空");
  const parser = new Parser(tokens, invalidFilter);
  const filter = parser.or();
  if (!parser.done()) throw invalidFilter(`过滤条件在「${parser.rest()}」处多余`);
  return filter;
}

/** A PATCH operation's `path`; 400 invalidPath with what is wrong. */
export function parsePath(text: string): PatchPath {
  const tokens = tokenize(text, invalidPath);
  const parser = new Parser(tokens, invalidPath);
  if (tokens.length === 0) throw invalidPath("路径为空");
  const full = parser.attrPath();
  if (parser.done()) {
    const dot = full.indexOf(".");
    return dot < 0 ? { attr: full } : { attr: full.slice(0, dot), sub: full.slice(dot + 1) };
  }
  if (full.includes(".")) throw invalidPath(`路径「${text}」不正确`);
  const open = parser.rest();
  if (!open.startsWith("[")) throw invalidPath(`路径在「${open}」处多余`);
  // The bracket's filter, then an optional ".sub".
  const bracket = parseBracket(tokens.slice(1), text);
  return { attr: full, filter: bracket.filter, sub: bracket.sub };
}

function parseBracket(tokens: Token[], text: string): { filter: Filter; sub?: string } {
  const close = tokens.findLastIndex((t) => t.type === "]");
  if (tokens[0]?.type !== "[" || close < 0) throw invalidPath(`路径「${text}」的筛选缺少方括号`);
  const inner = new Parser(tokens.slice(1, close), invalidPath);
  const filter = inner.or();
  if (!inner.done()) throw invalidPath(`路径在「${inner.rest()}」处多余`);
  const after = new Parser(tokens.slice(close + 1), invalidPath);
  const sub = after.subAttr();
  if (!after.done()) throw invalidPath(`路径在「${after.rest()}」处多余`);
  return { filter, sub };
}

/**
 * Whether one element (an email, a member) satisfies a value filter — PATCH's `emails[type eq
 * "work"]`, `members[value eq "123"]`. Compares as SCIM's case-insensitive strings do.
 */
export function matches(element: unknown, filter: Filter): boolean {
  const obj = (element ?? {}) as Record<string, unknown>;
  const field = (attr: string) => Object.entries(obj).find(([k]) => k.toLowerCase() === attr)?.[1];
  switch (filter.kind) {
    case "and":
      return matches(element, filter.left) && matches(element, filter.right);
    case "or":
      return matches(element, filter.left) || matches(element, filter.right);
    case "not":
      return !matches(element, filter.filter);
    case "present": {
      const v = field(filter.attr);
      return v !== undefined && v !== null && v !== "";
    }
    case "valuePath":
      return false;
    case "compare": {
      const v = field(filter.attr);
      const a = typeof v === "string" ? v.toLowerCase() : v;
      const b = typeof filter.value === "string" ? filter.value.toLowerCase() : filter.value;
      switch (filter.op) {
        case "eq":
          return a === b || (a === undefined && b === null);
        case "ne":
          return a !== b;
        case "co":
          return typeof a === "string" && typeof b === "string" && a.includes(b);
        case "sw":
          return typeof a === "string" && typeof b === "string" && a.startsWith(b);
        case "ew":
          return typeof a === "string" && typeof b === "string" && a.endsWith(b);
        default:
          return a !== undefined && a !== null && b !== null && (filter.op === "gt" ? a > b : filter.op === "ge" ? a >= b : filter.op === "lt" ? a < b : a <= b);
      }
    }
  }
}
