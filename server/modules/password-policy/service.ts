import { PASSWORD_SPECIAL_CHARS } from "../../../domain/validation";
import { parsePasswordPolicy, rulesOfPolicy, type PasswordPolicy, type PasswordRuleSet } from "../../../domain/validation/password-policy";
import type { AppContext } from "../../context";
import { badRequest } from "../../http/errors";
import { fieldErrors } from "../../kit/crud";
import { describePasswordPolicy, removePasswordPolicy, savePasswordPolicy, type PolicySource } from "../../security/password-policy";
import type { TenantScope } from "../../security/tenant-scope";

export interface PolicyVO extends PasswordPolicy {
  /** The tenant whose policy this is. */
  tenantId: string;
  /** tenant: its own; platform: the platform's, which it follows; default: none saved yet. */
  source: PolicySource;
  specialChars: string;
}

const tenantParam = (value: unknown): string | undefined => {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string" || !/^[0-9A-Za-z_-]{1,12}$/.test(value)) throw badRequest("租户ID格式不正确");
  return value;
};

/** The policy the caller's tenant follows; the platform administrator may name another tenant. */
export async function readPolicy(scope: TenantScope, requested?: string): Promise<PolicyVO> {
  const tenantId = scope.readTenant(tenantParam(requested)) ?? scope.tenantId;
  const { policy, source } = await describePasswordPolicy(scope, tenantId);
  return { ...policy, tenantId, source, specialChars: PASSWORD_SPECIAL_CHARS };
}

/**
 * passwordAddUpdate: the tenant's own policy, created or replaced whole (one statement). Every
 * field is checked with the same function as the console form, each error beside its field.
 */
export async function savePolicy(scope: TenantScope, body: Record<string, unknown>): Promise<PolicyVO> {
  const { policy, errors } = parsePasswordPolicy(body);
  if (!policy) fieldErrors(errors);
  const tenantId = await scope.writeTenant(tenantParam(body.tenantId));
  const { updateUser, updateTime } = scope.touch();
  await savePasswordPolicy(scope, tenantId, policy, { userId: updateUser ?? null, time: updateTime });
  return readPolicy(scope, tenantId);
}

/**
 * passwordPolicyReset: forgets the tenant's own policy, which then follows the platform's (the
 * platform's own reset returns to the defaults and the older parameters).
 */
export async function resetPolicy(scope: TenantScope, requested?: string): Promise<PolicyVO> {
  const tenantId = await scope.writeTenant(tenantParam(requested));
  await removePasswordPolicy(scope, tenantId);
  return readPolicy(scope, tenantId);
}

/** getPasswordRegex: the patterns and words the console builds its password rules from. */
export async function passwordRegex(ctx: AppContext, tenantId: string): Promise<PasswordRuleSet> {
  return rulesOfPolicy((await describePasswordPolicy(ctx, tenantId)).policy);
}
