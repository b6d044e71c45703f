import type { UserVO } from "../../../domain/contract";
import { formatMessage } from "../../../domain/validation";
import type { AppContext } from "../../context";
import { user } from "../../db/schema";
import { badRequest } from "../../http/errors";
import { MSG_LOCKED, attemptSucceeded, beginAttempt, loadLockPolicy } from "../../security/lockout";
import { hashPlainPassword, verifyDigest } from "../../security/password";
import { sendNotices } from "../../notify/notices";
import { checkNewPassword, loadPasswordPolicy, recordPasswords, reusedPasswordError } from "../../security/password-policy";
import { revokeOtherSessions, revokeUserSessions } from "../../security/sessions";
import type { TenantScope } from "../../security/tenant-scope";
import { userColumns, validateBody } from "./input";
import { userDetail } from "./service";

/** The personal centre (§2): the caller's own profile and password, whatever else the body says. */
export const PROFILE_FIELDS = ["avatar", "realName", "name", "phone", "email"] as const;

export const MSG_OLD_PASSWORD = "原密码不正确!";

export const myInfo = (scope: TenantScope): Promise<UserVO> => userDetail(scope, scope.caller.userId);

export async function updateMyInfo(scope: TenantScope, body: Record<string, unknown>): Promise<void> {
  const picked: Record<string, unknown> = {};
  for (const f of PROFILE_FIELDS) if (body[f] !== undefined) picked[f] = body[f];
  validateBody(picked, "update");
  await scope.repo(user).update([scope.caller.userId], userColumns(picked), "用户不存在");
}

const text = (body: Record<string, unknown>, field: string): string => {
  const v = body[field];
  if (v === undefined || v === null) return "";
  if (typeof v !== "string") throw badRequest(`${field}必须是字符串`);
  return v;
};

/**
 * The old password comes as its md5 digest (like the token grant), the new one as typed so that
 * the policy can be enforced. Wrong old passwords count towards the login lockout: a stolen
 * access token must not become a way to guess the password. Success ends the other sessions.
 */
export async function updateMyPassword(ctx: AppContext, scope: TenantScope, body: Record<string, unknown>): Promise<void> {
  const [oldPassword, newPassword, newPassword1] = ["oldPassword", "newPassword", "newPassword1"].map((f) => text(body, f));
  if (!oldPassword) throw badRequest("请输入原密码");
  if (!newPassword) throw badRequest(formatMessage("passwordRequired"));
  if (newPassword !== newPassword1) throw badRequest(formatMessage("passwordMismatch"));
  const policy = await loadPasswordPolicy(ctx, scope.tenantId);
  const policyError = checkNewPassword(policy, newPassword);
  if (policyError) throw badRequest(policyError);

  const row = await scope.repo(user).get(scope.caller.userId, "用户不存在");
  const now = ctx.now();
  const lockPolicy = await loadLockPolicy(ctx, row.tenantId);
  const attempt = await beginAttempt(ctx, row.tenantId, row.account, now, lockPolicy);
  if (!attempt) throw badRequest(MSG_LOCKED);
  const check = /^[0-9a-f]{32}$/i.test(oldPassword) ? await verifyDigest(oldPassword, row.password) : { ok: false };
  if (!check.ok) {
    if (attempt.locks) await revokeUserSessions(ctx, [row], "locked");
    throw badRequest(MSG_OLD_PASSWORD);
  }
  const reused = await reusedPasswordError(ctx, policy, row, newPassword, row.password);
  if (reused) {
    await attemptSucceeded(ctx, attempt, lockPolicy);
    throw badRequest(reused);
  }
  const password = await hashPlainPassword(newPassword);
  await scope.transaction(async (tx) => {
    await tx.repo(user).update([row.id], { password }, "用户不存在");
    await recordPasswords(tx, row.tenantId, [row.id], password, now, { previous: row.password });
    await revokeOtherSessions(tx, row, scope.caller.sessionId, "password_changed");
    await attemptSucceeded(tx, attempt, lockPolicy);
  });
  void sendNotices(ctx, [{ kind: "passwordChanged", tenantId: row.tenantId, to: row.email, account: row.account }]);
}
