import { and, eq } from "drizzle-orm";
import { TASK_STATUS, type TaskAction, type TaskTrigger } from "../../../domain/resources/applicationManagement/taskResult/spec";
import { syncMessages } from "../../../domain/resources/applicationManagement/userSynchronizer/spec";
import type { AppContext } from "../../context";
import { syncLink, taskResult, taskResultItem, userSynchronizer } from "../../db/schema";
import { formatDateTime } from "../../db/time";
import { badRequest } from "../../http/errors";
import { Provisioner, type ExternalDept, type ExternalUser, type ProvisionItem, type RetireAction } from "../../kit/provision";
import { cut } from "../../security/audit-log";
import { systemCaller } from "../../security/caller";
import type { TenantScope } from "../../security/tenant-scope";
import { mapDept, mapUser, provisionOptionsOf, sourceConfigOf } from "./config";
import { claimLease, LEASE_MS, releaseLease, type Lease } from "./lease";
import { readerFor } from "./sources";
import { SourceError, type SourceReader } from "./sources/source";
import type { SynchronizerRow } from "./synchronizers";

/** Users per transaction: a failure loses at most one batch's work, memory holds at most one batch. */
export const BATCH = 500;
/** Items a preview answers; its summary counts them all. */
export const PREVIEW_ITEMS = 1000;

export type Summary = Record<TaskAction, number>;
const emptySummary = (): Summary => ({ create: 0, update: 0, disable: 0, delete: 0, skip: 0, fail: 0 });

const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (_, k) => String(values[k] ?? ""));

/**
 * The scope a run writes with: the system of the synchroniser's tenant, named after the
 * synchroniser, its writes administrative — in the operation log as `sync:<name>` with before/after.
 */
export function runScope(ctx: AppContext, row: SynchronizerRow, trigger: TaskTrigger): TenantScope {
  const name = cut(`sync:${row.name}`, 64);
  const caller = { ...systemCaller(row.tenantId), account: name, realName: row.name };
  return ctx
    .system(row.tenantId)
    .as(caller)
    .audited({ method: trigger === "schedule" ? "SCHEDULE" : "SYNC", uri: name, ip: "", userAgent: "", codes: ["userSynchronizer_sync"] });
}

/**
 * The source's pages with the next one asked for while the caller works on this one: the
 * directory (another process, another machine) answers while our batch is written. At most two
 * pages in memory.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const pages = source[Symbol.asyncIterator]();
  let next = pages.next();
  // Awaited below; until then a failure must not count as unhandled (it is thrown where awaited).
  next.catch(() => undefined);
  try {
    for (;;) {
      const page = await next;
      if (page.done) return;
      next = pages.next();
      next.catch(() => undefined);
      yield page.value;
    }
  } finally {
    // The caller stopped early (a failed batch): end the source's search too.
    await next.catch(() => undefined);
    await pages.return?.(undefined).catch(() => undefined);
  }
}

/** The source's users in batches of at most BATCH, mapped: one page (and the one read ahead) in memory at a time. */
async function* userBatches(reader: SourceReader, row: SynchronizerRow): AsyncGenerator<ExternalUser[]> {
  for await (const page of readAhead(reader.users())) {
    for (let i = 0; i < page.length; i += BATCH) yield page.slice(i, i + BATCH).map((u) => mapUser(row, u));
  }
}

/** This synchroniser's links to users no longer in the source, in batches. */
async function* goneLinks(scope: TenantScope, synchronizerId: string, seen: Set<string>) {
  for await (const rows of scope.links(syncLink).batches(and(eq(syncLink.synchronizerId, synchronizerId), eq(syncLink.objectType, "user")), undefined, BATCH)) {
    const gone = rows.filter((r) => !seen.has(r.externalId));
    if (gone.length) yield { gone, linked: rows.length };
  }
}

/** How many users this synchroniser has linked. */
const linkedUsers = (scope: TenantScope, synchronizerId: string) => scope.links(syncLink).count(and(eq(syncLink.synchronizerId, synchronizerId), eq(syncLink.objectType, "user")));

/**
 * The deletion threshold: how many linked users the run would disable or delete, against all the
 * synchroniser's linked users. Answers the refusal when that is over the threshold.
 */
