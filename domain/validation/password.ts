/** The special characters of the password policy (§5). */
export const PASSWORD_SPECIAL_CHARS = "!@#$%^&*()_+=";

export interface PasswordPatternOptions {
  digits?: boolean;
  upper?: boolean;
  lower?: boolean;
  special?: boolean;
  min: number;
  /** Upper length bound; `Infinity` for none. */
  max: number;
}

/** Escapes the characters that are special inside a RegExp character class. */
const escapeForClass = (chars: string): string => chars.replace(/[\\\]^-]/g, "\\$&");

/**
 * A RegExp accepting strings that contain at least one character of every chosen class, consist
 * only of characters of the chosen classes, and are min..max characters long.
 *
 * Throws on an impossible policy instead of returning a pattern that silently matches nothing,
 * because a policy comes from configuration and a mistake there should surface at once.
 */
export function buildPasswordPattern(options: PasswordPatternOptions): RegExp {
  const { digits = false, upper = false, lower = false, special = false, min, max } = options;
  const classes: string[] = [];
  if (digits) classes.push("0-9");
  if (upper) classes.push("A-Z");
  if (lower) classes.push("a-z");
  if (special) classes.push(escapeForClass(PASSWORD_SPECIAL_CHARS));
  if (classes.length === 0) {
    throw new Error("buildPasswordPattern: choose at least one character class (digits, upper, lower or special)");
  }
  if (!Number.isInteger(min) || min < 0) {
    throw new Error(`buildPasswordPattern: min must be a non-negative integer, got ${min}`);
  }
  if (max !== Infinity && (!Number.isInteger(max) || max < 0)) {
    throw new Error(`buildPasswordPattern: max must be a non-negative integer or Infinity, got ${max}`);
  }
  if (min > max) throw new Error(`buildPasswordPattern: min (${min}) is greater than max (${max})`);

  // `[^c]*[c]` rather than `.*[c]`: it cannot backtrack, and `.` would stop at line breaks.
  const required = classes.map((c) => `(?=[^${c}]*[${c}])`).join("");
  const quantifier = max === Infinity ? `{${min},}` : `{${min},${max}}`;
  return new RegExp(`^${required}[${classes.join("")}]${quantifier}$`);
}

/**
 * Rows whose ascending runs of three make a password weak. The digit row is "01234567890": every
 * ascending run of consecutive digits (012 … 789) plus 890, where the keyboard's digit row runs
 * 1234567890 (§5: "789, 890"). 901 (wrapping back to the row start) is not a run on the keyboard.
 */
const WEAK_ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm", "01234567890"];

/** Letters and digits of any script; everything else counts as a symbol. */
const TRIPLE_NON_SYMBOL = /([\p{L}\p{N}])\1\1/u;

/**
 * The weak-password check of §5. True when the password contains:
 * - three identical letters or digits in a row ("aaa", "AAA", "111"; "!!!" is allowed because §5
 *   exempts symbols). Identity is case-sensitive: "aAa" is three different characters.
 * - three consecutive letters of a keyboard row going forward along the row (qwe, wer, asd, zxc …),
 *   in any mix of case. Backward runs (ewq, dsa) are not weak: §5 names the rows in their forward
 *   order only.
 * - three ascending consecutive digits (012 … 789) or 890. Descending runs (321) are not weak.
 */
export function isWeakPassword(value: string): boolean {
  if (typeof value !== "string") return false;
  if (TRIPLE_NON_SYMBOL.test(value)) return true;
  // ASCII-only lowering: the rows are ASCII, and toLowerCase can change the length ('İ' → 'i̇').
  const lower = value.replace(/[A-Z]/g, (c) => c.toLowerCase());
  for (let i = 0; i + 3 <= lower.length; i++) {
    const run = lower.slice(i, i + 3);
    if (WEAK_ROWS.some((row) => row.includes(run))) return true;
  }
  return false;
}
