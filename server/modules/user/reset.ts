import { isId } from "../../db/ids";
import { user } from "../../db/schema";
import { badRequest } from "../../http/errors";
import { INIT_PASSWORD_KEY, readParam } from "../../security/params";
import { hashPlainPassword } from "../../security/password";
import type { Notice } from "../../notify/notices";
import { checkNewPassword, loadPasswordPolicy, recordPasswords } from "../../security/password-policy";
import { revokeUserSessions } from "../../security/sessions";
import type { TenantScope } from "../../security/tenant-scope";
import { MSG_MISSING, guardAdministrators } from "./service";

/** The initial password breaks a tenant's password policy: the policy's words, and where to fix it. */
export const initAgainstPolicy = (weak: string) => `初始密码不符合密码策略: ${weak}。请在参数管理中修改参数 ${INIT_PASSWORD_KEY}`;
export const MSG_NO_INIT_PASSWORD = `未设置初始密码,请先在参数管理中设置参数 ${INIT_PASSWORD_KEY}`;

/** What resetPwd answers: the password the users now have, for the operator to pass on (shown once). */
export interface ResetResult {
  password: string;
}

/**
 * /blade-user/resetPwd: the users' password becomes the initial password of the parameters
 * (there is no built-in default), and their sessions end, all of them or none. The answer names
 * that password: the operator who reset it must tell the users, and a tenant's operator cannot
 * read the platform's parameters (the issue's "shown once"; BladeX answers only success).
 */
export async function resetPasswords(
  scope: TenantScope,
  ids: string[],
  now: number = Date.now(),
  /** Told who was reset once it is committed (the owners' mail notices). */
  notify: (notices: Notice[]) => unknown = () => undefined,
): Promise<ResetResult> {
  if (ids.length === 0) throw badRequest("请选择要重置密码的用户");
  if (!ids.every(isId)) throw badRequest("请求参数格式错误: ids");
  const initial = await readParam(scope.db, INIT_PASSWORD_KEY);
  if (!initial) throw badRequest(MSG_NO_INIT_PASSWORD);
  const rows = await scope.repo(user).find(ids, MSG_MISSING);
  await guardAdministrators(scope, rows);
  // The policy of each user's own tenant (the platform administrator may reset across tenants).
  const tenants = [...new Set(rows.map((r) => r.tenantId))];
  for (const tenantId of tenants) {
    const weak = checkNewPassword(await loadPasswordPolicy(scope.db, tenantId), initial);
    if (weak) throw badRequest(initAgainstPolicy(weak));
  }
  const password = await hashPlainPassword(initial);
  await scope.transaction(async (tx) => {
    await tx.repo(user).update(ids, { password }, MSG_MISSING);
    for (const tenantId of tenants) {
      await recordPasswords(tx.db, tenantId, rows.filter((r) => r.tenantId === tenantId).map((r) => r.id), password, now);
    }
    await revokeUserSessions(tx.db, ids, "password_reset");
  });
  notify(rows.map((r) => ({ kind: "passwordReset", tenantId: r.tenantId, to: r.email, account: r.account })));
  return { password: initial };
}
