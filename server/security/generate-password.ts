import { randomInt } from "node:crypto";
import { PASSWORD_SPECIAL_CHARS } from "../../domain/validation";
import { checkPassword, rulesOfPolicy, type PasswordPolicy } from "../../domain/validation/password-policy";

const CLASSES = {
  requireDigits: "23456789",
  requireUpper: "ABCDEFGHJKLMNPQRSTUVWXYZ",
  requireLower: "abcdefghijkmnopqrstuvwxyz",
  requireSpecial: PASSWORD_SPECIAL_CHARS,
} as const;

/** Long enough to be strong, within every policy's bounds. */
const PREFERRED_LENGTH = 16;

/**
 * A random password (node:crypto) that the policy accepts: of the classes it requires (each at least once, nothing else, as its pattern says), or of all four when none
 * is required; look-alike characters (0/O, 1/l/I) left out since an operator reads it out to a user.
 * Drawn again while the weak check refuses it (three identical or consecutive characters).
 */
export function generatePassword(policy: PasswordPolicy): string {
  const required = (Object.keys(CLASSES) as (keyof typeof CLASSES)[]).filter((k) => policy[k]);
  const classes = (required.length ? required : (Object.keys(CLASSES) as (keyof typeof CLASSES)[])).map((k) => CLASSES[k]);
  const length = Math.max(classes.length, Math.min(Math.max(PREFERRED_LENGTH, policy.minLength), policy.maxLength));
  const all = classes.join("");
  const pick = (set: string) => set[randomInt(set.length)];
  const rules = rulesOfPolicy(policy);
  for (let attempt = 0; attempt < 1000; attempt++) {
    const chars = [...classes.map(pick), ...Array.from({ length: length - classes.length }, () => pick(all))];
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j], chars[i]];
    }
    const password = chars.join("");
    if (checkPassword(rules, password) === null) return password;
  }
  // Unreachable for any policy within POLICY_LIMITS (16 characters from 2+ classes); said loudly if not.
  throw new Error("no generated password satisfied the password policy");
}
