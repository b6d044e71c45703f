import { taskResult, taskResultItem } from "../../db/schema";
import { formatDateTime } from "../../db/time";
import { TASK_STATUS, type TaskAction } from "../../../domain/resources/applicationManagement/taskResult/spec";
import type { ProvisionItem } from "../../kit/provision";
import { cut } from "../../security/audit-log";
import type { TenantScope } from "../../security/tenant-scope";
import { SCIM_SYNC_ID } from "./users";

/** The task results' name of every SCIM push (synchronizerId "0"). */
export const SCIM_TASK_NAME = "SCIM";

const COUNT: Partial<Record<TaskAction, "created" | "updated" | "disabled" | "deleted" | "skipped" | "failed">> = {
  create: "created",
  update: "updated",
  disable: "disabled",
  delete: "deleted",
  skip: "skipped",
  fail: "failed",
};

/**
 * One SCIM write as a task result (trigger "scim", 同步记录 shows it beside the synchronisers'
 * runs) with one item per object it touched. Written by the token's plain scope — the task row is
 * bookkeeping, not an administrative change of its own in the operation log.
 */
export async function recordTask(scope: TenantScope, what: string, startedAt: number, items: ProvisionItem[]): Promise<void> {
  const counts = { created: 0, updated: 0, disabled: 0, deleted: 0, skipped: 0, failed: 0 };
  for (const item of items) {
    const key = COUNT[item.action];
    if (key) counts[key]++;
  }
  const status = counts.failed === 0 ? TASK_STATUS.success : counts.failed === items.length ? TASK_STATUS.failed : TASK_STATUS.partial;
  const failure = items.find((i) => i.action === "fail")?.reason;
  await scope.transaction(async (tx) => {
    const taskId = await tx.repo(taskResult).insert({
      synchronizerId: SCIM_SYNC_ID,
      synchronizerName: SCIM_TASK_NAME,
      trigger: "scim",
      taskStatus: status,
      startTime: formatDateTime(new Date(startedAt)),
      endTime: formatDateTime(new Date(scope.clock())),
      ...counts,
      message: cut(failure ? `${what}: ${failure}` : what, 1000),
    });
    await tx.links(taskResultItem).insert(
      items.map((i) => ({
        taskId,
        objectType: i.objectType,
        externalId: cut(i.externalId, 500),
        localId: i.localId,
        label: cut(i.label, 255),
        action: i.action,
        changes: i.changes ?? null,
        reason: cut(i.reason ?? "", 500),
      })),
    );
  });
}
