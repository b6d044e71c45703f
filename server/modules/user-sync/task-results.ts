import { and, asc, desc, eq, type SQL } from "drizzle-orm";
import { TASK_RESULT_API, taskResultLabels } from "../../../domain/resources/applicationManagement/taskResult/spec";
import { taskResult, taskResultItem } from "../../db/schema";
import { date, idField, int, parseQuery, text } from "../../db/query";
import { trimDateTime } from "../../db/time";
import { readArgs } from "../../kit/blade-args";
import { optionalId, requireId } from "../../kit/crud";
import type { ApiModule } from "../../kit/module";
import { ok } from "../../http/errors";
import { canAny, defineRoutes } from "../../security/authorize";
import { syncCodes } from "./synchronizers";

type TaskRow = typeof taskResult.$inferSelect;

/** 同步记录's view button, and the synchroniser page's own view: either reads the runs. */
const READ = canAny("taskResult_view", syncCodes.show);

export function taskVO(row: TaskRow) {
  return {
    id: row.id,
    tenantId: row.tenantId,
    synchronizerId: row.synchronizerId,
    synchronizerName: row.synchronizerName,
    trigger: row.trigger,
    taskStatus: row.taskStatus,
    startTime: trimDateTime(row.startTime),
    endTime: row.endTime ? trimDateTime(row.endTime) : "",
    created: row.created,
    updated: row.updated,
    disabled: row.disabled,
    deleted: row.deleted,
    skipped: row.skipped,
    failed: row.failed,
    message: row.message,
  };
}

const FILTERS = {
  synchronizerId: idField(taskResult.synchronizerId),
  taskStatus: int(taskResult.taskStatus),
  trigger: text(taskResult.trigger),
  startTime: date(taskResult.startTime),
};

/** /authentication/taskResult: page (newest first), detail and the items of one run. Read-only: runs write them. */
export const taskResultModule: ApiModule = {
  base: TASK_RESULT_API,
  routes: (ctx) =>
    defineRoutes(ctx, [
      {
        method: "GET",
        path: "/page",
        access: READ,
        doc: { summary: "同步记录分页" },
        handler: async (c) => {
          const args = await readArgs(c);
          // synchronizerId and taskStatus are equalities, whatever suffix the console gives them.
          const q = parseQuery(args, FILTERS, { reserved: ["synchronizerId", "taskStatus"], sortable: { startTime: FILTERS.startTime }, defaultOrder: [desc(taskResult.startTime), desc(taskResult.id)] });
          const extra: SQL[] = [];
          const sid = optionalId(args.synchronizerId, "synchronizerId");
          if (sid) extra.push(eq(taskResult.synchronizerId, sid));
          if ((args.taskStatus ?? "").trim() !== "") extra.push(eq(taskResult.taskStatus, Number(args.taskStatus) || 0));
          const page = await c.var.scope.repo(taskResult).page(q, and(...extra));
          return ok(c, { ...page, records: page.records.map(taskVO) });
        },
      },
      {
        method: "GET",
        path: "/detail",
        access: READ,
        doc: { summary: "同步记录详情" },
        handler: async (c) => {
          const args = await readArgs(c);
          const row = await c.var.scope.repo(taskResult).get(requireId(args.id, "同步记录ID"), taskResultLabels.missing.zh);
          return ok(c, taskVO(row));
        },
      },
      {
        method: "GET",
        path: "/items",
        access: READ,
        doc: { summary: "同步记录明细" },
        handler: async (c) => {
          const args = await readArgs(c);
          const task = await c.var.scope.repo(taskResult).get(requireId(args.taskId, "同步记录ID"), taskResultLabels.missing.zh);
          const q = parseQuery(args, { action: text(taskResultItem.action), objectType: text(taskResultItem.objectType) }, { reserved: ["taskId", "action"], sortable: {}, defaultOrder: [asc(taskResultItem.id)] });
          const action = (args.action ?? "").trim();
          const where = and(eq(taskResultItem.taskId, task.id), action ? eq(taskResultItem.action, action) : undefined)!;
          const page = await c.var.scope.links(taskResultItem).page(q, where, task.tenantId);
          return ok(c, page);
        },
      },
    ]),
};
