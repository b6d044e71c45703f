import { and, eq, inArray } from "drizzle-orm";
import { USER_FIELD_LIMITS, buildPasswordPattern, formatMessage, isWeakPassword } from "../../src/validation";
import type { Db } from "../db/connection";
import { param } from "../db/schema";

/**
 * The policy for a password chosen as typed (update-password, register-guest). Defaults: 6–32
 * characters, not weak in the sense of §5 (no three identical or consecutive characters). Params
 * may change it: password.minLength, password.maxLength, password.rejectWeak (0 turns the weak
 * check off) and password.require (a comma list of digits, upper, lower, special).
 */
export interface PasswordPolicy {
  min: number;
  max: number;
  rejectWeak: boolean;
  require: { digits: boolean; upper: boolean; lower: boolean; special: boolean };
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  min: 6,
  max: USER_FIELD_LIMITS.password,
  rejectWeak: true,
  require: { digits: false, upper: false, lower: false, special: false },
};

export const MSG_WEAK_PASSWORD = "密码过于简单,不能包含三个相同或连续的字符";
const CLASS_NAMES = { digits: "数字", upper: "大写字母", lower: "小写字母", special: "特殊字符" } as const;
/** No policy may allow more: the digest is what is stored, but bodies and forms have limits. */
const HARD_MAX = 128;

const KEYS = ["password.minLength", "password.maxLength", "password.rejectWeak", "password.require"];

export async function loadPasswordPolicy(db: Db): Promise<PasswordPolicy> {
  const rows = await db
    .select({ key: param.paramKey, value: param.paramValue })
    .from(param)
    .where(and(inArray(param.paramKey, KEYS), eq(param.isDeleted, 0)));
  const get = (key: string) => rows.find((r) => r.key === key)?.value?.trim();
  const int = (key: string, fallback: number) => {
    const n = Number(get(key));
    return Number.isInteger(n) && n >= 1 && n <= HARD_MAX ? n : fallback;
  };
  const min = int("password.minLength", DEFAULT_PASSWORD_POLICY.min);
  const max = Math.max(min, int("password.maxLength", DEFAULT_PASSWORD_POLICY.max));
  const required = new Set((get("password.require") ?? "").split(",").map((s) => s.trim()));
  return {
    min,
    max,
    rejectWeak: get("password.rejectWeak") !== "0",
    require: { digits: required.has("digits"), upper: required.has("upper"), lower: required.has("lower"), special: required.has("special") },
  };
}

/** The first thing wrong with a new password, or null. */
export function checkNewPassword(policy: PasswordPolicy, password: string): string | null {
  const length = [...password].length;
  if (length < policy.min || length > policy.max) {
    const isDefault = policy.min === DEFAULT_PASSWORD_POLICY.min && policy.max === DEFAULT_PASSWORD_POLICY.max;
    return isDefault ? formatMessage("passwordLength") : `密码长度在${policy.min}到${policy.max}个字符`;
  }
  const classes = (Object.keys(CLASS_NAMES) as (keyof typeof CLASS_NAMES)[]).filter((k) => policy.require[k]);
  if (classes.length) {
    const pattern = buildPasswordPattern({ ...policy.require, min: policy.min, max: policy.max });
    if (!pattern.test(password)) return `密码只能且必须包含${classes.map((k) => CLASS_NAMES[k]).join("、")}`;
  }
  if (policy.rejectWeak && isWeakPassword(password)) return MSG_WEAK_PASSWORD;
  return null;
}
