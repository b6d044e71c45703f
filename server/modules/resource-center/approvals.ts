import type { Context } from "hono";
import { desc, eq, inArray } from "drizzle-orm";
import type { AppContext, AppEnv } from "../../context";
import { resourceGrant, resourceRequest, role, user } from "../../db/schema";
import { formatDateTime } from "../../db/time";
import { badRequest, forbidden, ok } from "../../http/errors";
import { AUTHENTICATED, defineRoutes, hasPermission } from "../../security/authorize";
import type { TenantScope } from "../../security/tenant-scope";
import { usableApps } from "./access";
import { APPROVE_CODE, REJECT_CODE, authorityOf, decidable, decidesAnything, firstStep, may, type Authority } from "./authority";
import { mailAboutRequests } from "./mail";
import { idArg, idsArg, pageArgs, readArgs, textArg } from "./args";
import { STATE, expireGrants, recordEvent, requestInfo } from "./events";
import { MSG_REQUEST_MISSING, describeRequests } from "./requests";

// Kept exported from here: test-hooks.ts and older imports name them from this file.
export { APPROVE_CODE, REJECT_CODE };
export const MSG_OWN_REQUEST = "不能审批自己的申请";
export const MSG_DECIDED = "该申请已处理";
const DAY_MS = 24 * 60 * 60 * 1000;
const PAGE_CODE = "approvalManagement";

/** What the requester may already use and why (the rule of access.ts), and their system roles. */
async function holdingsOf(scope: TenantScope, userIds: string[]) {
  const sys = scope.systemIn(scope.tenantId);
  const people = userIds.length ? await sys.repo(user).list(inArray(user.id, userIds)) : [];
  const out = new Map<string, { roles: string[]; apps: { id: string; appName: string; sources: unknown[] }[] }>();
  for (const p of people) {
    const roleIds = p.roleId.split(",").filter(Boolean);
    const roles = roleIds.length ? await sys.repo(role).list(inArray(role.id, roleIds)) : [];
    const apps = await usableApps(scope, scope.tenantId, p.id);
    out.set(p.id, { roles: roles.map((r) => r.roleName), apps: apps.map((a) => ({ id: a.id, appName: a.appName, sources: a.sources })) });
  }
  return out;
}

/** Approves (or passes the first step of) one pending request; the grant is made in `tx`, with the decision. */
async function approveOne(c: Context<AppEnv>, tx: TenantScope, a: Authority, id: string, comment: string): Promise<void> {
  const caller = c.var.caller;
  await tx.repo(resourceRequest).lockRows([id]);
  const [r] = await tx.repo(resourceRequest).list(eq(resourceRequest.id, id));
  if (!r) throw badRequest(MSG_REQUEST_MISSING);
  if (r.userId === caller.userId) throw badRequest(MSG_OWN_REQUEST);
  if (r.state !== STATE.pending) throw badRequest(MSG_DECIDED);
  if (!may(a, r, caller.userId).approve) throw forbidden();
  const now = tx.clock();
  const at = formatDateTime(new Date(now));
  if (firstStep(r)) {
    await tx.repo(resourceRequest).update([id], { step: 2, firstApprover: caller.userId, firstComment: comment });
    await recordEvent(tx, { title: "审批管理-通过（目录负责人）", permissionCode: "", table: "blade_resource_request", action: "update", ids: [id], summary: { [id]: { step: [1, 2], firstComment: comment } } }, requestInfo(c));
    return;
  }
  await tx.repo(resourceRequest).update([id], { state: STATE.approved, approver: caller.userId, comment, decideTime: at });
  const endTime = r.durationDays > 0 ? formatDateTime(new Date(now + r.durationDays * DAY_MS)) : null;
  const grantId = await tx.repo(resourceGrant).insert({ userId: r.userId, appId: r.appId, requestId: id, endTime });
  await recordEvent(
    tx,
    { title: "审批管理-通过", permissionCode: APPROVE_CODE, table: "blade_resource_request", action: "update", ids: [id, grantId], summary: { [id]: { state: [STATE.pending, STATE.approved], comment, grantId, endTime } } },
    requestInfo(c),
  );
}

