import { desc, eq } from "drizzle-orm";
import { loginLog } from "../../db/schema";
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
 * Runs of the user synchroniser tasks. No synchroniser (and no task-result table) exists on this
 * server yet, so there is nothing to count and every figure is an honest 0; once the table
 * exists, this is the one place to count its rows (tenant condition from `scope`).
 */
export async function taskRunStatistics(_scope: TenantScope): Promise<TaskRunStatistics> {
  return { taskName: "", runCount: 0, successCount: 0, failCount: 0, runningCount: 0 };
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
