import { formatMessage, type Lang } from "./messages";
import { PASSWORD_SPECIAL_CHARS, buildPasswordPattern, isWeakPassword } from "./password";
import { USER_FIELD_LIMITS } from "./user";

/**
 * The password policy (/system/cryptographicPolicy/index) as plain data, and the rules a password
 * is judged by. Pure: the server checks new passwords with `checkPassword(rulesOfPolicy(p))`, and
 * the console checks them with `checkPassword` over the rules the server answers from
 * getPasswordRegex, so both refuse the same input with the same words.
 */
export interface PasswordPolicy {
  minLength: number;
  maxLength: number;
  requireDigits: boolean;
  requireUpper: boolean;
  requireLower: boolean;
  /** One of PASSWORD_SPECIAL_CHARS (§5). */
  requireSpecial: boolean;
  /** The weak-password check of §5 (three identical or consecutive characters). */
  rejectWeak: boolean;
  /** Days a password stays valid; 0 = never expires. */
  expireDays: number;
  /** The last N passwords may not be chosen again; 0 = no history. */
  historyCount: number;
  /** Failed sign-ins that lock an account. */
  lockThreshold: number;
  /** How long a locked account stays locked. */
  lockMinutes: number;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 6,
  maxLength: USER_FIELD_LIMITS.password,
  requireDigits: false,
  requireUpper: false,
  requireLower: false,
  requireSpecial: false,
  rejectWeak: true,
  expireDays: 0,
  historyCount: 0,
  lockThreshold: 5,
  lockMinutes: 30,
};

type NumberField = "minLength" | "maxLength" | "expireDays" | "historyCount" | "lockThreshold" | "lockMinutes";
type FlagField = "requireDigits" | "requireUpper" | "requireLower" | "requireSpecial" | "rejectWeak";

/**
 * Bounds of each number. Lengths stay within 6..32 because user create checks §5's 6–32 on its own:
 * a policy inside that range can never be contradicted by it. History is bounded because each
 * remembered password costs one slow hash comparison at every change.
 */
export const POLICY_LIMITS: Record<NumberField, { min: number; max: number; zh: string; en: string }> = {
  minLength: { min: 6, max: USER_FIELD_LIMITS.password, zh: "密码最小长度", en: "Minimum length" },
  maxLength: { min: 6, max: USER_FIELD_LIMITS.password, zh: "密码最大长度", en: "Maximum length" },
  expireDays: { min: 0, max: 3650, zh: "密码有效期(天)", en: "Expiry (days)" },
  historyCount: { min: 0, max: 12, zh: "历史密码限制(次)", en: "Password history (count)" },
  lockThreshold: { min: 1, max: 100, zh: "登录失败锁定次数", en: "Failed sign-ins before lock" },
  lockMinutes: { min: 1, max: 1440, zh: "锁定时长(分钟)", en: "Lock duration (minutes)" },
};

export const POLICY_FLAGS: Record<FlagField, { zh: string; en: string }> = {
  requireDigits: { zh: "必须包含数字", en: "Require digits" },
  requireUpper: { zh: "必须包含大写字母", en: "Require upper-case letters" },
  requireLower: { zh: "必须包含小写字母", en: "Require lower-case letters" },
  requireSpecial: { zh: `必须包含特殊字符(${PASSWORD_SPECIAL_CHARS})`, en: `Require special characters (${PASSWORD_SPECIAL_CHARS})` },
  rejectWeak: { zh: "禁止弱密码(三个相同或连续的字符)", en: "Refuse weak passwords (three identical or consecutive characters)" },
};

export const NUMBER_FIELDS = Object.keys(POLICY_LIMITS) as NumberField[];
export const FLAG_FIELDS = Object.keys(POLICY_FLAGS) as FlagField[];

const pick = (lang: Lang, zh: string, en: string) => (lang === "en" ? en : zh);

