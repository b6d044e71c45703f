import { tenant, user } from "../db/schema";
import { badRequest } from "../http/errors";
import type { TenantScope } from "../security/tenant-scope";

export const MSG_QUOTA_FULL = "当前租户已到最大账号额度!";

/**
 * A tenant's account quota (`account_number`, set by the platform in 授权配置; BladeX: a positive
 * number limits, anything else does not). Called inside the transaction that adds `adding`
 * accounts, under a per-tenant lock, so that concurrent creations cannot both take the last place.
 * Every account of the tenant counts, whatever the caller's data scope lets it see.
 */
export async function assertAccountQuota(tx: TenantScope, tenantId: string, adding: number): Promise<void> {
  const all = tx.systemIn(tenantId);
  const [row] = await all.repo(tenant).list();
  const quota = row?.accountNumber ?? -1;
  if (quota <= 0) return;
  await tx.lock(tenantId, "blade-user-quota");
  if ((await all.repo(user).count()) + adding > quota) throw badRequest(MSG_QUOTA_FULL);
}