async function overThreshold(scope: TenantScope, p: Provisioner, row: SynchronizerRow, seen: Set<string>): Promise<string | undefined> {
  if (row.missingPolicy === "keep") return undefined;
  const linked = await linkedUsers(scope, row.id);
  let n = 0;
  for await (const { gone } of goneLinks(scope, row.id, seen)) n += (await p.planRetire(scope, gone, row.missingPolicy as RetireAction)).length;
  if (linked === 0 || n === 0) return undefined;
  const percent = Math.round((n * 1000) / linked) / 10;
  if (percent <= row.deleteThreshold) return undefined;
  return fill(syncMessages.thresholdExceeded.zh, { n, p: percent, t: row.deleteThreshold });
}

/**
 * The first pass of a run with a gone-user policy (reads only, nothing written): every external id
 * the source has now, and whether any user would be written or recorded — planned by a dry
 * provisioner after the source's departments, as the writing pass will see them. A source with no
 * change is then read once, not twice.
 */
async function firstPass(scope: TenantScope, row: SynchronizerRow, reader: SourceReader, depts: ExternalDept[]): Promise<{ seen: Set<string>; changed: boolean }> {
  const dry = await Provisioner.open(scope, provisionOptionsOf(row, true));
  await dry.departments(scope, depts);
  const seen = new Set<string>();
  let changed = false;
  for await (const batch of userBatches(reader, row)) {
    for (const u of batch) seen.add(u.externalId);
    // One changed batch is enough: the writing pass reads the source again.
    if (!changed) changed = await dry.wouldChange(scope, batch);
  }
  return { seen, changed };
}

function failureMessage(ctx: AppContext, error: unknown, where: string): string {
  // The source's own words say what to fix (which server, which credential, which DN).
  if (error instanceof SourceError) return error.message;
  ctx.logError(error, where);
  return "同步失败:服务器内部错误,详见服务器日志";
}

export interface PreviewAnswer {
  summary: Summary;
  items: ProvisionItem[];
  total: number;
  truncated: boolean;
  /** Why the run would change nothing (the deletion threshold), when it would. */
  message?: string;
}

/** What a run would change, computed by the same provisioner in its dry mode: nothing is written. */
export async function previewSynchronizer(ctx: AppContext, row: SynchronizerRow): Promise<PreviewAnswer> {
  try {
    return await preview(ctx, row);
  } catch (error) {
    // Unreachable, refused credentials, a wrong DN: the operator fixes the form and previews again.
    if (error instanceof SourceError) throw badRequest(error.message);
    throw error;
  }
}

async function preview(ctx: AppContext, row: SynchronizerRow): Promise<PreviewAnswer> {
  const scope = ctx.system(row.tenantId);
  const summary = emptySummary();
  const items: ProvisionItem[] = [];
  let total = 0;
  const take = (found: ProvisionItem[]) => {
    for (const item of found) {
      summary[item.action] += 1;
      total += 1;
      if (items.length < PREVIEW_ITEMS) items.push(item);
    }
  };
  const reader = await readerFor(sourceConfigOf(ctx, row), ctx);
  try {
    const p = await Provisioner.open(scope, provisionOptionsOf(row, true));
    take(await p.departments(scope, (await reader.departments()).map(mapDept)));
    const seen = new Set<string>();
    for await (const batch of userBatches(reader, row)) {
      for (const u of batch) seen.add(u.externalId);
      take(await p.users(scope, batch));
    }
    const message = await overThreshold(scope, p, row, seen);
    if (row.missingPolicy !== "keep") {
      for await (const { gone } of goneLinks(scope, row.id, seen)) take(await p.retire(scope, gone, row.missingPolicy as RetireAction));
    }
    return { summary, items, total, truncated: total > items.length, ...(message ? { message } : {}) };
  } finally {
    await reader.close();
  }
}

/** The task result row of a run starting now (status 运行中). */
export async function startTask(ctx: AppContext, row: SynchronizerRow, trigger: TaskTrigger): Promise<string> {
  const sys = ctx.system(row.tenantId);
  const taskId = await sys.repo(taskResult).insert({
    synchronizerId: row.id,
    synchronizerName: row.name,
    trigger,
    taskStatus: TASK_STATUS.running,
    startTime: formatDateTime(new Date(ctx.now())),
  });
  await sys.repo(userSynchronizer).update([row.id], { lastTaskId: taskId });
  return taskId;
}

