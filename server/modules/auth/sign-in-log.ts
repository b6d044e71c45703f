import { eq } from "drizzle-orm";
import { DEFAULT_TENANT_ID, type TokenResponse } from "../../../domain/contract";
import type { AppContext } from "../../context";
import { splitIds } from "../../db/ids";
import { user } from "../../db/schema";
import { ApiError, MSG_SERVER_ERROR, OAuthError } from "../../http/errors";
import { isStorable } from "../../http/text";
import { recordSignIn, signInTenant, type SignInAttempt } from "../../security/audit-log";
import { signInScope } from "./checks";
import { grantToken, type GrantRequest } from "./grants";

export const MSG_SIGNED_IN = "登录成功";

/** The words the user was shown for a refused sign-in (never anything they sent). */
function reasonOf(error: unknown): string {
  if (error instanceof OAuthError) return error.description;
  if (error instanceof ApiError) return error.message;
  return MSG_SERVER_ERROR;
}

/** Who a refused attempt named, when that account exists in the named tenant (0 otherwise). */
async function named(ctx: AppContext, tenantId: string, grant: string, params: Record<string, string>) {
  const account = (grant === "sms" ? params.phone : (params.username ?? params.account)) ?? "";
  const key = account.trim();
  if (!key || key.length > 64 || !isStorable(key) || tenantId.length > 12 || grant === "social") return { account: key };
  const rows = await signInScope(ctx, tenantId)
    .repo(user)
    .list(eq(grant === "sms" ? user.phone : user.account, key), { limit: 2 });
  // Several accounts sharing a phone: which one was meant is not known.
  const found = rows.length === 1 ? rows[0] : undefined;
  return { account: found?.account ?? key, userId: found?.id, deptId: splitIds(found?.deptId)[0] };
}

/**
 * Every sign-in attempt (password, captcha, sms, social; refresh-token renewals are not attempts)
 * goes into blade_log_login with its result and the reason the user was given. A refused attempt
 * is recorded in its own statement, since the grant it belongs to has nothing to commit; a
 * failure to record is logged and never changes the answer.
 */
export async function loggedGrant(ctx: AppContext, req: GrantRequest): Promise<TokenResponse> {
  const grant = (req.params.grant_type || req.params.grantType || "password").slice(0, 32);
  if (grant === "refresh_token") return grantToken(ctx, req);
  const tenantId = req.header("tenant-id") || req.params.tenantId || req.params.tenant_id || DEFAULT_TENANT_ID;
  const origin = { grantType: grant, ip: req.ip, userAgent: req.userAgent };
  const record = async ({ tenantId: attempted, ...attempt }: SignInAttempt & { tenantId: string }) => {
    try {
      await recordSignIn(signInScope(ctx, signInTenant(attempted)), attempt);
    } catch (error) {
      ctx.logError(error, "record sign-in attempt");
    }
  };
  let body: TokenResponse;
  try {
    body = await grantToken(ctx, req);
  } catch (error) {
    const who = await named(ctx, tenantId, grant, req.params).catch(() => ({ account: "" }));
    await record({ ...origin, ...who, tenantId, success: false, reason: reasonOf(error) });
    throw error;
  }
  await record({
    ...origin,
    tenantId: body.tenant_id,
    userId: body.user_id,
    account: body.account,
    deptId: splitIds(body.dept_id)[0],
    success: true,
    reason: MSG_SIGNED_IN,
  });
  return body;
}
