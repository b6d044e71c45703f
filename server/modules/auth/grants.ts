import { eq } from "drizzle-orm";
import { DEFAULT_TENANT_ID, type TokenResponse } from "../../../domain/contract";
import { PASSWORD_EXPIRED, policyMessages } from "../../../domain/validation/password-policy";
import type { AppContext } from "../../context";
import { isId } from "../../db/ids";
import { user } from "../../db/schema";
import { OAuthError, invalidGrant } from "../../http/errors";
import { consumeCaptcha } from "../../security/captcha";
import { allowsGrant, authenticateClient, type ClientRow } from "../../security/client";
import { attemptAbandoned, attemptSucceeded, beginAttempt, lockPolicyOf, purgeStaleFailures } from "../../security/lockout";
import { hashDigest, verifyDigest, type Verification } from "../../security/password";
import { loadPasswordPolicy, passwordChangeDue } from "../../security/password-policy";
import { findSession, revokeSession, revokeUserSessions } from "../../security/sessions";
import { verifyToken, type RefreshClaims } from "../../security/tokens";
import { MSG_BAD_CAPTCHA, MSG_BAD_CREDENTIALS, MSG_LOCKED, assertCanSignIn, checkTenant, signInScope } from "./checks";
import { continueSession, narrow, startSession, type Origin, type UserRow } from "./issue";
import { smsGrant } from "./sms";
import { socialGrant } from "./social";

/** A token request: Spring-style params (query or form) and the headers it may carry. */
export interface GrantRequest extends Origin {
  params: Record<string, string>;
  header(name: string): string | undefined;
}

export const MSG_BAD_REFRESH = "刷新令牌无效或已过期,请重新登录";
export const MSG_CAPTCHA_REQUIRED = "请使用验证码登录";

const PURGE_EVERY_MS = 60_000;
const lastPurge = new WeakMap<AppContext, number>();

/** Now and then a sign-in sweeps expired failure counters away (they bound the table's size). */
function housekeeping(ctx: AppContext): void {
  const now = ctx.now();
  if (now - (lastPurge.get(ctx) ?? 0) < PURGE_EVERY_MS) return;
  lastPurge.set(ctx, now);
  purgeStaleFailures(ctx, now).catch((error: unknown) => ctx.logError(error, "purge login failures"));
}

// Verifying against a real-looking hash for unknown accounts keeps response times alike.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashDigest("0".repeat(32)));

export async function grantToken(ctx: AppContext, req: GrantRequest): Promise<TokenResponse> {
  const client = await authenticateClient(ctx, req.header("authorization"));
  if (!client) throw new OAuthError(401, "unauthorized", "客户端认证失败");
  const grant = req.params.grant_type || req.params.grantType || "password";
  if (!["password", "captcha", "refresh_token", "sms", "social"].includes(grant)) {
    throw new OAuthError(400, "unsupported_grant_type", `不支持的授权类型: ${grant.slice(0, 32)}`);
  }
  if (!allowsGrant(client, grant)) {
    // A client in captcha mode: the plain password grant would walk around the captcha.
    const captchaOnly = grant === "password" && allowsGrant(client, "captcha");
    throw new OAuthError(400, "unauthorized_client", captchaOnly ? MSG_CAPTCHA_REQUIRED : "客户端不支持该授权类型");
  }
  if (grant !== "refresh_token") ctx.limiter.take("signInPerIp", req.ip);
  const named = req.header("tenant-id") || req.params.tenantId || req.params.tenant_id || undefined;
  const chosen = { deptId: req.header("dept-id"), roleId: req.header("role-id") };
  if (grant === "refresh_token") return refreshGrant(ctx, req, client, named, chosen);
  if (grant === "sms") return smsGrant(ctx, req, client, named ?? DEFAULT_TENANT_ID, chosen);
  if (grant === "social") return socialGrant(ctx, req, client, named, chosen);
  return passwordGrant(ctx, req, client, named ?? DEFAULT_TENANT_ID, chosen, grant === "captcha");
}