export const policyMessages = {
  weak: (lang: Lang = "zh") => pick(lang, "密码过于简单,不能包含三个相同或连续的字符", "The password is too simple: no three identical or consecutive characters"),
  length: (min: number, max: number, lang: Lang = "zh") =>
    min === DEFAULT_PASSWORD_POLICY.minLength && max === DEFAULT_PASSWORD_POLICY.maxLength
      ? formatMessage("passwordLength", lang)
      : pick(lang, `密码长度在${min}到${max}个字符`, `Password must be ${min} to ${max} characters long`),
  classes: (names: { zh: string; en: string }[], lang: Lang = "zh") =>
    lang === "en"
      ? `The password may contain only, and must contain each of: ${names.map((n) => n.en).join(", ")}`
      : `密码只能且必须包含${names.map((n) => n.zh).join("、")}`,
  history: (n: number, lang: Lang = "zh") =>
    pick(lang, `新密码不能与最近${n}次使用过的密码相同`, `The new password must differ from the last ${n} passwords`),
  expired: (lang: Lang = "zh") => pick(lang, "密码已过期,请修改密码后再登录", "Your password has expired; change it to sign in"),
  /** An administrator reset the password and asked for a change at the next sign-in. */
  mustChange: (lang: Lang = "zh") => pick(lang, "管理员重置了您的密码,请修改密码后再登录", "An administrator reset your password; change it to sign in"),
};

const CLASS_NAMES = {
  requireDigits: { zh: "数字", en: "digits" },
  requireUpper: { zh: "大写字母", en: "upper-case letters" },
  requireLower: { zh: "小写字母", en: "lower-case letters" },
  requireSpecial: { zh: "特殊字符", en: "special characters" },
} as const;

export interface FieldError {
  field: string;
  message: string;
}

const isInt = (v: unknown) => (typeof v === "number" && Number.isInteger(v)) || (typeof v === "string" && /^\d{1,9}$/.test(v.trim()));
const flagOf = (v: unknown): boolean | undefined =>
  v === true || v === 1 || v === "1" || v === "true" ? true : v === false || v === 0 || v === "0" || v === "false" ? false : undefined;

/**
 * Reads a policy from a form or request body, every field required. Errors name the field so the
 * form shows them beside it; the console form and passwordAddUpdate run this same function.
 */
export function parsePasswordPolicy(body: Record<string, unknown>, lang: Lang = "zh"): { policy?: PasswordPolicy; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const out = { ...DEFAULT_PASSWORD_POLICY };
  for (const field of NUMBER_FIELDS) {
    const { min, max, zh, en } = POLICY_LIMITS[field];
    const v = body[field];
    if (v === undefined || v === null || v === "") {
      errors.push({ field, message: pick(lang, `请输入${zh}`, `Please enter ${en.toLowerCase()}`) });
    } else if (!isInt(v) || Number(v) < min || Number(v) > max) {
      errors.push({ field, message: pick(lang, `${zh}必须是${min}到${max}之间的整数`, `${en} must be an integer from ${min} to ${max}`) });
    } else {
      out[field] = Number(v);
    }
  }
  for (const field of FLAG_FIELDS) {
    const v = flagOf(body[field]);
    if (v === undefined) errors.push({ field, message: pick(lang, `${POLICY_FLAGS[field].zh}取值不正确`, `${POLICY_FLAGS[field].en}: invalid value`) });
    else out[field] = v;
  }
  if (!errors.some((e) => e.field === "minLength" || e.field === "maxLength") && out.minLength > out.maxLength) {
    errors.push({ field: "maxLength", message: pick(lang, "密码最大长度不能小于最小长度", "The maximum length cannot be less than the minimum length") });
  }
  return errors.length ? { errors } : { policy: out, errors };
}

/** One pattern a password must match, with the policy's words for a password that does not. */
export interface PatternRule {
  regex: string;
  flags?: string;
  message: string;
  /** The English words, when the server sends them. */
  messageEn?: string;
}

/** What getPasswordRegex answers: the patterns in the order they are judged, then the weak check. */
export interface PasswordRuleSet {
  /** Every pattern as one, for a client that reads a single regex. */
  regex: string;
  flags?: string;
  message: string;
  rules: PatternRule[];
  rejectWeak: boolean;
  weakMessage: string;
  minLength: number;
  maxLength: number;
}

