import { badRequest } from "./errors";

// Node 20 has String.prototype.isWellFormed; the ES2023 lib that tsconfig targets does not declare it.
const wellFormed = (s: string) => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

/**
 * Whether a column can hold the string: Postgres refuses NUL in text, and half a surrogate pair
 * has no UTF-8 form (the drivers would silently store U+FFFD instead of what was sent).
 */
export const isStorable = (s: string): boolean => !s.includes("\u0000") && wellFormed(s);

/** `value`, or 400 saying where it came from (`查询参数 phone`, `请求体字段 logs`). */
export function storable(value: string, where: string): string {
  if (!isStorable(value)) throw badRequest(`${clip(where)}包含非法字符(NUL或不成对的Unicode代理项)`);
  return value;
}

/** A name the client chose, fit to be echoed in a message: short, and itself storable. */
export function clip(name: string, max = 64): string {
  const safe = isStorable(name) ? name : name.replaceAll("\u0000", "").replace(/[\ud800-\udfff]/g, "\ufffd");
  const chars = [...safe];
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : safe;
}
