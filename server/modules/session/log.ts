import { desc } from "drizzle-orm";
import { loginLog } from "../../db/schema";
import { date, idField, int, parseQuery, text } from "../../db/query";
import { trimDateTime } from "../../db/time";
import type { AppContext } from "../../context";
import { logReads } from "../../kit/log-mode";

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

/** The sign-in history as a read-only list of one tenant (the platform administrator's own unless it names one). */
export function sessionLogReads(ctx: AppContext) {
  return logReads<typeof loginLog, object>(ctx, {
    table: loginLog,
    title: "登录记录",
    oneTenant: true,
    query: async (_scope, params) =>
      parseQuery(params, FILTERS, {
        reserved: ["tenantId"],
        sortable: { id: idField(loginLog.id), createTime: date(loginLog.createTime) },
        defaultOrder: [desc(loginLog.createTime), desc(loginLog.id)],
      }),
    toVO: async (_scope, rows) =>
      rows.map((r) => ({
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
      })),
    file: { ascii: "session-log", name: "登录记录", columns: [] },
  });
}
