import { inArray } from "drizzle-orm";
import { VERIFY_CODE, operationLogSpec } from "../../../domain/resources/logAudit/systemOperation/log-spec";
import { exportCode } from "../../../domain/resources/logAudit/shared/fields";
import type { AppContext } from "../../context";
import { operationLog } from "../../db/schema";
import { parseDateTime } from "../../db/time";
import { queryParam, readIds, readParams } from "../../http/body";
import { badRequest, ok } from "../../http/errors";
import { verifyChain } from "../../security/audit-log";
import { can, type RouteSpec } from "../../security/authorize";
import { operationLogDef } from "./definitions";
import { logModule, logReads } from "../../kit/log-mode";

export const MSG_CHOOSE_EXPORT = "请选择要导出的数据";

/** A createTimeStart/createTimeEnd value: absent, or a date the grammar's date filters accept. */
function dateParam(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const parsed = parseDateTime(value);
  if (!parsed) throw badRequest(`日期格式错误: ${name}，应为 YYYY-MM-DD HH:mm:ss`);
  return parsed;
}

/**
 * api/operationList's createTimeStart/createTimeEnd (both ends included) as the grammar's date
 * filters. The download takes them too, so the console's export of what api/operationList shows
 * sends the same parameters and gets the same rows.
 */
function timeRange({ createTimeStart, createTimeEnd, ...rest }: Record<string, string>): Record<string, string> {
  const start = dateParam(createTimeStart, "createTimeStart");
  const end = dateParam(createTimeEnd, "createTimeEnd");
  return { ...rest, ...(start ? { createTime_datege: start } : {}), ...(end ? { createTime_datele: end } : {}) };
}

/**
 * The operation log (§7): operationLog/page and /download like the other logs; api/operationList
 * (createTimeStart, createTimeEnd, current, size); api/export (ids, a blob); and the chain check.
 */
export function operationRoutes(ctx: AppContext): RouteSpec[] {
  const mode = { ...operationLogDef, translate: timeRange };
  const log = logReads(ctx, mode);
  return [
    ...logModule(ctx, mode),
    {
      method: "GET",
      path: "/operationLog/verify",
      access: can(VERIFY_CODE),
      handler: async (c) => {
        // Another tenant's chain is as absent as its rows; the administrator checks all, or the one named.
        return ok(c, await verifyChain(c.var.scope, queryParam(c, "tenantId") || undefined));
      },
    },
    {
      method: "GET",
      path: "/api/operationList",
      access: can(operationLogSpec.menuCode),
      handler: async (c) => ok(c, await log.page(c.var.scope, await readParams(c))),
    },
    {
      method: "POST",
      path: "/api/export",
      access: can(exportCode(operationLogSpec.menuCode)),
      handler: async (c) => {
        const ids = await readIds(c);
        if (ids.length === 0) throw badRequest(MSG_CHOOSE_EXPORT);
        // Only the caller's own rows among them: another tenant's id is as absent as a missing one.
        return log.download(c.var.scope, {}, inArray(operationLog.id, ids), { ids });
      },
    },
  ];
}
