import { formatMessage, type Lang, type MessageKey } from "./messages";
import { validateIdDocument } from "./id-document";
import { patterns } from "./patterns";

export interface FieldError {
  field: string;
  message: string;
}

export type UserFormMode = "create" | "update";

/**
 * Column sizes of the user table (blade_user). account, realName, name and code come from the
 * brief; email and the id lists follow the original schema (varchar(45), varchar(1000)).
 */
export const USER_FIELD_LIMITS = {
  account: 45,
  password: 32,
  realName: 20,
  name: 20,
  email: 45,
  roleId: 1000,
  deptId: 1000,
  postId: 1000,
  code: 12,
  idNumber: 20,
} as const;

const ACCOUNT_CHARS = /^[A-Za-z0-9_.@-]+$/;
const BIRTHDAY = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;
const SEX_VALUES = new Set(["1", "2", "3"]);

const length = (s: string): number => [...s].length;

/** `YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss`, and a date that exists in the Gregorian calendar. */
export function isValidBirthday(value: string): boolean {
  const m = BIRTHDAY.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (day > daysInMonth) return false;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59)) return false;
  return true;
}

interface FieldSpec {
  field: string;
  /** The message when missing on create; such a field may not be blanked on update either. */
  required?: MessageKey;
  /**
   * Checked on create only: on update the server ignores a password (it changes through its own
   * reset/update-password calls), so nothing is checked for it.
   */
  createOnly?: boolean;
  /** sex alone may be a number: the console's select yields numbers, query-style bodies strings. */
  numberAllowed?: boolean;
  /** Further checks of a non-empty value, in order. */
  check: (value: string, lang: Lang, body: Record<string, unknown>) => string | null;
}

const maxLength = (n: number) => (value: string, lang: Lang) =>
  length(value) > n ? formatMessage("maxLength", lang, { n }) : null;

const idList = (field: "roleId" | "deptId" | "postId") => (value: string, lang: Lang) =>
  maxLength(USER_FIELD_LIMITS[field])(value, lang) ??
  (patterns.idList.test(value) ? null : formatMessage("formatIncorrect", lang));

const FIELDS: readonly FieldSpec[] = [
  {
    field: "account",
    required: "accountRequired",
    check: (v, lang) => {
      const n = length(v);
      if (n < 2 || n > USER_FIELD_LIMITS.account) return formatMessage("accountLength", lang);
      return ACCOUNT_CHARS.test(v) ? null : formatMessage("accountChars", lang);
    },
  },
  {
    field: "password",
    required: "passwordRequired",
    createOnly: true,
    check: (v, lang) => {
      const n = length(v);
      return n < 6 || n > USER_FIELD_LIMITS.password ? formatMessage("passwordLength", lang) : null;
    },
  },
  {
    // A missing confirmation is a mismatch, not a second "please enter password".
    field: "password2",
    required: "passwordMismatch",
    createOnly: true,
    check: (v, lang, body) => (v === body.password ? null : formatMessage("passwordMismatch", lang)),
  },
  {
    field: "realName",
    required: "realNameRequired",
    check: (v, lang) =>
      maxLength(USER_FIELD_LIMITS.realName)(v, lang) ??
      (patterns.realName.test(v) ? null : formatMessage("nameChars", lang)),
  },
  { field: "name", check: maxLength(USER_FIELD_LIMITS.name) },
  {
    field: "phone",
    check: (v, lang) => (patterns.mainlandMobile.test(v) ? null : formatMessage("formatIncorrect", lang)),
  },
  {
    field: "email",
    check: (v, lang) =>
      maxLength(USER_FIELD_LIMITS.email)(v, lang) ??
      (patterns.email.test(v) ? null : formatMessage("emailFormat", lang)),
  },
  {
    field: "sex",
    numberAllowed: true,
    check: (v, lang) => (SEX_VALUES.has(v) ? null : formatMessage("sexValue", lang)),
  },
  {
    field: "birthday",
    check: (v, lang) => (isValidBirthday(v) ? null : formatMessage("birthdayFormat", lang)),
  },
  { field: "roleId", required: "roleRequired", check: idList("roleId") },
  { field: "deptId", required: "deptRequired", check: idList("deptId") },
  { field: "postId", check: idList("postId") },
  { field: "code", check: maxLength(USER_FIELD_LIMITS.code) },
  {
    field: "idType",
    numberAllowed: true,
    check: (v, lang) => (/^[0-5]$/.test(v) ? null : formatMessage("idType", lang)),
  },
  {
    // Checked against its type (§3's six, §5's ID card rules): a number without a type has nothing to be checked against.
    field: "idNumber",
    check: (v, lang, body) =>
      maxLength(USER_FIELD_LIMITS.idNumber)(v, lang) ?? validateIdDocument((body.idType as number | string | undefined) ?? "", v, lang),
  },
];

const has = (input: Record<string, unknown>, field: string): boolean =>
  Object.prototype.hasOwnProperty.call(input, field) && input[field] !== undefined && input[field] !== null;

function checkField(
  body: Record<string, unknown>,
  spec: FieldSpec,
  mode: UserFormMode,
  lang: Lang,
): string | null {
  const { field, required } = spec;
  if (!has(body, field)) return mode === "create" && required ? formatMessage(required, lang) : null;
  const raw = body[field];
  const isNumber = typeof raw === "number";
  if (typeof raw !== "string" && !(spec.numberAllowed && isNumber)) {
    return formatMessage("fieldType", lang, { field });
  }
  const value = isNumber ? String(raw) : (raw as string);
  if (value.trim() === "") return required ? formatMessage(required, lang) : null;
  return spec.check(value, lang, body);
}

/**
 * Validates a user form body, one error (the first) per failing field, in form order; an empty
 * array when valid.
 *
 * - undefined and null mean "not provided" (JSON clients send null for a cleared field): a required
 *   field then fails on create, and is left unchanged on update.
 * - A blank string is "provided but empty": fine for optional fields, the required message for a
 *   field required on create, in both modes, because an update must not blank it.
 * - Fields not listed here (id, tenantId, avatar, ...) are ignored; the server decides about them.
 */
export function validateUser(
  input: Record<string, unknown>,
  mode: UserFormMode,
  lang: Lang = "zh",
): FieldError[] {
  const body: Record<string, unknown> =
    input !== null && typeof input === "object" && !Array.isArray(input) ? input : {};
  const errors: FieldError[] = [];
  for (const spec of FIELDS) {
    if (spec.createOnly && mode !== "create") continue;
    // Comparing against a password that is itself wrong would only add noise.
    if (spec.field === "password2" && errors.some((e) => e.field === "password")) continue;
    const message = checkField(body, spec, mode, lang);
    if (message !== null) errors.push({ field: spec.field, message });
  }
  return errors;
}
