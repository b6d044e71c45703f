import { formatMessage, type Lang } from "./messages";
import { patterns } from "./patterns";

/**
 * A form rule as plain data, so the console (antd Form) and the server (request bodies) apply the
 * very same checks. Semantics follow antd/async-validator: a rule that is not `required` is skipped
 * for an empty value.
 */
export interface Rule {
  required?: boolean;
  message: string;
  /** Minimum length of a string (in characters) or array, or minimum of a number. */
  min?: number;
  /** Maximum length of a string (in characters) or array, or maximum of a number. */
  max?: number;
  /** Tested against strings and numbers; any other value fails. */
  pattern?: RegExp;
  /** Returns its own message, or null; `message` is then only documentation. */
  validator?: (value: unknown, lang: Lang) => string | null;
}

/**
 * Empty means "nothing entered": undefined, null, a blank string or an empty array. 0 and false are
 * values (a dictionary's isSealed = 0 is a choice, not a missing one).
 */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Code points, so a character outside the BMP counts once, as the user sees it. */
const measure = (value: unknown): number | null => {
  if (typeof value === "string") return [...value].length;
  if (Array.isArray(value)) return value.length;
  if (typeof value === "number") return value;
  return null;
};

/** The message of the first failing rule, or null when all pass. */
export function checkRules(value: unknown, rules: readonly Rule[], lang: Lang = "zh"): string | null {
  const empty = isEmptyValue(value);
  for (const rule of rules) {
    if (empty) {
      if (rule.required) return rule.message;
      continue;
    }
    const size = measure(value);
    if (rule.min !== undefined && (size === null || size < rule.min)) return rule.message;
    if (rule.max !== undefined && (size === null || size > rule.max)) return rule.message;
    if (rule.pattern) {
      const text = typeof value === "string" || typeof value === "number" ? String(value) : null;
      if (text === null || !rule.pattern.test(text)) return rule.message;
    }
    if (rule.validator) {
      const message = rule.validator(value, lang);
      if (message) return message;
    }
  }
  return null;
}

/** The shape antd's Form.Item `rules` accepts, declared here so this library needs no antd import. */
export interface FormItemRule {
  required?: boolean;
  validator: (rule: unknown, value: unknown) => Promise<void>;
}

/**
 * Converts rules for antd's Form.Item. One combined rule reports only the first failure, exactly
 * as the server does, instead of antd's default of listing every failing rule; `required` is
 * carried over so the form still marks the field with an asterisk.
 */
export function toFormRules(rules: readonly Rule[], lang: Lang = "zh"): FormItemRule[] {
  return [
    {
      required: rules.some((r) => r.required),
      validator: (_rule, value) => {
        const message = checkRules(value, rules, lang);
        return message === null ? Promise.resolve() : Promise.reject(new Error(message));
      },
    },
  ];
}

/** Every field of a form, each with its rules. */
export type FormRules<K extends string> = Record<K, Rule[]>;

