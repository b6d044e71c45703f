import { DEFAULT_TENANT_ID } from "../../../domain/contract";
import type { AppContext } from "../../context";
import { tenant, user } from "../../db/schema";
import { formatDateTime } from "../../db/time";
import { invalidGrant } from "../../http/errors";
import { revokeTenantSessions } from "../../security/sessions";

export { MSG_LOCKED } from "../../security/lockout";

export const MSG_BAD_CREDENTIALS = "用户名或密码错误";
export const MSG_BAD_CAPTCHA = "验证码不正确";
export const MSG_NO_USER = "用户不存在";
export const MSG_DISABLED = "该账号已被禁用,请联系管理员";
export const MSG_PENDING = "账号待审核,请耐心等待管理员通过";

type UserRow = typeof user.$inferSelect;

/** Sign-in knows its tenant from the request while nobody is signed in: the system acts there. */
export const signInScope = (ctx: AppContext, tenantId: string) => ctx.system(tenantId);

/** The tenant a sign-in names must exist, be enabled and (except 000000) not have expired. */
export async function checkTenant(ctx: AppContext, tenantId: string): Promise<void> {
  const rows = tenantId.length <= 12 ? await signInScope(ctx, tenantId).repo(tenant).list() : [];
  const row = rows[0];
  if (!row) throw invalidGrant("租户ID未找到");
  // Whatever sessions the tenant still has end with the refusal (an expiry passes with time).
  if (row.status !== 1) {
    await revokeTenantSessions(ctx, [tenantId], "tenant_disabled");
    throw invalidGrant("租户已被禁用,请联系管理员");
  }
  const expired = row.expireTime && row.expireTime < formatDateTime(new Date(ctx.now()));
  if (tenantId !== DEFAULT_TENANT_ID && expired) {
    await revokeTenantSessions(ctx, [tenantId], "tenant_expired");
    throw invalidGrant("租户授权已过期,请联系管理员");
  }
}

/**
 * A self-registered account (register-guest) waits with status 0, created and last written by
 * itself; once an administrator has touched a status-0 account it is simply disabled.
 */
export const isPendingApproval = (row: UserRow) => row.status === 0 && row.createUser === row.id && row.updateUser === row.id;

/** Every grant refuses accounts that are not enabled, telling a pending one from a disabled one. */
export function assertCanSignIn(row: UserRow): void {
  if (row.status === 1) return;
  throw invalidGrant(isPendingApproval(row) ? MSG_PENDING : MSG_DISABLED);
}
