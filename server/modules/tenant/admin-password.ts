import { badRequest } from "../../http/errors";
import { generatePassword } from "../../security/generate-password";
import { loadPasswordPolicy } from "../../security/password-policy";
import type { TenantScope } from "../../security/tenant-scope";

/**
 * A strong random password that the current password policy accepts: at least 16 characters (or
 * the policy's bounds), one of each class the policy requires and only those when it names some
 * ("只能且必须"), every class otherwise. Shown once to the platform administrator, never stored
 * in clear.
 */
export async function generateAdminPassword(scope: TenantScope, tenantId: string): Promise<string> {
  // A new tenant has no policy of its own yet: the platform's applies, as at its first sign-in.
  const policy = await loadPasswordPolicy(scope, tenantId);
  try {
    return generatePassword(policy);
  } catch {
    throw badRequest("无法生成符合密码策略的密码,请检查密码策略");
  }
}