async function rejectOne(c: Context<AppEnv>, tx: TenantScope, a: Authority, id: string, comment: string): Promise<void> {
  const caller = c.var.caller;
  await tx.repo(resourceRequest).lockRows([id]);
  const [r] = await tx.repo(resourceRequest).list(eq(resourceRequest.id, id));
  if (!r) throw badRequest(MSG_REQUEST_MISSING);
  if (r.userId === caller.userId) throw badRequest(MSG_OWN_REQUEST);
  if (r.state !== STATE.pending) throw badRequest(MSG_DECIDED);
  if (!may(a, r, caller.userId).reject) throw forbidden();
  const at = formatDateTime(new Date(tx.clock()));
  const fields = firstStep(r) ? { firstApprover: caller.userId, firstComment: comment } : { approver: caller.userId, comment };
  await tx.repo(resourceRequest).update([id], { state: STATE.rejected, decideTime: at, ...fields });
  await recordEvent(tx, { title: "审批管理-驳回", permissionCode: REJECT_CODE, table: "blade_resource_request", action: "update", ids: [id], summary: { [id]: { state: [STATE.pending, STATE.rejected], comment } } }, requestInfo(c));
}

/** 审批管理: the pending requests the caller may decide, with what each requester holds; approve, reject, bulk approve. */
export function approvalRoutes(ctx: AppContext) {
  const deciding = async (c: Context<AppEnv>) => {
    const a = await authorityOf(c);
    if (!decidesAnything(a)) throw forbidden();
    await expireGrants(c.var.scope);
    return a;
  };
  /** The list: for whoever decides something, and for holders of the page (role 普通用户 has it for directory owners). */
  const listing = async (c: Context<AppEnv>) => {
    const a = await authorityOf(c);
    if (!decidesAnything(a) && !(await hasPermission(c.var.scope, c.var.caller, PAGE_CODE))) throw forbidden();
    await expireGrants(c.var.scope);
    return a;
  };
  /** `batch`: several ids (ids=a,b,c) with one comment, else one id. */
  const decide = (one: typeof approveOne, commentRequired: boolean, batch = false) => async (c: Context<AppEnv>) => {
    const a = await deciding(c);
    const args = await readArgs(c);
    const ids = batch ? idsArg(args.ids, "请选择要审批的申请") : [idArg(args.id, "申请ID")];
    const comment = textArg(args.comment, 255, "审批意见", commentRequired);
    // All or none: a bulk approval that meets one request it may not decide changes nothing.
    await c.var.scope.transaction(async (tx) => {
      for (const id of ids) await one(c, tx, a, id, comment);
    });
    // Committed: the mail goes out in the background and never fails the decision (mail.ts).
    void mailAboutRequests(ctx, c.var.scope, ids);
    return ok(c, true);
  };
  return defineRoutes(ctx, [
    {
      method: "GET",
      path: "/list",
      access: AUTHENTICATED,
      handler: async (c) => {
        const { scope, caller } = c.var;
        const a = await listing(c);
        const { current, size } = pageArgs(await readArgs(c));
        const where = decidable(a, caller.userId);
        // A holder of the page who decides nothing (an ordinary user owning no directory) sees an empty list.
        if (!where) return ok(c, { records: [], total: 0, size, current, pages: 0 });
        const repo = scope.systemIn(caller.tenantId).repo(resourceRequest);
        const total = await repo.count(where);
        const ids = await repo.select({ id: resourceRequest.id }, where).orderBy(desc(resourceRequest.createTime), desc(resourceRequest.id)).limit(size).offset((current - 1) * size);
        const rows = ids.length ? await repo.list(inArray(resourceRequest.id, ids.map((r) => r.id)), { orderBy: [desc(resourceRequest.createTime), desc(resourceRequest.id)] }) : [];
        const holds = await holdingsOf(scope, [...new Set(rows.map((r) => r.userId))]);
        const described = await describeRequests(scope, rows);
        const records = described.map((d, i) => ({ ...d, ...may(a, rows[i], caller.userId), holdings: holds.get(d.userId) ?? { roles: [], apps: [] } }));
        return ok(c, { records, total, size, current, pages: Math.ceil(total / size) });
      },
    },
    { method: "POST", path: "/approve", access: AUTHENTICATED, handler: decide(approveOne, false) },
    { method: "POST", path: "/reject", access: AUTHENTICATED, handler: decide(rejectOne, true) },
    // Several requests with one comment: the same checks as one by one, in one transaction.
    { method: "POST", path: "/batchApprove", access: AUTHENTICATED, handler: decide(approveOne, false, true) },
  ]);
}
