import { eq } from "drizzle-orm";
import { formatMessage } from "../../../domain/validation";
import type { AppContext } from "../../context";
import { user } from "../../db/schema";
import { badRequest } from "../../http/errors";
import { MSG_LOCKED, attemptSucceeded, beginAttempt, clearFailures, lockPolicyOf } from "../../security/lockout";
import { hashDigest, hashPlainPassword, verifyDigest } from "../../security/password";
import { checkNewPassword, isPasswordExpired, loadPasswordPolicy, recordPasswords, reusedPasswordError } from "../../security/password-policy";
import { revokeUserSessions } from "../../security/sessions";

export const MSG_BAD_CREDENTIALS = "用户名或密码错误";
export const MSG_NOT_EXPIRED = "密码未过期,请登录后在个人中心修改密码";

const text = (body: Record<string, unknown>, ...names: string[]): string => {
  for (const name of names) {
    const v = body[name];
    if (typeof v === "string") return v;
    if (v !== undefined && v !== null) throw badRequest(`${name}必须是字符串`);
  }
  return "";
};

// Verifying against a real-looking hash for unknown accounts keeps response times alike.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashDigest("f".repeat(32)));

/**
 * updateExpiredPassword (tenantId, account, oldPassword as its md5 digest, newPassword and
 * newPassword1 as typed): the one thing a user whose password has expired can do, since sign-in
 * refuses them a session. Proving the old password counts towards the login lockout exactly like
 * a sign-in, and the new one meets the policy and its history. Only for an expired password: any
 * other change goes through the personal centre with a session.
 */
export async function changeExpiredPassword(ctx: AppContext, tenantId: string, body: Record<string, unknown>): Promise<void> {
  const account = text(body, "account", "username").trim();
  const oldPassword = text(body, "oldPassword");
  const newPassword = text(body, "newPassword");
  const newPassword1 = text(body, "newPassword1", "confirmPassword");
  if (!account || account.length > 255) throw badRequest("请输入账号");
  if (!/^[0-9a-f]{32}$/i.test(oldPassword)) throw badRequest("请输入原密码");
  if (!newPassword) throw badRequest(formatMessage("passwordRequired"));
  if (newPassword !== newPassword1) throw badRequest(formatMessage("passwordMismatch"));
  const policy = await loadPasswordPolicy(ctx, tenantId);
  const problem = checkNewPassword(policy, newPassword);
  if (problem) throw badRequest(problem);

  const now = ctx.now();
  const lock = lockPolicyOf(policy);
  const attempt = await beginAttempt(ctx, tenantId, account, now, lock);
  if (!attempt) throw badRequest(MSG_LOCKED);
  const system = ctx.system(tenantId);
  const [found] = await system.repo(user).list(eq(user.account, account));
  const check = await verifyDigest(oldPassword, found?.password ?? (await decoy()));
  if (!found || !check.ok) {
    if (found && attempt.locks) await revokeUserSessions(ctx, [found], "locked");
    throw badRequest(MSG_BAD_CREDENTIALS);
  }
  await attemptSucceeded(ctx, attempt, lock);
  if (found.status !== 1) throw badRequest("该账号已被禁用,请联系管理员");
  if (!(await isPasswordExpired(ctx, policy, found, now))) throw badRequest(MSG_NOT_EXPIRED);
  const reused = await reusedPasswordError(ctx, policy, found, newPassword, found.password);
  if (reused) throw badRequest(reused);

  const hash = await hashPlainPassword(newPassword);
  await system.transaction(async (tx) => {
    await tx.repo(user).update([found.id], { password: hash }, "用户不存在");
    await recordPasswords(tx, tenantId, [found.id], hash, now, { previous: found.password });
    await revokeUserSessions(tx, [found], "password_changed");
    await clearFailures(tx, tenantId, [found.account]);
  });
}
