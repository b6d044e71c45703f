import { count, desc, eq } from "drizzle-orm";
import { TASK_STATUS } from "../../../domain/resources/applicationManagement/taskResult/spec";
import { loginLog, taskResult } from "../../db/schema";
import { trimDateTime } from "../../db/time";
import type { TenantScope } from "../../security/tenant-scope";

/**
 * The workbench's cards besides the shortcuts: the task-run statistics of §2 and the notice items.
 */

export interface TaskRunStatistics {
  /** "" lets the card show its default label 任务名称. */
  taskName: string;
  runCount: number;
  successCount: number;
  failCount: number;
  runningCount: number;
}

/**
 * Runs of the user synchronisers (and SCIM pushes) in the caller's tenant, from 同步记录
 * (blade_task_result): all of them, 成功, 部分成功 or 失败 (a run with any failed item is no success),
 * and those still 运行中. One grouped count; the platform administrator sees its own tenant's too.
 */
export async function taskRunStatistics(scope: TenantScope): Promise<TaskRunStatistics> {
  const rows = await scope.repo(taskResult).select({ status: taskResult.taskStatus, n: count() }, undefined, scope.tenantId).groupBy(taskResult.taskStatus);
  const of = (...statuses: number[]) => rows.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + Number(r.n), 0);
  return {
    taskName: "",
    runCount: of(TASK_STATUS.running, TASK_STATUS.success, TASK_STATUS.partial, TASK_STATUS.failed),
    successCount: of(TASK_STATUS.success),
    failCount: of(TASK_STATUS.partial, TASK_STATUS.failed),
    runningCount: of(TASK_STATUS.running),
  };
}

/** A notice item of §2: img, title, subtitle, tag, status (0 not started, 1 in progress, 2 warning, 3 done). */
export interface NoticeItemVO {
  id: string;
  img: string;
  title: string;
  subtitle: string;
  tag: string;
  status: 0 | 1 | 2 | 3;
}

/** How many notices the card shows. */
export const NOTICE_COUNT = 5;

/**
 * The caller's own latest sign-in attempts, as notices: a failed attempt the user did not make is
 * the first thing they should see on their home page. Read from blade_log_login by tenant and
 * account (its index), so attempts on the account by anyone are included.
 */
export async function signInNotices(scope: TenantScope): Promise<NoticeItemVO[]> {
  // The caller's own tenant, also for the platform administrator (an "admin" exists in every tenant).
  const rows = await scope.log(loginLog).list(eq(loginLog.account, scope.caller.account), {
    tenantId: scope.tenantId,
    orderBy: [desc(loginLog.createTime), desc(loginLog.id)],
    limit: NOTICE_COUNT,
  });
  return rows.map((r) => ({
    id: r.id,
    img: "",
    title: r.success === 1 ? "登录成功" : "登录失败",
    subtitle: `${trimDateTime(r.createTime)} ${r.ip}`.trim(),
    tag: r.success === 1 ? r.grantType : r.reason || r.grantType,
    status: r.success === 1 ? 3 : 2,
  }));
}
