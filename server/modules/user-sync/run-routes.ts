import { syncMessages } from "../../../domain/resources/applicationManagement/userSynchronizer/spec";
import type { AppContext } from "../../context";
import { taskResult, userSynchronizer } from "../../db/schema";
import { pathParam, readJsonObject } from "../../http/body";
import { badRequest, ok } from "../../http/errors";
import { requireId } from "../../kit/crud";
import { can, type RouteSpec } from "../../security/authorize";
import { claimLease } from "./lease";
import { inBackground, previewSynchronizer, runSynchronizer, startTask } from "./run";
import { MSG_MISSING, syncCodes } from "./synchronizers";
import { taskVO } from "./task-results";

/**
 * preview (what a run would change, nothing written) and sync/{id} (a run by hand: answers its
 * task row at once and goes on in the background; a synchroniser already running is refused).
 * The synchroniser is read through the caller's scope, so another tenant's id is a missing one.
 */
export function runRoutes(ctx: AppContext): RouteSpec[] {
  return [
    {
      method: "POST",
      path: "/preview",
      access: can(syncCodes.preview),
      doc: { summary: "预览同步将做的变更(不写入)" },
      handler: async (c) => {
        const body = await readJsonObject(c);
        const row = await c.var.scope.repo(userSynchronizer).get(requireId(body.id, "同步器ID"), MSG_MISSING);
        return ok(c, await previewSynchronizer(ctx, row));
      },
    },
    {
      method: "GET",
      path: "/sync/:id",
      access: can(syncCodes.sync),
      doc: { summary: "执行同步(后台运行,立即返回同步记录)" },
      handler: async (c) => {
        const row = await c.var.scope.repo(userSynchronizer).get(requireId(pathParam(c, "id"), "同步器ID"), MSG_MISSING);
        if (row.status !== 1) throw badRequest(syncMessages.disabled.zh);
        const lease = await claimLease(ctx.system(row.tenantId), row.id, ctx.now());
        if (!lease) throw badRequest(syncMessages.running.zh);
        const taskId = await startTask(ctx, row, "manual");
        inBackground(ctx, runSynchronizer(ctx, row, "manual", taskId, lease));
        const [task] = await ctx.system(row.tenantId).repo(taskResult).find([taskId], "同步记录不存在");
        return ok(c, taskVO(task));
      },
    },
  ];
}
