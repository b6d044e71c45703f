import { and, eq } from "drizzle-orm";
import { DEFAULT_TENANT_ID } from "../../../src/contract";
import type { AppContext } from "../../context";
import { tenant, user } from "../../db/schema";
import { formatDateTime } from "../../db/time";
import { invalidGrant } from "../../http/errors";

export const MSG_BAD_CREDENTIALS = "用户名或密码错误";
export const MSG_LOCKED = "登录错误次数过多,请稍后再试";
export const MSG_BAD_CAPTCHA = "验证码不正确";
export const MSG_NO_USER = "用户不存在";
export const MSG_DISABLED = "该账号已被禁用,请联系管理员";
export const MSG_PENDING = "账号待审核,请耐心等待管理员通过";

type UserRow = typeof user.$inferSelect;

/** The tenant a sign-in names must exist, be enabled and (except 000000) not have expired. */
export async function checkTenant(ctx: AppContext, tenantId: string): Promise<void> {
  const rows = await ctx.db
    .select()
    .from(tenant)
    .where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0)));
  const row = tenantId.length <= 12 ? rows[0] : undefined;
  if (!row) throw invalidGrant("租户ID未找到");
  if (row.status !== 1) throw invalidGrant("租户已被禁用,请联系管理员");
  const expired = row.expireTime && row.expireTime < formatDateTime(new Date(ctx.now()));
  if (tenantId !== DEFAULT_TENANT_ID && expired) throw invalidGrant("租户授权已过期,请联系管理员");
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