export function rulesOfPolicy(policy: PasswordPolicy): PasswordRuleSet {
  const { minLength: min, maxLength: max } = policy;
  // `u`: [\s\S] then counts code points, as the server's length checks do.
  const length: PatternRule = { regex: `^[\\s\\S]{${min},${max}}$`, flags: "u", message: policyMessages.length(min, max), messageEn: policyMessages.length(min, max, "en") };
  const rules = [length];
  const chosen = (Object.keys(CLASS_NAMES) as (keyof typeof CLASS_NAMES)[]).filter((k) => policy[k]);
  if (chosen.length) {
    // §5's pattern helper: only the chosen classes, and each of them at least once.
    const pattern = buildPasswordPattern({
      digits: policy.requireDigits,
      upper: policy.requireUpper,
      lower: policy.requireLower,
      special: policy.requireSpecial,
      min,
      max,
    });
    const names = chosen.map((k) => CLASS_NAMES[k]);
    rules.push({ regex: pattern.source, message: policyMessages.classes(names), messageEn: policyMessages.classes(names, "en") });
  }
  const last = rules[rules.length - 1];
  return {
    regex: last.regex,
    flags: last.flags,
    message: last.message,
    rules,
    rejectWeak: policy.rejectWeak,
    weakMessage: policyMessages.weak(),
    minLength: min,
    maxLength: max,
  };
}

const compile = (rule: PatternRule): RegExp | null => {
  try {
    return new RegExp(rule.regex, rule.flags ?? "");
  } catch {
    return null;
  }
};

/** The words of the first rule a password breaks, or null. `lang` picks English words when the rule has them. */
export function checkPassword(set: PasswordRuleSet, password: string, lang: Lang = "zh"): string | null {
  for (const rule of set.rules) {
    const regex = compile(rule);
    if (regex && !regex.test(password)) return lang === "en" && rule.messageEn ? rule.messageEn : rule.message;
  }
  if (set.rejectWeak && isWeakPassword(password)) return lang === "en" ? policyMessages.weak("en") : set.weakMessage;
  return null;
}

const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

function ruleOf(v: unknown): PatternRule | null {
  if (typeof v === "string") return v ? { regex: v, message: formatMessage("formatIncorrect") } : null;
  if (!v || typeof v !== "object") return null;
  const o = v as Record<string, unknown>;
  const regex = str(o.regex) ?? str(o.pattern) ?? str(o.passwordRegex) ?? str(o.regexp) ?? str(o.reg);
  if (!regex) return null;
  const message = str(o.message) ?? str(o.msg) ?? str(o.tip) ?? str(o.description) ?? str(o.regexDesc) ?? formatMessage("formatIncorrect");
  return { regex, flags: str(o.flags), message, messageEn: str(o.messageEn) };
}

/**
 * Reads getPasswordRegex's `data` as whichever server sent it: ours (PasswordRuleSet), a bare
 * pattern string, one `{regex|pattern, message|msg|tip}` object, or a list of them. Null when it
 * holds no usable pattern (the form then keeps §5's static rules).
 */
export function readPasswordRuleSet(data: unknown): PasswordRuleSet | null {
  const list = Array.isArray(data)
    ? data
    : data && typeof data === "object" && Array.isArray((data as { rules?: unknown }).rules)
      ? ((data as { rules: unknown[] }).rules)
      : [data];
  const rules = list.map(ruleOf).filter((r): r is PatternRule => r !== null && compile(r) !== null);
  if (rules.length === 0) return null;
  const o = (data && typeof data === "object" && !Array.isArray(data) ? data : {}) as Record<string, unknown>;
  const num = (v: unknown, fallback: number) => (typeof v === "number" && Number.isInteger(v) ? v : fallback);
  const last = rules[rules.length - 1];
  return {
    regex: last.regex,
    flags: last.flags,
    message: last.message,
    rules,
    rejectWeak: flagOf(o.rejectWeak) ?? false,
    weakMessage: str(o.weakMessage) ?? policyMessages.weak(),
    minLength: num(o.minLength, DEFAULT_PASSWORD_POLICY.minLength),
    maxLength: num(o.maxLength, DEFAULT_PASSWORD_POLICY.maxLength),
  };
}

/**
 * The token endpoint's `error` for a right password that has expired. The console answers it by
 * asking for a new password (POST /blade-system/sysConfig/updateExpiredPassword), then signs in.
 */
export const PASSWORD_EXPIRED = "password_expired";