/**
 * One run: (with a gone-user policy and linked users) a first pass over the source's ids to check
 * the deletion threshold before anything is written, which also finds whether any user changed (if
 * none did, the source is not read a second time); then the department tree in one transaction, the users in
 * batches of BATCH (one transaction each), the gone users by the policy; the items of each batch
 * recorded with it. Ends the task row (成功, 部分成功 with any failed item, 失败 on a source error or
 * the threshold) and releases the lease, whatever happens.
 */
export async function runSynchronizer(ctx: AppContext, row: SynchronizerRow, trigger: TaskTrigger, taskId: string, lease: Lease): Promise<void> {
  const sys = ctx.system(row.tenantId);
  const scope = runScope(ctx, row, trigger);
  const summary = emptySummary();
  let message = "";
  let failed = false;
  let renewedAt = ctx.now();
  const renew = async () => {
    if (ctx.now() - renewedAt < LEASE_MS / 4) return;
    if (!(await claimLease(sys, row.id, ctx.now(), lease.owner))) throw new SourceError("运行超时,同步器已被其他实例接管");
    renewedAt = ctx.now();
  };
  const record = async (tx: TenantScope, items: ProvisionItem[]) => {
    for (const i of items) summary[i.action] += 1;
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
  };
  try {
    const reader = await readerFor(sourceConfigOf(ctx, row), ctx);
    try {
      const p = await Provisioner.open(scope, provisionOptionsOf(row, false));
      const policy = row.missingPolicy as RetireAction | "keep";
      const depts = (await reader.departments()).map(mapDept);
      let seen = new Set<string>();
      let usersChanged = true;
      // Nothing linked yet (a first run): nobody can be disabled or deleted, so no first pass.
      if (policy !== "keep" && (await linkedUsers(sys, row.id)) > 0) {
        const first = await firstPass(sys, row, reader, depts);
        const refusal = await overThreshold(sys, p, row, first.seen);
        if (refusal) {
          failed = true;
          message = refusal;
          return;
        }
        seen = first.seen;
        usersChanged = first.changed;
      }
      await renew();
      await scope.transaction(async (tx) => record(tx, await p.departments(tx, depts)));
      if (usersChanged) {
        seen = new Set<string>();
        for await (const batch of userBatches(reader, row)) {
          await renew();
          for (const u of batch) seen.add(u.externalId);
          await scope.transaction(async (tx) => record(tx, await p.users(tx, batch)));
        }
      }
      if (policy !== "keep") {
        for await (const { gone } of goneLinks(sys, row.id, seen)) {
          await renew();
          await scope.transaction(async (tx) => record(tx, await p.retire(tx, gone, policy)));
        }
      }
    } finally {
      await reader.close().catch(() => undefined);
    }
  } catch (error) {
    failed = true;
    message = failureMessage(ctx, error, `user-sync run ${row.id}`);
  } finally {
    const taskStatus = failed ? TASK_STATUS.failed : summary.fail > 0 ? TASK_STATUS.partial : TASK_STATUS.success;
    if (!message && summary.create + summary.update + summary.disable + summary.delete + summary.skip + summary.fail === 0) message = syncMessages.noChanges.zh;
    await sys.repo(taskResult).update([taskId], {
      taskStatus,
      endTime: formatDateTime(new Date(ctx.now())),
      created: summary.create,
      updated: summary.update,
      disabled: summary.disable,
      deleted: summary.delete,
      skipped: summary.skip,
      failed: summary.fail,
      message: cut(message, 1000),
    });
    await releaseLease(sys, lease);
  }
}

/** Runs started in the background, per app: tests (and a clean shutdown) wait for them. */
const inFlight = new WeakMap<AppContext, Set<Promise<void>>>();

export function inBackground(ctx: AppContext, work: Promise<void>): void {
  const set = inFlight.get(ctx) ?? new Set();
  inFlight.set(ctx, set);
  const tracked = work.catch((error) => ctx.logError(error, "user-sync background run")).finally(() => set.delete(tracked));
  set.add(tracked);
}

/** Resolves when every run this app started in the background has ended. */
export async function idle(ctx: AppContext): Promise<void> {
  for (let set = inFlight.get(ctx); set && set.size; set = inFlight.get(ctx)) await Promise.all([...set]);
}
