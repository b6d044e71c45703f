import { eq } from "drizzle-orm";
import { USER_FIELD_LIMITS, formatMessage, patterns, validateMobile, validateRegistration } from "../../../domain/validation";
import { validateUser } from "../../../domain/resources/system/user/validate";
import type { AppContext } from "../../context";
import { isId, nextId } from "../../db/ids";
import { user, userOauth } from "../../db/schema";
import { badRequest, forbidden, otherTenant } from "../../http/errors";
import type { Caller } from "../../security/caller";
import { checkCode } from "../../security/codes";
import { setBindingUser } from "../../security/bindings";
import { clearFailures } from "../../security/lockout";
import { hashDigest, hashPlainPassword, md5Hex } from "../../security/password";
import { sendNotices } from "../../notify/notices";
import { checkNewPassword, loadPasswordPolicy, newPasswordError, recordPasswords } from "../../security/password-policy";
import { revokeSession, revokeUserSessions } from "../../security/sessions";
import { MSG_ACCOUNT_TAKEN, uniqueAccount } from "./service";
import { assertAccountQuota } from "../../kit/account-quota";

const optionalText = (body: Record<string, unknown>, field: string): string => {
  const v = body[field];
  if (v === undefined || v === null) return "";
  if (typeof v !== "string") throw badRequest(`${field}必须是字符串`);
  return v.trim();
};

const isRealName = (value: string) => value !== "" && validateUser({ realName: value }, "update").length === 0;

/**
 * The name typed (already checked), else the third-party nickname or the account when either
 * passes the real-name rule; a guest with neither must type one.
 */
function realNameOf(name: string, nickname: string, account: string): string {
  const found = [name, [...nickname.trim()].slice(0, USER_FIELD_LIMITS.realName).join(""), account].find(isRealName);
  if (!found) throw badRequest(formatMessage("realNameRequired"));
  return found;
}

/**
 * register-guest: the guest session of a first third-party sign-in creates its account. The
 * account waits for an administrator (status 0) with no role or department, and the third-party
 * identity is bound to it, so the next social sign-in finds it. Only the guest session may do
 * this, and only for its own binding: binding ids are time-ordered snowflakes, and a public call
 * with a guessed one would bind a stranger's third-party identity to an account the caller owns.
 */
export async function registerGuest(ctx: AppContext, caller: Caller, body: Record<string, unknown>): Promise<void> {
  if (!caller.isGuest) throw forbidden("当前账号已注册");
  const tenantId = optionalText(body, "tenantId") || caller.tenantId;
  const account = optionalText(body, "account");
  const name = optionalText(body, "name");
  const password = typeof body.password === "string" ? body.password : "";
  // The console checks the confirmation itself and sends one password; a body with both is checked here.
  const password2 = typeof body.password2 === "string" ? body.password2 : password;
  const problem = validateRegistration({ tenantId, account, password, password2 });
  if (problem) throw badRequest(problem);
  // Only the guest's own tenant exists for it: any other is answered as one that does not.
  if (tenantId !== caller.tenantId) throw otherTenant();
  const oauthId = optionalText(body, "oauthId") || caller.oauthId;
  if (oauthId !== caller.oauthId) throw forbidden("第三方账号与当前会话不一致");
  // The name typed is the account's real name, so it follows the §5 rule of real names.
  const fieldError = validateUser({ account, name, realName: name || undefined }, "update")[0];
  if (fieldError) throw badRequest(fieldError.message);
  const policyError = checkNewPassword(await loadPasswordPolicy(ctx, tenantId), password);
  if (policyError) throw badRequest(policyError);

  const id = nextId();
  // Nobody is signed in to the tenant yet: the new account writes itself, which is what marks it
  // as awaiting approval (auth/checks.ts).
  const self = ctx.system(tenantId, id);
  const [binding] = isId(oauthId) ? await self.owned(userOauth).list(eq(userOauth.id, oauthId)) : [];
  if (!binding) throw badRequest("第三方账号不存在");
  const realName = realNameOf(name, binding.nickname, account);
  const hash = await hashPlainPassword(password);
  await uniqueAccount(() =>
    self.transaction(async (tx) => {
      const users = tx.repo(user);
      if ((await users.count(eq(user.account, account))) > 0) throw badRequest(MSG_ACCOUNT_TAKEN);
      if (binding.userId && (await users.count(eq(user.id, binding.userId))) > 0) throw badRequest("该第三方账号已绑定用户");
      const email = binding.email.length <= 45 && patterns.email.test(binding.email) ? binding.email : "";
      const profile = { name, realName, avatar: binding.avatar, email };
      await assertAccountQuota(tx, tenantId, 1);
      await users.insert({ account, password: hash, ...profile, status: 0 }, tenantId, id);
      await recordPasswords(tx, tenantId, [id], hash, ctx.now(), { newUsers: true });
      await setBindingUser(tx, [binding.id], id);
    }),
  );
  // The guest identity now belongs to an account; its limited session has served its purpose.
  await revokeSession(ctx, { id: caller.sessionId, tenantId: caller.tenantId }, "registered");
}

