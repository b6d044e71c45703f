import { randomInt } from "node:crypto";
import { PASSWORD_SPECIAL_CHARS } from "../../../src/validation";
import type { Db } from "../../db/connection";
import { badRequest } from "../../http/errors";
import { checkNewPassword, loadPasswordPolicy } from "../../security/password-policy";

/** Characters of each class, without the look-alikes (0/O, 1/l/I) of a password read off a screen. */
const CLASSES = {
  requireDigits: "23456789",
  requireUpper: "ABCDEFGHJKLMNPQRSTUVWXYZ",
  requireLower: "abcdefghijkmnopqrstuvwxyz",
  requireSpecial: PASSWORD_SPECIAL_CHARS,
} as const;
type ClassName = keyof typeof CLASSES;

const pick = (chars: string) => chars[randomInt(chars.length)];

/**
 * A strong random password that the current password policy accepts: at least 16 characters (or
 * the policy's bounds), one of each class the policy requires and only those when it names some
 * ("只能且必须"), every class otherwise. Shown once to the platform administrator, never stored
 * in clear.
 */
export async function generateAdminPassword(db: Db, tenantId: string): Promise<string> {
  // A new tenant has no policy of its own yet: the platform's applies, as at its first sign-in.
  const policy = await loadPasswordPolicy(db, tenantId);
  const required = (Object.keys(CLASSES) as ClassName[]).filter((k) => policy[k]);
  const classes = required.length ? required : (Object.keys(CLASSES) as ClassName[]);
  const alphabet = classes.map((k) => CLASSES[k]).join("");
  const length = Math.min(Math.max(16, policy.minLength), policy.maxLength);
  // A random draw is rarely "weak" (three identical or consecutive characters): draw again.
  for (let attempt = 0; attempt < 200; attempt++) {
    const chars = classes.map((k) => pick(CLASSES[k]));
    while (chars.length < length) chars.push(pick(alphabet));
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j], chars[i]];
    }
    const password = chars.join("");
    if (checkNewPassword(policy, password) === null) return password;
  }
  throw badRequest("无法生成符合密码策略的密码,请检查密码策略");
}
