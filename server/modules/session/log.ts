import { desc } from "drizzle-orm";
import { loginLog } from "../../db/schema";
import { date, idField, int, parseQuery, text } from "../../db/query";
import { trimDateTime } from "../../db/time";
import type { TenantScope } from "../../security/tenant-scope";

/**
 * The session log (`userSession/logPage`): the sign-in history of the caller's tenant, read from
 * blade_log_login, which the sign-in writes for every attempt, through the log repository (the
 * platform administrator may name a tenant).
 */
const FILTERS = {
  account: text(loginLog.account),
  ip: text(loginLog.ip),
  grantType: text(loginLog.grantType),
  success: int(loginLog.success),
  userId: idField(loginLog.userId),
  createTime: date(loginLog.createTime),
};

export async function sessionLogPage(scope: TenantScope, params: Record<string, string>) {
  const q = parseQuery(params, FILTERS, {
    reserved: ["tenantId"],
    sortable: { id: idField(loginLog.id), createTime: date(loginLog.createTime) },
    defaultOrder: [desc(loginLog.createTime), desc(loginLog.id)],
  });
  // The administrator reads its own tenant unless it names another.
  const found = await scope.log(loginLog).page(q, undefined, scope.readTenant(params.tenantId?.trim() || undefined));
  const records = found.records.map((r) => ({
    id: r.id,
    tenantId: r.tenantId,
    userId: r.userId,
    account: r.account,
    grantType: r.grantType,
    success: r.success,
    reason: r.reason,
    ip: r.ip,
    userAgent: r.userAgent,
    createTime: trimDateTime(r.createTime),
  }));
  return { ...found, records };
}
