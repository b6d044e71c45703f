/**
 * The data-scope and API-scope forms' rules beyond each field's own (scope-spec.ts), as pure
 * functions shared by the console's forms and the server's submit: a custom data scope is a rule
 * over named columns, never SQL; an API scope is an ant-style path pattern.
 */
import { isEmptyValue, type FieldError, type Lang, type Message } from "../../../validation";

export const SCOPE_ALL = 1;
export const SCOPE_OWN = 2;
export const SCOPE_DEPT = 3;
export const SCOPE_DEPT_AND_BELOW = 4;
export const SCOPE_CUSTOM = 5;

/** Operators of a custom rule (the same grammar the server's data-scope enforcement reads). */
export const RULE_OPERATORS = ["eq", "ne", "gt", "ge", "lt", "le", "like", "in"] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];
export const MAX_RULE_CONDITIONS = 10;
/** The value standing for the signed-in user's id. */
export const USER_ID_PLACEHOLDER = "${userId}";

export interface RuleCondition {
  column: string;
  operator: RuleOperator;
  value: string;
}

/** A column name as the database spells it (snake_case) or as the API does (camelCase). */
export const COLUMN = /^[a-z][a-z0-9_]{0,63}$/i;

const SCOPE_MESSAGES = {
  ruleRequired: { zh: "自定义规则不能为空", en: "The custom rule cannot be empty" },
  ruleTooMany: { zh: "自定义规则最多10个条件", en: "A custom rule has at most 10 conditions" },
  ruleColumn: { zh: "规则\"{part}\"的字段不正确", en: "The column of \"{part}\" is not valid" },
  ruleOperator: { zh: "规则\"{part}\"的运算符应为 {ops}", en: "The operator of \"{part}\" must be one of {ops}" },
  ruleValue: { zh: "规则\"{part}\"的值过长", en: "The value of \"{part}\" is too long" },
  ruleUnknownColumn: { zh: "规则\"{part}\"的字段不在可用字段中", en: "The column of \"{part}\" is not one that may be used" },
  columnFormat: { zh: "权限字段只能是字母、数字和下划线组成的列名", en: "The column must be a name of letters, digits and underscores" },
  columnUnknown: { zh: "权限字段不在可用字段中", en: "The column is not one that may be used" },
  fieldFormat: { zh: "可见字段应为 * 或以逗号分隔的列名", en: "Visible fields must be * or column names separated by commas" },
  pathFormat: {
    zh: "权限路径应以 / 开头，只含字母、数字和 - _ . / * ? { }",
    en: "The path pattern must start with / and only contain letters, digits and - _ . / * ? { }",
  },
  pathStars: { zh: "权限路径中 * 最多连续两个", en: "The path pattern may have at most two * in a row" },
} satisfies Record<string, Message>;

function say(m: Message, lang: Lang, params: Record<string, string> = {}) {
  return (lang === "en" ? m.en : m.zh).replace(/\{(\w+)\}/g, (whole, k: string) => params[k] ?? whole);
}

/**
 * `status:eq:1;dept_id:in:1,2` → its conditions, or the message saying what is wrong. Every
 * condition must hold; a value may contain `:` (only the first two separate).
 */
export function parseScopeRule(rule: string, lang: Lang = "zh"): RuleCondition[] | string {
  const parts = rule.split(";").map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) return say(SCOPE_MESSAGES.ruleRequired, lang);
  if (parts.length > MAX_RULE_CONDITIONS) return say(SCOPE_MESSAGES.ruleTooMany, lang);
  const out: RuleCondition[] = [];
  for (const whole of parts) {
    const part = whole.slice(0, 40);
    const [column, operator, ...rest] = whole.split(":");
    const value = rest.join(":");
    if (!column || !COLUMN.test(column)) return say(SCOPE_MESSAGES.ruleColumn, lang, { part });
    if (!(RULE_OPERATORS as readonly string[]).includes(operator)) return say(SCOPE_MESSAGES.ruleOperator, lang, { part, ops: RULE_OPERATORS.join("/") });
    if (value.length > 500) return say(SCOPE_MESSAGES.ruleValue, lang, { part });
    out.push({ column, operator: operator as RuleOperator, value });
  }
  return out;
}

/** `create_user` and `createUser` name the same column. */
export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);

export interface DataScopeValues {
  scopeType?: unknown;
  scopeColumn?: unknown;
  scopeField?: unknown;
  scopeValue?: unknown;
}

/**
 * The errors of a data scope as it will be saved. `columns` are the column names (snake_case) the
 * scope's menu allows, when known: then every column named must be one of them.
 */
export function validateDataScope(values: DataScopeValues, columns?: readonly string[], lang: Lang = "zh"): FieldError[] {
  const errors: FieldError[] = [];
  const allowed = columns ? new Set(columns) : undefined;
  const known = (name: string) => !allowed || allowed.has(snakeCase(name));
  const type = Number(values.scopeType);
  const column = typeof values.scopeColumn === "string" ? values.scopeColumn.trim() : "";
  if (column !== "") {
    if (!COLUMN.test(column)) errors.push({ field: "scopeColumn", message: say(SCOPE_MESSAGES.columnFormat, lang) });
    else if ([SCOPE_OWN, SCOPE_DEPT, SCOPE_DEPT_AND_BELOW].includes(type) && !known(column)) {
      errors.push({ field: "scopeColumn", message: say(SCOPE_MESSAGES.columnUnknown, lang) });
    }
  }
  const fields = typeof values.scopeField === "string" ? values.scopeField.trim() : "";
  if (fields !== "" && fields !== "*" && !fields.split(",").every((f) => COLUMN.test(f.trim()))) {
    errors.push({ field: "scopeField", message: say(SCOPE_MESSAGES.fieldFormat, lang) });
  }
  if (type === SCOPE_CUSTOM) {
    const rule = typeof values.scopeValue === "string" ? values.scopeValue : "";
    const parsed = parseScopeRule(rule, lang);
    if (typeof parsed === "string") errors.push({ field: "scopeValue", message: parsed });
    else {
      const unknown = parsed.find((c) => !known(c.column));
      if (unknown) errors.push({ field: "scopeValue", message: say(SCOPE_MESSAGES.ruleUnknownColumn, lang, { part: `${unknown.column}:${unknown.operator}` }) });
    }
  }
  return errors;
}

/** `/blade-user/**`, `/blade-system/menu/*`, `/x/{id}`: what an ant-style pattern of a request path may hold. */
const ANT_PATH = /^\/[A-Za-z0-9\-_./*?{}]*$/;

export function validateApiScope(values: { scopePath?: unknown }, lang: Lang = "zh"): FieldError[] {
  const path = typeof values.scopePath === "string" ? values.scopePath.trim() : "";
  if (isEmptyValue(path)) return [];
  if (!ANT_PATH.test(path)) return [{ field: "scopePath", message: say(SCOPE_MESSAGES.pathFormat, lang) }];
  if (path.includes("***")) return [{ field: "scopePath", message: say(SCOPE_MESSAGES.pathStars, lang) }];
  return [];
}
