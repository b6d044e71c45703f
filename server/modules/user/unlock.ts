import { isId } from "../../db/ids";
import { user } from "../../db/schema";
import { formatDateTime } from "../../db/time";
import { badRequest } from "../../http/errors";
import { recordChange } from "../../security/audit";
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
    const counters = new Map<string, { failCount: number; lockedUntil: number }>();
    for (const [tenantId, accounts] of byTenant) {
      // As they were: the operation log says how far each account was from (or into) a lock.
      for (const f of await clearFailures(tx, tenantId, accounts)) counters.set(`${tenantId}\n${f.account}`, f);
    }
    const now = tx.clock();
    const lockedUntil = (until: number) => (until > now ? formatDateTime(new Date(until)) : null);
    await recordChange(
      tx,
      user,
      "update",
      Object.fromEntries(
        rows.map((row) => {
          const was = counters.get(`${row.tenantId}\n${row.account}`);
          const changes: Record<string, [unknown, unknown]> = was ? { failCount: [was.failCount, 0] } : {};
          if (was && lockedUntil(was.lockedUntil)) changes.lockedUntil = [lockedUntil(was.lockedUntil), null];
          return [row.id, changes];
        }),
      ),
    );
  });
}
