/**
 * One resource spec per resource, read by the server (validation, filter and sort allow-lists,
 * permission checks) and by the console (columns, search fields, form rules, maxLength, i18n
 * labels). Pure data plus pure functions: nothing here may import React, antd or the server.
 */
import { checkRules, isEmptyValue, type Rule } from "./form-rules";
import { formatMessage, type Lang, type Message, type MessageKey } from "./messages";
import type { FieldError } from "./user";
import { patterns } from "./patterns";
import type { SpecMenu } from "../menus/entry";

/** The Blade filter suffixes a search field offers (`like` is the bare key). */
export type FilterOp = "like" | "equal" | "dategt" | "datelt";

export type FieldKind = "text" | "int" | "id" | "date";

/** What a field's value must look like beyond its type and length. */
export type FieldFormat = "input" | "textarea" | "name" | "phone" | "email" | "url" | "code";

export interface FieldSpec {
  kind: FieldKind;
  label: Message;
  /** Required on create; on update it may be left out but not blanked. */
  required?: boolean;
  /** The §5 message of a missing value (default: 请输入{label} / 请选择{label}). */
  requiredMessage?: MessageKey;
  /** Checked on create only: an update ignores it (a user's password changes through its own calls). */
  createOnly?: boolean;
  /**
   * A rule beyond type, length and format, run on a non-empty value after the field's other rules:
   * its message, or null. `body` is the whole form, for rules across fields (a confirmation, a
   * number judged by the chosen document type).
   */
  check?: (value: string, lang: Lang, body: Record<string, unknown>) => string | null;
  /** Longest text, in characters (code points). */
  max?: number;
  /** Integer bounds. */
  min?: number;
  maxValue?: number;
  format?: FieldFormat;
  /** Allowed values of an int or text field (a dictionary's keys known in advance). */
  oneOf?: readonly (string | number)[];
  /** A dictionary whose entries label and offer the values (`dictionary?code=`). */
  dict?: string;
  /** Offered in the list's search form with this operator. */
  search?: FilterOp;
  /** Allowed as a Blade filter key by the server (implied by `search`). */
  filter?: boolean;
  sortable?: boolean;
  /** Shown as a list column (default true). */
  column?: boolean;
  /** Shown in the form (default true); false for fields the server fills. */
  form?: boolean;
  /** Form control; text defaults to an input, int to a number box, dict to a select. */
  control?: "input" | "textarea" | "number" | "select" | "radio" | "treeSelect";
  /** Set on create only; an update never changes it. */
  immutable?: boolean;
  /** Default value of a new record. */
  defaultValue?: string | number;
}

export interface ResourceSpec<F extends Record<string, FieldSpec> = Record<string, FieldSpec>> {
  /** refine resource name and i18n namespace. */
  name: string;
  /** The menu code the permission codes derive from (`post` → post, post_add, post_edit, post_delete, post_view). */
  menuCode: string;
  /** API base path, e.g. `/blade-system/post`. */
  api: string;
  /** The §2 menu path of the list page. */
  path: string;
  title: Message;
  /** Its entry in the platform's menu tree (domain/menus): icon and buttons; a sub-resource has none. */
  menu?: SpecMenu;
  fields: F;
  /** Fields that must be unique within a tenant (or platform-wide), with the message of a clash. */
  unique?: { field: string; message: Message }[];
  /** The table has the audit columns (createTime, updateTime …); Blade's dictionaries have none. Default true. */
  audit?: boolean;
}

/**
 * What each integer column type of the schema holds. The spec's bounds must fit the column's
 * (the server checks that at start), and filters are bounded by the column's, so no value a
 * request carries can overflow a column. A bigint travels as a JavaScript number here (ids,
 * which do not fit one, are strings and checked apart).
 */
