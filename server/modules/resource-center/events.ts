import type { Context } from "hono";
import { and, eq, inArray, isNotNull, lte } from "drizzle-orm";
import type { AppEnv } from "../../context";
import { resourceGrant, resourceRequest } from "../../db/schema";
import { formatDateTime } from "../../db/time";
import { clientIp } from "../../http/client-ip";
import { appendOperation, cut } from "../../security/audit-log";
import type { TenantScope } from "../../security/tenant-scope";

/**
 * The resource centre's entries in the operation log. Decisions and expiries are made by routes
 * open to more than one permission (a directory owner decides without the approval button) or by
 * no request at all (an expiry), so the repository's automatic audit does not see them: each is
 * appended here, on the transaction of the change it records.
 */

export interface RequestInfo {
  method: string;
  uri: string;
  ip: string;
  userAgent: string;
}

export const requestInfo = (c: Context<AppEnv>): RequestInfo => ({
  method: c.req.method,
  uri: cut(c.req.path, 500),
  ip: cut(clientIp(c), 64),
  userAgent: cut(c.req.header("user-agent") ?? "", 500),
});

export interface Event {
  /** 审批管理-通过, 资源申请-到期 … */
  title: string;
  permissionCode: string;
  table: "blade_resource_request" | "blade_resource_grant" | "blade_user";
  action: "insert" | "update";
  ids: string[];
  summary: Record<string, unknown>;
}

/** Appends `event` by the scope's caller (the system for an expiry) in the scope's tenant. */
export async function recordEvent(tx: TenantScope, event: Event, request?: RequestInfo): Promise<void> {
  const caller = tx.caller;
  await appendOperation(tx, {
    userId: caller.userId,
    account: cut(caller.account || "system", 64),
    deptId: caller.deptIds[0] ?? "0",
    title: cut(event.title, 255),
    permissionCode: event.permissionCode,
    method: request?.method ?? "",
    requestUri: request?.uri ?? "",
    tableName: event.table,
    action: event.action,
    recordIds: event.ids.join(","),
    summary: JSON.stringify(event.summary),
    ip: request?.ip ?? "",
    userAgent: request?.userAgent ?? "",
  });
}

export const STATE = { pending: 0, approved: 1, rejected: 2, withdrawn: 3, expired: 4 } as const;

/**
 * Ends the tenant's time-bound grants whose end has passed: the grant stops (status 0), its
 * request shows 已过期, and the operation log says so. Run at the start of every resource-centre
 * call, so the next request after an end finds it ended (the rule in access.ts ignores an ended
 * grant anyway; this makes the request's state and the log agree with it). Under a lock, so two
 * calls at once expire a grant once.
 */
export async function expireGrants(scope: TenantScope): Promise<void> {
  const sys = scope.systemIn(scope.tenantId);
  const at = formatDateTime(new Date(scope.clock()));
  const due = and(eq(resourceGrant.status, 1), isNotNull(resourceGrant.endTime), lte(resourceGrant.endTime, at));
  // Cheap when nothing is due (an index on end_time): no transaction, no lock.
  if ((await sys.repo(resourceGrant).count(due)) === 0) return;
  await sys.transaction(async (tx) => {
    await tx.lock(tx.tenantId, "blade_resource_grant:expire");
    const grants = await tx.repo(resourceGrant).list(due);
    if (grants.length === 0) return;
    await tx.repo(resourceGrant).update(grants.map((g) => g.id), { status: 0 });
    const requestIds = grants.map((g) => g.requestId);
    const requests = await tx.repo(resourceRequest).list(and(inArray(resourceRequest.id, requestIds), eq(resourceRequest.state, STATE.approved)));
    if (requests.length) await tx.repo(resourceRequest).update(requests.map((r) => r.id), { state: STATE.expired });
    await recordEvent(tx, {
      title: "资源申请-到期",
      permissionCode: "",
      table: "blade_resource_grant",
      action: "update",
      ids: grants.map((g) => g.id),
      summary: Object.fromEntries(grants.map((g) => [g.id, { userId: g.userId, appId: g.appId, requestId: g.requestId, endTime: g.endTime, state: [STATE.approved, STATE.expired] }])),
    });
  });
}