const MD5_HEX = /^[0-9a-f]{32}$/i;
export const MSG_TYPED_PASSWORD = "缺少新密码原文(newPassword),无法检查密码策略";

/**
 * find-password: a code from smsCodeNew (phone) or sendMailCode (email) proves the phone or mail
 * box; the new password comes as its md5 digest (§5 password transport) and, for the password
 * policy, as typed in newPassword (which must match the digest). Every session of the account ends.
 */
export async function findPassword(ctx: AppContext, tenantId: string, body: Record<string, unknown>): Promise<void> {
  const phone = optionalText(body, "phone");
  const email = optionalText(body, "email");
  const codeId = optionalText(body, "codeId");
  const code = optionalText(body, "code");
  const password = optionalText(body, "password");
  const confirmPassword = optionalText(body, "confirmPassword");
  if (!phone && !email) throw badRequest("请输入手机号码或邮箱");
  if (phone) {
    const error = validateMobile(phone);
    if (error) throw badRequest(error);
  } else if (!patterns.email.test(email)) {
    throw badRequest(formatMessage("emailFormat"));
  }
  if (!codeId || !code) throw badRequest("请输入验证码");
  if (!password || !confirmPassword) throw badRequest(formatMessage("registerPassword"));
  if (password.toLowerCase() !== confirmPassword.toLowerCase()) throw badRequest(formatMessage("passwordMismatch"));
  if (!MD5_HEX.test(password)) throw badRequest("密码格式不正确");
  // The policy can only judge the password as typed: newPassword carries it beside the digests.
  const typed = typeof body.newPassword === "string" ? body.newPassword : "";
  if (!typed || md5Hex(typed) !== password.toLowerCase()) throw badRequest(MSG_TYPED_PASSWORD);
  const policyError = checkNewPassword(await loadPasswordPolicy(ctx, tenantId), typed);
  if (policyError) throw badRequest(policyError);

  const channel = phone ? "sms" : "mail";
  const target = phone || email;
  if (!(await checkCode(ctx, { tenantId, channel, purpose: "reset", target, id: codeId, code }))) throw badRequest("验证码不正确");
  const column = phone ? user.phone : user.email;
  const system = ctx.system(tenantId);
  const rows = await system.repo(user).list(eq(column, target));
  if (rows.length === 0) throw badRequest("用户不存在");
  if (rows.length > 1) throw badRequest(`该${phone ? "手机号" : "邮箱"}绑定了多个账号,请联系管理员重置密码`);
  const reused = await newPasswordError(ctx, tenantId, typed, { userId: rows[0].id, currentHash: rows[0].password });
  if (reused) throw badRequest(reused);
  const hash = await hashDigest(password);
  const ids = rows.map((r) => r.id);
  await system.transaction(async (tx) => {
    await tx.repo(user).update(ids, { password: hash }, "用户不存在");
    await recordPasswords(tx, tenantId, ids, hash, ctx.now(), { previous: rows[0].password });
    await revokeUserSessions(tx, rows, "password_reset");
    await clearFailures(tx, tenantId, rows.map((r) => r.account));
  });
  void sendNotices(ctx, rows.map((r) => ({ kind: "passwordFound" as const, tenantId, to: r.email, account: r.account })));
}
