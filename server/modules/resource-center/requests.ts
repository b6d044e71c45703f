import { and, asc, desc, eq, inArray, ne } from "drizzle-orm";
import type { AppContext } from "../../context";
import { app, appDirectory, appDirectoryApp, dict, resourceGrant, resourceRequest, user } from "../../db/schema";
import { trimDateTime } from "../../db/time";
import { badRequest, ok } from "../../http/errors";
import { AUTHENTICATED, can, defineRoutes } from "../../security/authorize";
import type { TenantScope } from "../../security/tenant-scope";
import { startedDirectories, usableApps } from "./access";
import { idArg, pageArgs, readArgs, textArg } from "./args";
import { STATE, expireGrants } from "./events";
import { mailAboutRequests } from "./mail";

export const DURATIONS = [7, 30, 90, 0];
export const FLOW_SINGLE = "1";
export const FLOW_TWO_STEP = "2";
export const MSG_ALREADY_USABLE = "您已可以使用该应用，无需申请";
export const MSG_PENDING_EXISTS = "该应用已有待审批的申请";
export const MSG_REQUEST_MISSING = "申请不存在";
export const MSG_NOT_PENDING = "只能撤回待审批的申请";

type RequestRow = typeof resourceRequest.$inferSelect;

/** The `flow` dictionary's entries (key → name): 1 a single approver, 2 the directory owner then an administrator. */
export async function flowNames(scope: TenantScope): Promise<Map<string, string>> {
  const rows = await scope.repo(dict).list(and(eq(dict.code, "flow"), ne(dict.parentId, "0")), { orderBy: [asc(dict.sort)] });
  return new Map(rows.map((r) => [r.dictKey, r.dictValue]));
}

/** Requests as the lists show them: the application, directory, flow, deciders' names and the grant's end. */
export async function describeRequests(scope: TenantScope, rows: RequestRow[]) {
  const sys = scope.systemIn(scope.tenantId);
  const ids = (pick: (r: RequestRow) => string) => [...new Set(rows.map(pick).filter((id) => id !== "0"))];
  const apps = ids((r) => r.appId).length ? await sys.repo(app).list(inArray(app.id, ids((r) => r.appId))) : [];
  const dirs = ids((r) => r.directoryId).length ? await sys.repo(appDirectory).list(inArray(appDirectory.id, ids((r) => r.directoryId))) : [];
  const people = [...new Set([...ids((r) => r.userId), ...ids((r) => r.approver), ...ids((r) => r.firstApprover)])];
  const users = people.length ? await sys.repo(user).list(inArray(user.id, people)) : [];
  const grants = rows.length ? await sys.repo(resourceGrant).list(inArray(resourceGrant.requestId, rows.map((r) => r.id))) : [];
  const flows = await flowNames(scope);
  const nameOf = (id: string) => users.find((u) => u.id === id)?.realName ?? "";
  return rows.map((r) => {
    const a = apps.find((x) => x.id === r.appId);
    return {
      id: r.id,
      userId: r.userId,
      userName: nameOf(r.userId),
      account: users.find((u) => u.id === r.userId)?.account ?? "",
      appId: r.appId,
      appName: a?.appName ?? "",
      appUrl: a?.appUrl ?? "",
      icon: a?.icon ?? "",
      directoryId: r.directoryId,
      directoryName: dirs.find((d) => d.id === r.directoryId)?.directoryName ?? "",
      reason: r.reason,
      durationDays: r.durationDays,
      flow: r.flow,
      flowName: flows.get(r.flow) ?? r.flow,
      step: r.step,
      state: r.state,
      firstApprover: r.firstApprover,
      firstApproverName: nameOf(r.firstApprover),
      firstComment: r.firstComment,
      approver: r.approver,
      approverName: nameOf(r.approver),
      comment: r.comment,
      createTime: trimDateTime(r.createTime),
      decideTime: trimDateTime(r.decideTime),
      endTime: trimDateTime(grants.find((g) => g.requestId === r.id)?.endTime),
    };
  });
}

