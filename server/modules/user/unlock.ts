import { isId } from "../../db/ids";
import { user } from "../../db/schema";
import { badRequest } from "../../http/errors";
import { clearFailures } from "../../security/lockout";
import type { TenantScope } from "../../security/tenant-scope";
import { MSG_MISSING } from "./service";

export const MSG_CHOOSE_USER = "请至少选择一个用户";

/**
 * /blade-user/unlock?userIds=: the accounts' failure counters go (BladeX deletes its Redis keys),
 * so a lockout that someone caused on purpose ends at once. Users outside the caller's tenant
 * are as missing as deleted ones.
 */
export async function unlockUsers(scope: TenantScope, ids: string[]): Promise<void> {
  if (ids.length === 0) throw badRequest(MSG_CHOOSE_USER);
  if (!ids.every(isId)) throw badRequest("请求参数格式错误: userIds");
  const rows = await scope.repo(user).find(ids, MSG_MISSING);
  const byTenant = new Map<string, string[]>();
  for (const row of rows) byTenant.set(row.tenantId, [...(byTenant.get(row.tenantId) ?? []), row.account]);
  await scope.transaction(async (tx) => {
    for (const [tenantId, accounts] of byTenant) await clearFailures(tx.db, tenantId, accounts);
  });
}
