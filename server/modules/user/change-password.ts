import { formatMessage } from "../../../domain/validation";
import type { AppContext } from "../../context";
import { user } from "../../db/schema";
import { badRequest } from "../../http/errors";
import { clearFailures } from "../../security/lockout";
import { hashPlainPassword } from "../../security/password";
import { newPasswordError, recordPasswords } from "../../security/password-policy";
import { sendNotices } from "../../notify/notices";
import { revokeUserSessions } from "../../security/sessions";
import type { TenantScope } from "../../security/tenant-scope";
import { fieldErrors, requireId } from "./input";
import { MSG_MISSING, guardAdministrators } from "./service";

export const MSG_CHANGE_OWN = "修改本人密码请在个人中心输入原密码后修改";

const text = (body: Record<string, unknown>, ...names: string[]): string => {
  for (const name of names) {
    const v = body[name];
    if (typeof v === "string") return v;
    if (v !== undefined && v !== null) fieldErrors([{ field: names[0], message: `${name}必须是字符串` }]);
  }
  return "";
};

/**
 * changePwd (userId, password, password2): an administrator gives a user a password of its
 * choosing, as typed so that the policy applies (CONTRACT.md). Like resetPwd it needs the
 * user_reset button and ends the user's sessions; it also lifts a lockout. The caller's own
 * password is not changed here: that needs the old one (update-password), or a stolen session
 * could take over the account.
 */
export async function changePassword(ctx: AppContext, scope: TenantScope, body: Record<string, unknown>): Promise<void> {
  const id = requireId(body.userId ?? body.id);
  if (id === scope.caller.userId) throw badRequest(MSG_CHANGE_OWN);
  const password = text(body, "password", "newPassword");
  const password2 = text(body, "password2", "confirmPassword", "newPassword1");
  if (!password) fieldErrors([{ field: "password", message: formatMessage("passwordRequired") }]);
  if (password !== password2) fieldErrors([{ field: "password2", message: formatMessage("passwordMismatch") }]);
  const row = await scope.repo(user).get(id, MSG_MISSING);
  await guardAdministrators(scope, [row]);
  // The policy of the user's own tenant (the platform administrator may act in any), and its history.
  const weak = await newPasswordError(ctx, row.tenantId, password, { userId: id, currentHash: row.password });
  if (weak) fieldErrors([{ field: "password", message: weak }]);
  const hash = await hashPlainPassword(password);
  await scope.transaction(async (tx) => {
    await tx.repo(user).update([id], { password: hash }, MSG_MISSING);
    await recordPasswords(tx, row.tenantId, [id], hash, ctx.now(), { previous: row.password });
    await revokeUserSessions(tx, [{ id, tenantId: row.tenantId }], "password_reset");
    await clearFailures(tx, row.tenantId, [row.account]);
  });
  void sendNotices(ctx, [{ kind: "passwordReset", tenantId: row.tenantId, to: row.email, account: row.account }]);
}
