import { eq } from "drizzle-orm";
import { formatMessage, normalizeIdNumber, validateIdDocument, type FieldError } from "../../../domain/validation";
import { isId } from "../../db/ids";
import { user } from "../../db/schema";
import type { TenantScope } from "../../security/tenant-scope";
import { fieldErrors, validateBody } from "./input";
import { MSG_ACCOUNT_TAKEN } from "./service";

/**
 * The form checks of §7 (baseInfoCheck, identityCheck): a form asks the server about its fields
 * before it saves, and hears exactly what submit would say, beside the fields (400 with
 * `data: [{field, message}]`). Nothing is written.
 */

/**
 * baseInfoCheck: the base fields given (account, names, phone, email, code, platform) against
 * the rules of submit, and the account against the accounts of the tenant (`id` names the user
 * being edited, whose own account is no clash).
 */
export async function baseInfoCheck(scope: TenantScope, body: Record<string, unknown>): Promise<true> {
  const fields = ["account", "realName", "name", "phone", "email", "code", "userType", "sex", "birthday"];
  const given = Object.fromEntries(fields.filter((f) => body[f] !== undefined).map((f) => [f, body[f]]));
  validateBody(given, "update");
  const account = typeof given.account === "string" ? given.account.trim() : "";
  if (account) {
    const tenantId = scope.readTenant(typeof body.tenantId === "string" ? body.tenantId : undefined);
    const except = isId(body.id) ? body.id : undefined;
    const rows = await scope.repo(user).list(eq(user.account, account), { tenantId, limit: 2 });
    if (rows.some((r) => r.id !== except)) fieldErrors([{ field: "account", message: MSG_ACCOUNT_TAKEN }]);
  }
  return true;
}

export interface IdentityChecked {
  idType: number;
  idNumber: string;
}

/**
 * identityCheck: an ID type of §3 and a number of that type (domain/validation's rules: the ID card's
 * address code and check digit, the pass, passport and residence formats). Answers the number as
 * it is to be stored (upper case, trimmed). Whether another user holds the number is for submit
 * and update to say (MSG_ID_NUMBER_TAKEN), not here: a guest may ask, and would learn who is registered.
 */
export function identityCheck(body: Record<string, unknown>): IdentityChecked {
  const type = body.idType;
  const typeText = typeof type === "number" || typeof type === "string" ? String(type).trim() : "";
  const errors: FieldError[] = [];
  // The six types of §3 by their stored value, as validateIdDocument admits them.
  if (!/^[0-5]$/.test(typeText)) errors.push({ field: "idType", message: formatMessage("idType") });
  const number = typeof body.idNumber === "string" ? body.idNumber : body.idNumber === undefined || body.idNumber === null ? "" : null;
  if (number === null) errors.push({ field: "idNumber", message: formatMessage("idFormat") });
  else if (errors.length === 0) {
    const message = validateIdDocument(typeText, number);
    if (message) errors.push({ field: "idNumber", message });
  }
  if (errors.length) fieldErrors(errors);
  return { idType: Number(typeText), idNumber: normalizeIdNumber((number as string).trim()) };
}
