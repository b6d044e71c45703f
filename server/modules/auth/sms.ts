import { eq } from "drizzle-orm";
import type { TokenResponse } from "../../../domain/contract";
import { validateMobile } from "../../../domain/validation";
import type { AppContext } from "../../context";
import { user } from "../../db/schema";
import { invalidGrant } from "../../http/errors";
import type { ClientRow } from "../../security/client";
import { checkCode } from "../../security/codes";
import { attemptSucceeded, beginAttempt, isLocked, loadLockPolicy } from "../../security/lockout";
import { MSG_BAD_CAPTCHA, MSG_LOCKED, MSG_NO_USER, assertCanSignIn, checkTenant, signInScope } from "./checks";
import type { GrantRequest } from "./grants";
import { narrow, startSession } from "./issue";

export const MSG_PHONE_SHARED = "该手机号绑定了多个账号,请使用账号密码登录";

/** Wrong codes count against the phone (as wrong passwords count against an account). */
const lockKey = (phone: string) => `sms:${phone}`;

/**
 * grant_type=sms: `phone`, `value` (the code) and `id` (the code's id from smsCode). The code is
 * checked before the user is looked up, so only the phone's owner learns whether it has an account.
 */
export async function smsGrant(
  ctx: AppContext,
  req: GrantRequest,
  client: ClientRow,
  tenantId: string,
  chosen: { deptId?: string; roleId?: string },
): Promise<TokenResponse> {
  const phone = (req.params.phone ?? "").trim();
  const code = (req.params.value ?? "").trim();
  const id = (req.params.id ?? "").trim();
  await checkTenant(ctx, tenantId);
  if (validateMobile(phone) !== null || !code || !id) throw invalidGrant(MSG_BAD_CAPTCHA);
  const now = ctx.now();
  ctx.limiter.check("signInFailuresPerIp", req.ip);
  ctx.limiter.take("signInPerAccount", `${tenantId}:${lockKey(phone)}`);
  const policy = await loadLockPolicy(ctx, tenantId);
  const attempt = await beginAttempt(ctx, tenantId, lockKey(phone), now, policy);
  if (!attempt) throw invalidGrant(MSG_LOCKED);
  if (!(await checkCode(ctx, { tenantId, channel: "sms", purpose: "login", target: phone, id, code }))) {
    ctx.limiter.add("signInFailuresPerIp", req.ip);
    throw invalidGrant(MSG_BAD_CAPTCHA);
  }
  const rows = await signInScope(ctx, tenantId).repo(user).list(eq(user.phone, phone));
  if (rows.length === 0) throw invalidGrant(MSG_NO_USER);
  // Which of several accounts was meant cannot be guessed safely.
  if (rows.length > 1) throw invalidGrant(MSG_PHONE_SHARED);
  const [found] = rows;
  if (await isLocked(ctx, tenantId, found.account, now)) throw invalidGrant(MSG_LOCKED);
  assertCanSignIn(found);
  await attemptSucceeded(ctx, attempt, policy);
  return startSession(ctx, { client, user: found, ...narrow(found, chosen) }, req);
}
