import { badRequest } from "./errors";
import { storable } from "./text";

/** Deeper JSON than any form of the console sends; JSON.parse and every walk stay far from the stack's end. */
export const MAX_JSON_DEPTH = 32;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The nesting depth of JSON text, found by scanning it (brackets inside strings do not count), so
 * that 150,000 levels cost one pass and no recursion. Stops as soon as `limit` is passed.
 */
export function jsonDepth(text: string, limit = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === BACKSLASH) i++;
      else if (ch === QUOTE) inString = false;
    } else if (ch === QUOTE) {
      inString = true;
    } else if (ch === OPEN_OBJECT || ch === OPEN_ARRAY) {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (ch === CLOSE_OBJECT || ch === CLOSE_ARRAY) {
      depth--;
    }
  }
  return deepest;
}

/**
 * Every string of a parsed value, keys included, must be storable; the message names the
 * top-level field it was found under. The depth is already bounded, the walk keeps its own stack.
 */
function checkStrings(value: unknown): void {
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length) {
    const [v, field] = stack.pop()!;
    if (typeof v === "string") storable(v, field ? `请求体字段 ${field} ` : "请求体");
    else if (Array.isArray(v)) for (const item of v) stack.push([item, field]);
    else if (v !== null && typeof v === "object") {
      for (const [k, item] of Object.entries(v)) {
        storable(k, field ? `请求体字段 ${field} 的键名` : "请求体的键名");
        stack.push([item, field || k]);
      }
    }
  }
}

/** JSON text as a value, or 400 with what is wrong: not JSON, nested too deep, unstorable strings. */
export function parseJson(text: string): unknown {
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw badRequest(`请求体嵌套过深(最多${MAX_JSON_DEPTH}层)`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest("请求体不是合法的JSON");
  }
  checkStrings(value);
  return value;
}