/** 资源申请: the caller's requests, submitting and withdrawing one, and the directory tree to request from. */
export function resourceApplicationRoutes(ctx: AppContext) {
  return defineRoutes(ctx, [
    {
      method: "GET",
      path: "/list",
      access: can("resourceApplication"),
      handler: async (c) => {
        const args = await readArgs(c);
        const { current, size } = pageArgs(args);
        const state = (args.state ?? "").trim();
        if (state !== "" && !/^[0-4]$/.test(state)) throw badRequest("请求参数格式错误: state");
        await expireGrants(c.var.scope);
        const repo = c.var.scope.repo(resourceRequest);
        const where = and(eq(resourceRequest.userId, c.var.caller.userId), state === "" ? undefined : eq(resourceRequest.state, Number(state)));
        const total = await repo.count(where);
        const rows = await repo
          .select({ id: resourceRequest.id }, where)
          .orderBy(desc(resourceRequest.createTime), desc(resourceRequest.id))
          .limit(size)
          .offset((current - 1) * size);
        const full = rows.length ? await repo.list(inArray(resourceRequest.id, rows.map((r) => r.id)), { orderBy: [desc(resourceRequest.createTime), desc(resourceRequest.id)] }) : [];
        return ok(c, { records: await describeRequests(c.var.scope, full), total, size, current, pages: Math.ceil(total / size) });
      },
    },
    {
      // The started directories as a tree, each with its enabled applications and whether the caller
      // may use one already or has a request for it pending (the 申请 button then says so).
      method: "GET",
      path: "/directories",
      access: can("resourceApplication"),
      handler: async (c) => {
        const { scope, caller } = c.var;
        await expireGrants(scope);
        const sys = scope.systemIn(caller.tenantId);
        const { rows, paths } = await startedDirectories(sys);
        const open = rows.filter((d) => paths.has(d.id)).sort((x, y) => x.sort - y.sort || x.id.localeCompare(y.id));
        const filed = open.length ? await sys.links(appDirectoryApp).list(inArray(appDirectoryApp.directoryId, open.map((d) => d.id))) : [];
        const apps = filed.length ? await sys.repo(app).list(and(inArray(app.id, [...new Set(filed.map((f) => f.appId))]), eq(app.status, 1)), { orderBy: [asc(app.sort), asc(app.id)] }) : [];
        const usable = new Set((await usableApps(scope, caller.tenantId, caller.userId)).map((a) => a.id));
        const pending = new Set(
          (await scope.repo(resourceRequest).list(and(eq(resourceRequest.userId, caller.userId), eq(resourceRequest.state, STATE.pending)))).map((r) => r.appId),
        );
        type Node = { id: string; parentId: string; title: string; key: string; value: string; icon: string; apps: unknown[]; children: Node[] };
        const nodes = new Map<string, Node>(
          open.map((d) => [
            d.id,
            {
              id: d.id,
              parentId: d.parentId,
              title: d.directoryName,
              key: d.id,
              value: d.id,
              icon: d.icon,
              apps: filed
                .filter((f) => f.directoryId === d.id)
                .flatMap((f) => apps.filter((a) => a.id === f.appId))
                .map((a) => ({ id: a.id, appName: a.appName, icon: a.icon, description: a.description, appUrl: a.appUrl, usable: usable.has(a.id), pending: pending.has(a.id) })),
              children: [],
            },
          ]),
        );
        const roots: Node[] = [];
        for (const n of nodes.values()) (n.parentId === "0" ? roots : (nodes.get(n.parentId)?.children ?? roots)).push(n);
        return ok(c, roots);
      },
    },
    {
      method: "POST",
      path: "/submit",
      access: can("resourceApplication_apply"),
      handler: async (c) => {
        const { scope, caller } = c.var;
        const args = await readArgs(c);
        const appId = idArg(args.appId, "应用ID");
        const reason = textArg(args.reason, 255, "申请理由", true);
        const days = (args.durationDays ?? "0").trim() || "0";
        if (!DURATIONS.map(String).includes(days)) throw badRequest("申请时长只能是7天、30天、90天或永久");
        const directoryId = (args.directoryId ?? "").trim() === "" ? "0" : idArg(args.directoryId, "目录ID");
        await expireGrants(scope);
        const [target] = await scope.repo(app).list(eq(app.id, appId), { tenantId: caller.tenantId });
        if (!target || target.status !== 1) throw badRequest("应用不存在或已停用");
        let owner = "0";
        if (directoryId !== "0") {
          const sys = scope.systemIn(caller.tenantId);
          const { rows, paths } = await startedDirectories(sys);
          const filed = await sys.links(appDirectoryApp).list(and(eq(appDirectoryApp.directoryId, directoryId), eq(appDirectoryApp.appId, appId)));
          if (!paths.has(directoryId) || filed.length === 0) throw badRequest("目录不存在、已停用或不含该应用");
          owner = rows.find((d) => d.id === directoryId)!.ownerId;
        }
        if ((await usableApps(scope, caller.tenantId, caller.userId)).some((a) => a.id === appId)) throw badRequest(MSG_ALREADY_USABLE);
        // A directory with an owner (other than the requester) asks its owner first, then an administrator.
        const flow = owner !== "0" && owner !== caller.userId ? FLOW_TWO_STEP : FLOW_SINGLE;
        const id = await scope.transaction(async (tx) => {
          await tx.lock(caller.tenantId, `blade_resource_request:${caller.userId}:${appId}`);
          const open = await tx.repo(resourceRequest).count(and(eq(resourceRequest.userId, caller.userId), eq(resourceRequest.appId, appId), eq(resourceRequest.state, STATE.pending)));
          if (open > 0) throw badRequest(MSG_PENDING_EXISTS);
          // Written through the repository: the route's button makes it an operation-log entry (资源申请-申请).
          return tx.repo(resourceRequest).insert({ userId: caller.userId, appId, directoryId, reason, durationDays: Number(days), flow, step: 1, state: STATE.pending });
        });
        // Committed: the approvers' mail goes out in the background and never fails the request (mail.ts).
        void mailAboutRequests(ctx, scope, [id]);
        return ok(c, { id });
      },
    },
    {
      method: "POST",
      path: "/withdraw",
      access: can("resourceApplication_withdraw"),
      handler: async (c) => {
        const { scope, caller } = c.var;
        const id = idArg((await readArgs(c)).id, "申请ID");
        await scope.transaction(async (tx) => {
          await tx.repo(resourceRequest).lockRows([id]);
          // Another user's request is answered as missing: ids cannot be probed.
          const [row] = await tx.repo(resourceRequest).list(and(eq(resourceRequest.id, id), eq(resourceRequest.userId, caller.userId)));
          if (!row) throw badRequest(MSG_REQUEST_MISSING);
          if (row.state !== STATE.pending) throw badRequest(MSG_NOT_PENDING);
          await tx.repo(resourceRequest).update([id], { state: STATE.withdrawn }, MSG_REQUEST_MISSING);
        });
        return ok(c, true);
      },
    },
  ]);
}

/** GET /blade-system/flow/list (§7): the approval flows a request can follow, from the `flow` dictionary. */
export function flowRoutes(ctx: AppContext) {
  return defineRoutes(ctx, [
    {
      method: "GET",
      path: "/list",
      access: AUTHENTICATED,
      handler: async (c) => ok(c, [...(await flowNames(c.var.scope))].map(([key, name]) => ({ key, name, steps: key === FLOW_TWO_STEP ? 2 : 1 }))),
    },
  ]);
}