const HAN = "\\u4e00-\\u9fff";
const INPUT_CHARS = new RegExp(`^[${HAN}A-Za-z0-9_]*$`);
const DESCRIPTION_FORBIDDEN = /^[^<>/"']*$/;
const TEXTAREA_FORBIDDEN = /^[^`'"&<>|/\\]*$/;

export const INPUT_MAX_LENGTH = 64;
export const TEXTAREA_MAX_LENGTH = 200;

const required = (key: Parameters<typeof formatMessage>[0], lang: Lang): Rule => ({
  required: true,
  message: formatMessage(key, lang),
});

export function phoneRules(lang: Lang = "zh"): Rule[] {
  return [
    required("phoneRequired", lang),
    { pattern: patterns.mainlandMobile, message: formatMessage("formatIncorrect", lang) },
  ];
}

export function nameRules(lang: Lang = "zh"): Rule[] {
  return [{ pattern: patterns.nameChars, message: formatMessage("nameChars", lang) }];
}

export function descriptionRules(lang: Lang = "zh"): Rule[] {
  return [
    required("descriptionRequired", lang),
    { pattern: DESCRIPTION_FORBIDDEN, message: formatMessage("descriptionChars", lang) },
  ];
}

/** Generic single-line input (§5, §9): at most 64 characters of Chinese, letters, digits, underscore. */
export function inputRules(lang: Lang = "zh"): Rule[] {
  return [
    { max: INPUT_MAX_LENGTH, message: formatMessage("maxLength", lang, { n: INPUT_MAX_LENGTH }) },
    { pattern: INPUT_CHARS, message: formatMessage("inputChars", lang) },
  ];
}

/**
 * Generic textarea (§5, §9): at most 200 characters, none of ` ' " & < > | / \ — the characters
 * that break out of HTML, shell or SQL string contexts downstream.
 */
export function textareaRules(lang: Lang = "zh"): Rule[] {
  return [
    { max: TEXTAREA_MAX_LENGTH, message: formatMessage("maxLength", lang, { n: TEXTAREA_MAX_LENGTH }) },
    { pattern: TEXTAREA_FORBIDDEN, message: formatMessage("specialChars", lang) },
  ];
}

/** System parameter form: keyed as the dialog's fields (paramName, paramKey, paramValue). */
export function paramRules(lang: Lang = "zh"): FormRules<"name" | "key" | "value"> {
  return {
    name: [required("paramName", lang)],
    key: [required("paramKey", lang)],
    value: [required("paramValue", lang)],
  };
}

/** Dictionary parent (top-level) entry, keyed by the dictionary entity's fields (§3). */
export function dictParentRules(lang: Lang = "zh"): FormRules<"code" | "dictValue" | "sort" | "isSealed"> {
  return {
    code: [required("dictCode", lang)],
    dictValue: [required("dictName", lang)],
    sort: [required("dictSort", lang)],
    isSealed: [required("dictSealed", lang)],
  };
}

/**
 * Dictionary child entry. §5 makes the parent optional, yet the original form carries a message
 * for it; `parentRequired` lets a form that does demand a parent use that message.
 */
export function dictChildRules(
  lang: Lang = "zh",
  options: { parentRequired?: boolean } = {},
): FormRules<"code" | "dictValue" | "dictKey" | "sort" | "isSealed" | "parentId"> {
  return {
    code: [required("dictCode", lang)],
    dictValue: [required("dictName", lang)],
    dictKey: [required("dictKey", lang)],
    sort: [required("dictSort", lang)],
    isSealed: [required("dictSealed", lang)],
    parentId: options.parentRequired ? [required("dictParent", lang)] : [],
  };
}

export function lockPasswordRules(lang: Lang = "zh"): Rule[] {
  return [required("lockPasswordRequired", lang)];
}

/** Switch department/role dialog. */
export function switchRules(lang: Lang = "zh"): FormRules<"dept" | "role"> {
  return {
    dept: [required("selectDept", lang)],
    role: [required("selectRole", lang)],
  };
}

/** Checks every field of a form; the first message per failing field. */
export function checkForm<K extends string>(
  values: Partial<Record<K, unknown>>,
  rules: FormRules<K>,
  lang: Lang = "zh",
): { field: K; message: string }[] {
  const errors: { field: K; message: string }[] = [];
  for (const field of Object.keys(rules) as K[]) {
    const message = checkRules(values[field], rules[field], lang);
    if (message !== null) errors.push({ field, message });
  }
  return errors;
}

export interface RegistrationForm {
  tenantId?: unknown;
  name?: unknown;
  account?: unknown;
  password?: unknown;
  password2?: unknown;
}

/**
 * The registration dialog's checks in §5's order, stopping at the first. The tenant id is only
 * demanded when the deployment runs in tenant mode, hence `tenantRequired`. The name is not
 * checked (§5).
 */
export function validateRegistration(
  form: RegistrationForm,
  options: { tenantRequired?: boolean } = {},
  lang: Lang = "zh",
): string | null {
  const { tenantRequired = true } = options;
  if (tenantRequired && isEmptyValue(form.tenantId)) return formatMessage("registerTenant", lang);
  if (isEmptyValue(form.account)) return formatMessage("registerAccount", lang);
  if (isEmptyValue(form.password) || isEmptyValue(form.password2)) return formatMessage("registerPassword", lang);
  if (form.password !== form.password2) return formatMessage("passwordMismatch", lang);
  return null;
}

/** Bulk actions (e.g. delete) with nothing selected. */
export function selectAtLeastOne(ids: readonly unknown[] | null | undefined, lang: Lang = "zh"): string | null {
  return Array.isArray(ids) && ids.length > 0 ? null : formatMessage("selectAtLeastOne", lang);
}