export const INT_RANGES = {
  smallint: { min: -32_768, max: 32_767 },
  integer: { min: -2_147_483_648, max: 2_147_483_647 },
  bigint: { min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
} as const;

export type IntColumnType = keyof typeof INT_RANGES;

/** The values an int field admits: its oneOf when it has one, else min..maxValue (an integer column's by default). */
export function intBounds(f: Pick<FieldSpec, "min" | "maxValue" | "oneOf">): { min: number; max: number } {
  const numbers = (f.oneOf ?? []).map(Number);
  if (numbers.length && numbers.every(Number.isInteger)) return { min: Math.min(...numbers), max: Math.max(...numbers) };
  return { min: f.min ?? INT_RANGES.integer.min, max: f.maxValue ?? INT_RANGES.integer.max };
}

export function defineResource<F extends Record<string, FieldSpec>>(spec: ResourceSpec<F>): ResourceSpec<F> {
  return spec;
}

/** Shorthands for the common field shapes. */
export const field = {
  text: (label: Message, max: number, extra: Partial<FieldSpec> = {}): FieldSpec => ({ kind: "text", label, max, ...extra }),
  int: (label: Message, extra: Partial<FieldSpec> = {}): FieldSpec => ({ kind: "int", label, min: 0, maxValue: INT_RANGES.integer.max, ...extra }),
  dict: (label: Message, dict: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ kind: "int", label, dict, control: "select", ...extra }),
  id: (label: Message, extra: Partial<FieldSpec> = {}): FieldSpec => ({ kind: "id", label, ...extra }),
  /** The §9 generic textarea: 200 characters, no markup or quoting characters. */
  remark: (label: Message = { zh: "备注", en: "Remark" }): FieldSpec => ({
    kind: "text", label, max: 200, format: "textarea", control: "textarea", column: false,
  }),
};

export type Action = "list" | "create" | "edit" | "delete" | "show";

/** The permission code of each action, derived from the menu code as the seeded menu tree names its buttons. */
export function permissionCodes(spec: Pick<ResourceSpec, "menuCode">): Record<Action, string> {
  const c = spec.menuCode;
  return { list: c, create: `${c}_add`, edit: `${c}_edit`, delete: `${c}_delete`, show: `${c}_view` };
}

/** Audit columns every resource shows and filters by date. */
export const AUDIT_FIELDS: Record<string, FieldSpec> = {
  createTime: { kind: "date", label: { zh: "创建时间", en: "Created at" }, filter: true, sortable: true, form: false },
  updateTime: { kind: "date", label: { zh: "修改时间", en: "Updated at" }, filter: true, sortable: true, form: false, column: false },
};

export const labelOf = (f: FieldSpec, lang: Lang) => (lang === "en" ? f.label.en : f.label.zh);

/**
 * A label inside an English sentence keeps sentence case: "Please enter tenant id", not "Please
 * enter Tenant id"; a leading acronym keeps its capitals ("Please enter SMS code").
 */
export const midSentence = (label: string) => (/^[A-Z][a-z]/.test(label) ? label[0].toLowerCase() + label.slice(1) : label);

const messageOf = (m: Message, lang: Lang, params: Record<string, string | number> = {}) =>
  (lang === "en" ? m.en : m.zh).replace(/\{(\w+)\}/g, (whole, k: string, at: number) =>
    !(k in params) ? whole : lang === "en" && k === "label" && at > 0 ? midSentence(String(params[k])) : String(params[k]),
  );

/** Messages of the generated rules, each naming the field so a toast alone is still clear. */
const KIT_MESSAGES = {
  enter: { zh: "请输入{label}", en: "Please enter {label}" },
  select: { zh: "请选择{label}", en: "Please select {label}" },
  tooLong: { zh: "{label}长度不能超过{n}个字符", en: "{label} cannot exceed {n} characters" },
  notText: { zh: "{label}必须是文本", en: "{label} must be text" },
  notInt: { zh: "{label}必须是整数", en: "{label} must be a whole number" },
  range: { zh: "{label}必须在{min}到{max}之间", en: "{label} must be between {min} and {max}" },
  notId: { zh: "{label}格式不正确", en: "{label} is not a valid id" },
  notDate: { zh: "{label}格式应为 YYYY-MM-DD HH:mm:ss", en: "{label} must look like YYYY-MM-DD HH:mm:ss" },
  oneOf: { zh: "{label}取值不正确", en: "{label} has an invalid value" },
  control: { zh: "{label}包含非法字符", en: "{label} contains invalid characters" },
} satisfies Record<string, Message>;