async function passwordGrant(
  ctx: AppContext,
  req: GrantRequest,
  client: ClientRow,
  tenantId: string,
  chosen: { deptId?: string; roleId?: string },
  withCaptcha: boolean,
): Promise<TokenResponse> {
  const account = (req.params.username ?? req.params.account ?? "").trim();
  const digest = req.params.password ?? "";
  ctx.limiter.check("signInFailuresPerIp", req.ip);
  if (!account || !digest || account.length > 255 || digest.length > 128) throw invalidGrant(MSG_BAD_CREDENTIALS);
  ctx.limiter.take("signInPerAccount", `${tenantId}:${account}`);
  await checkTenant(ctx, tenantId);
  if (withCaptcha) {
    const ok = await consumeCaptcha(ctx, req.header("captcha-key") ?? "", req.header("captcha-code") ?? "", ctx.now());
    if (!ok) throw invalidGrant(MSG_BAD_CAPTCHA);
  }
  // Read once: the lockout and the expiry below follow the same policy.
  const passwordPolicy = await loadPasswordPolicy(ctx, tenantId);
  const policy = lockPolicyOf(passwordPolicy);
  // Counted before the hash is computed, so concurrent guesses cannot outrun the lock.
  const attempt = await beginAttempt(ctx, tenantId, account, ctx.now(), policy);
  if (!attempt) throw invalidGrant(MSG_LOCKED);
  housekeeping(ctx);

  const users = signInScope(ctx, tenantId).repo(user);
  let found: UserRow | undefined;
  let check: Verification;
  try {
    found = (await users.list(eq(user.account, account)))[0];
    check = await verifyDigest(digest, found?.password ?? (await decoy()));
  } catch (error) {
    // No verdict (a full hash queue answers 429): this attempt must not count towards the lock.
    await attemptAbandoned(ctx, attempt, policy).catch((e: unknown) => ctx.logError(e, "give back sign-in attempt"));
    throw error;
  }
  if (!found || !check.ok) {
    ctx.limiter.add("signInFailuresPerIp", req.ip);
    // Locking an account ends its sessions: whoever holds one may be the one guessing.
    if (found && attempt.locks) await revokeUserSessions(ctx, [found], "locked");
    throw invalidGrant(MSG_BAD_CREDENTIALS);
  }
  assertCanSignIn(found);
  await attemptSucceeded(ctx, attempt, policy);
  if (check.upgrade) {
    // The legacy sha1(md5) hash is replaced now that the password is known to be right.
    await users.update([found.id], { password: await hashDigest(digest) });
  }
  // The right password, but older than the policy allows: no session until it is changed (the
  // console opens its change dialog on this error, see updateExpiredPassword).
  // A reset marked "change at next sign-in" is answered the same way, in its own words.
  const due = await passwordChangeDue(ctx, passwordPolicy, found, ctx.now());
  if (due) throw new OAuthError(400, PASSWORD_EXPIRED, due === "reset" ? policyMessages.mustChange() : policyMessages.expired());
  return startSession(ctx, { client, user: found, ...narrow(found, chosen) }, req);
}

async function refreshGrant(
  ctx: AppContext,
  req: GrantRequest,
  client: ClientRow,
  tenantId: string | undefined,
  chosen: { deptId?: string; roleId?: string },
): Promise<TokenResponse> {
  const token = req.params.refresh_token || req.params.refreshToken || "";
  const claims = await verifyToken<RefreshClaims>(ctx.jwtKey, token, "refresh_token", ctx.now());
  if (!claims || claims.client_id !== client.clientId || typeof claims.jti !== "string" || !isId(claims.sid)) {
    throw invalidGrant(MSG_BAD_REFRESH);
  }
  if (tenantId !== undefined && claims.tenant_id !== tenantId) throw invalidGrant("租户ID与令牌不一致");
  // A tenant disabled or expired since sign-in renews nothing, and says why: checked before the
  // session, which the disabling (or the first request after the expiry) has already ended.
  await checkTenant(ctx, claims.tenant_id);
  const session = await findSession(ctx, { id: claims.sid, tenantId: claims.tenant_id });
  if (!session || session.revoked !== 0 || session.expiresAt <= ctx.now()) throw invalidGrant(MSG_BAD_REFRESH);
  // In the token's tenant only: a user id of another tenant is as gone as a deleted one.
  const [found] = await signInScope(ctx, claims.tenant_id).repo(user).list(eq(user.id, claims.user_id));
  if (!found || found.status !== 1) {
    await revokeSession(ctx, session, "user_gone");
    throw invalidGrant(MSG_BAD_REFRESH);
  }
  return continueSession(ctx, { client, user: found, ...narrow(found, chosen, session) }, session.id, claims.jti);
}
