import { formatMessage, requiredMessageOf, writableFields, type FieldError, type FieldSpec, type Lang } from "../../../validation";
import { userSpec } from "./spec";

export type UserFormMode = "create" | "update";

/** The fields the user form's rules speak of: those required or with a check (userType is the server's, input.ts). */
const RULED = writableFields(userSpec).filter(([, f]) => f.required || f.check);

const has = (input: Record<string, unknown>, field: string): boolean =>
  Object.prototype.hasOwnProperty.call(input, field) && input[field] !== undefined && input[field] !== null;

function checkField(body: Record<string, unknown>, name: string, f: FieldSpec, mode: UserFormMode, lang: Lang): string | null {
  const missing = f.required ? requiredMessageOf(f, lang) : null;
  if (!has(body, name)) return mode === "create" ? missing : null;
  const raw = body[name];
  const isNumber = typeof raw === "number";
  // Only a dictionary's int may be a number: the console's select yields numbers, query-style bodies strings.
  if (typeof raw !== "string" && !(f.kind === "int" && isNumber)) {
    return formatMessage("fieldType", lang, { field: name });
  }
  const value = isNumber ? String(raw) : (raw as string);
  if (value.trim() === "") return missing;
  return f.check?.(value, lang, body) ?? null;
}

/**
 * Validates a user form body against userSpec's fields, one error (the first) per failing field,
 * in form order; an empty array when valid.
 *
 * - undefined and null mean "not provided" (JSON clients send null for a cleared field): a required
 *   field then fails on create, and is left unchanged on update.
 * - A blank string is "provided but empty": fine for optional fields, the required message for a
 *   field required on create, in both modes, because an update must not blank it.
 * - Fields without a rule (id, tenantId, avatar, userType, ...) are ignored; the server decides about them.
 */
export function validateUser(input: Record<string, unknown>, mode: UserFormMode, lang: Lang = "zh"): FieldError[] {
  const body: Record<string, unknown> =
    input !== null && typeof input === "object" && !Array.isArray(input) ? input : {};
  const errors: FieldError[] = [];
  for (const [name, f] of RULED) {
    if (f.createOnly && mode !== "create") continue;
    // Comparing against a password that is itself wrong would only add noise.
    if (name === "password2" && errors.some((e) => e.field === "password")) continue;
    const message = checkField(body, name, f, mode, lang);
    if (message !== null) errors.push({ field: name, message });
  }
  return errors;
}
