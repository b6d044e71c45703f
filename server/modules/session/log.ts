import { and, count, desc, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { loginLog } from "../../db/schema";
import { date, idField, int, parseQuery, text, toPage } from "../../db/query";
import { trimDateTime } from "../../db/time";
import type { TenantScope } from "../../security/tenant-scope";

/**
 * The session log (`userSession/logPage`): the sign-in history of the caller's tenant, read from
 * blade_log_login, which the sign-in writes for every attempt. The table has no logical delete,
 * so the tenant condition is added here (the platform administrator may name a tenant).
 */
const FILTERS = {
  account: text(loginLog.account),
  ip: text(loginLog.ip),
  grantType: text(loginLog.grantType),
  success: int(loginLog.success),
  userId: idField(loginLog.userId),
  createTime: date(loginLog.createTime),
};

export async function sessionLogPage(ctx: AppContext, scope: TenantScope, params: Record<string, string>) {
  const q = parseQuery(params, FILTERS, {
    reserved: ["tenantId"],
    sortable: { id: idField(loginLog.id), createTime: date(loginLog.createTime) },
    defaultOrder: [desc(loginLog.createTime), desc(loginLog.id)],
  });
  const tenantId = scope.readTenant(params.tenantId?.trim() || undefined);
  const where = and(tenantId === undefined ? undefined : eq(loginLog.tenantId, tenantId), q.where);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(loginLog)
      .where(where)
      .orderBy(...q.orderBy)
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    ctx.db.select({ total: count() }).from(loginLog).where(where),
  ]);
  const records = rows.map((r) => ({
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
  return toPage(records, Number(total), q.current, q.size);
}