const FORMAT_RULE: Record<FieldFormat, (lang: Lang) => Rule> = {
  input: (lang) => ({ pattern: /^[\u4e00-\u9fffA-Za-z0-9_]*$/, message: formatMessage("inputChars", lang) }),
  textarea: (lang) => ({ pattern: /^[^`'"&<>|/\\]*$/, message: formatMessage("specialChars", lang) }),
  name: (lang) => ({ pattern: patterns.nameChars, message: formatMessage("nameChars", lang) }),
  phone: (lang) => ({ pattern: patterns.mainlandMobile, message: formatMessage("formatIncorrect", lang) }),
  email: (lang) => ({ pattern: patterns.email, message: formatMessage("emailFormat", lang) }),
  url: (lang) => ({ pattern: patterns.url, message: formatMessage("formatIncorrect", lang) }),
  // Codes and keys: letters, digits and . _ - : (dictionary codes, parameter keys, post codes).
  code: (lang) => ({ pattern: /^[A-Za-z0-9_.:-]+$/, message: formatMessage("formatIncorrect", lang) }),
};

const ID = /^(?:0|[1-9]\d{0,18})$/;
const DATE = /^\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2}:\d{2})?$/;
/** C0 controls but tab, line feed and carriage return: Postgres refuses NUL, the rest is never meant. */
const hasControl = (text: string) =>
  [...text].some((ch) => {
    const code = ch.charCodeAt(0);
    return code < 32 && code !== 9 && code !== 10 && code !== 13;
  });

/** The message of a missing value: the field's §5 words, else 请输入{label} / 请选择{label}. */
export function requiredMessageOf(f: FieldSpec, lang: Lang = "zh"): string {
  if (f.requiredMessage) return formatMessage(f.requiredMessage, lang);
  return messageOf(f.dict || f.oneOf || f.kind === "id" ? KIT_MESSAGES.select : KIT_MESSAGES.enter, lang, { label: labelOf(f, lang) });
}

/** The rules of one field, as the console's Form.Item and the server's body check both apply them. */
export function fieldRules(f: FieldSpec, lang: Lang = "zh"): Rule[] {
  const label = labelOf(f, lang);
  const rules: Rule[] = [];
  if (f.required) rules.push({ required: true, message: requiredMessageOf(f, lang) });
  if (f.kind === "text") {
    rules.push({ validator: (v) => (typeof v === "string" ? null : messageOf(KIT_MESSAGES.notText, lang, { label })), message: "" });
    rules.push({ validator: (v) => (hasControl(String(v)) ? messageOf(KIT_MESSAGES.control, lang, { label }) : null), message: "" });
    if (f.max !== undefined) rules.push({ max: f.max, message: messageOf(KIT_MESSAGES.tooLong, lang, { label, n: f.max }) });
    if (f.format) rules.push(FORMAT_RULE[f.format](lang));
  } else if (f.kind === "int") {
    const min = f.min ?? INT_RANGES.integer.min;
    const max = f.maxValue ?? INT_RANGES.integer.max;
    rules.push({
      message: "",
      validator: (v) => {
        const n = typeof v === "number" ? v : typeof v === "string" && /^-?\d{1,10}$/.test(v.trim()) ? Number(v) : NaN;
        if (!Number.isInteger(n)) return messageOf(KIT_MESSAGES.notInt, lang, { label });
        return n < min || n > max ? messageOf(KIT_MESSAGES.range, lang, { label, min, max }) : null;
      },
    });
  } else if (f.kind === "id") {
    rules.push({ message: "", validator: (v) => (typeof v === "string" && ID.test(v) ? null : messageOf(KIT_MESSAGES.notId, lang, { label })) });
  } else {
    rules.push({ message: "", validator: (v) => (typeof v === "string" && DATE.test(v) ? null : messageOf(KIT_MESSAGES.notDate, lang, { label })) });
  }
  if (f.oneOf) {
    const allowed = new Set(f.oneOf.map(String));
    rules.push({ message: "", validator: (v) => (allowed.has(String(v).trim()) ? null : messageOf(KIT_MESSAGES.oneOf, lang, { label })) });
  }
  return rules;
}

/** Fields a client may write: in the form, not filled by the server. */
export function writableFields(spec: ResourceSpec): [string, FieldSpec][] {
  return Object.entries(spec.fields).filter(([, f]) => f.form !== false);
}

/**
 * The errors of a create or update body. On update only the fields present are checked (absent
 * or null keep their value, CONTRACT.md), but a required field cannot be blanked.
 */
export function validateResource(spec: ResourceSpec, body: Record<string, unknown>, mode: "create" | "update", lang: Lang = "zh"): FieldError[] {
  const errors: FieldError[] = [];
  for (const [name, f] of writableFields(spec)) {
    const value = body[name];
    if (mode === "update" && (value === undefined || value === null)) continue;
    if (mode === "update" && (f.immutable || f.createOnly)) continue;
    if (!f.required && isEmptyValue(value)) continue;
    const message =
      checkRules(value, fieldRules(f, lang), lang) ?? (f.check && !isEmptyValue(value) ? f.check(String(value), lang, body) : null);
    if (message) errors.push({ field: name, message });
  }
  return errors;
}

/** The typed columns of a validated body: trimmed text, numbers for ints, only the fields given. */
export function valuesOf(spec: ResourceSpec, body: Record<string, unknown>, mode: "create" | "update"): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, f] of writableFields(spec)) {
    const value = body[name];
    if (value === undefined || value === null) continue;
    if (mode === "update" && f.immutable) continue;
    if (f.kind === "int") out[name] = isEmptyValue(value) ? (f.defaultValue ?? 0) : Number(value);
    else if (f.kind === "date") out[name] = isEmptyValue(value) ? null : String(value);
    else out[name] = typeof value === "string" ? value.trim() : value;
  }
  if (mode === "create") {
    for (const [name, f] of writableFields(spec)) if (out[name] === undefined && f.defaultValue !== undefined) out[name] = f.defaultValue;
  }
  return out;
}

/** The audit fields of a spec's table: none when it says `audit: false`. */
export const auditFieldsOf = (spec: Pick<ResourceSpec, "audit">): Record<string, FieldSpec> => (spec.audit === false ? {} : AUDIT_FIELDS);

/** Field names the server accepts as Blade filters and sorts, with the audit columns. */
export function filterableFields(spec: ResourceSpec): Record<string, FieldSpec> {
  const out: Record<string, FieldSpec> = { ...auditFieldsOf(spec) };
  for (const [name, f] of Object.entries(spec.fields)) if (f.search || f.filter) out[name] = f;
  return out;
}

export function sortableFields(spec: ResourceSpec): Record<string, FieldSpec> {
  const out: Record<string, FieldSpec> = { ...auditFieldsOf(spec) };
  for (const [name, f] of Object.entries(spec.fields)) if (f.sortable) out[name] = f;
  return out;
}

/** `createTime` → `create_time`: BladeX puts ascs/descs into ORDER BY as column names. */
export const toColumnName = (field: string) => field.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);

/** The i18n bundle of a spec: title and field labels under the resource's namespace. */
export function specTranslations(spec: ResourceSpec) {
  const pick = (lang: Lang) => ({
    title: lang === "en" ? spec.title.en : spec.title.zh,
    fields: Object.fromEntries(Object.entries({ ...auditFieldsOf(spec), ...spec.fields }).map(([k, f]) => [k, labelOf(f, lang)])),
  });
  return { zh: pick("zh"), en: pick("en") };
}
