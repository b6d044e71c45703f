import { and, asc, eq, isNotNull, lte } from "drizzle-orm";
import { DEFAULT_TENANT_ID } from "../../../domain/contract";
import type { AppContext } from "../../context";
import { userSynchronizer } from "../../db/schema";
import { platformSystemCaller } from "../../security/caller";
import { claimLease, releaseLease } from "./lease";
import { runSynchronizer, startTask } from "./run";
import { nextRunAfter } from "./schedule-time";

/** How often each server process looks for due synchronisers. */
export const TICK_MS = 30_000;
/** Due synchronisers one tick takes on at most (the rest wait for the next tick). */
const PER_TICK = 10;

/**
 * The schedule's view of every tenant, reading only which synchronisers are due: each run then
 * works in its own tenant as that tenant's system (run.ts runScope).
 */
function everyTenant(ctx: AppContext) {
  return ctx.system(DEFAULT_TENANT_ID).as(platformSystemCaller());
}

/**
 * Runs the enabled synchronisers whose next run is due (nextRunAt ≤ now, by the app's clock), each
 * under its lease: with several server instances exactly one claims a synchroniser, the others
 * pass it by. The next run is set from the schedule before the run starts. Answers how many ran.
 */
export async function runDue(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const due = await everyTenant(ctx)
    .repo(userSynchronizer)
    .list(and(eq(userSynchronizer.status, 1), isNotNull(userSynchronizer.nextRunAt), lte(userSynchronizer.nextRunAt, now)), { orderBy: [asc(userSynchronizer.nextRunAt)], limit: PER_TICK });
  let ran = 0;
  for (const row of due) {
    const sys = ctx.system(row.tenantId);
    const lease = await claimLease(sys, row.id, now);
    if (!lease) continue;
    // Another process may have run it between the list and the claim: due is what the row says now.
    const [fresh] = await sys.repo(userSynchronizer).list(eq(userSynchronizer.id, row.id));
    if (!fresh || fresh.status !== 1 || fresh.nextRunAt === null || fresh.nextRunAt > now) {
      await releaseLease(sys, lease);
      continue;
    }
    await sys.repo(userSynchronizer).update([row.id], { nextRunAt: nextRunAfter(fresh, now) });
    const taskId = await startTask(ctx, fresh, "schedule");
    await runSynchronizer(ctx, fresh, "schedule", taskId, lease);
    ran += 1;
  }
  return ran;
}

/** The schedule of this server process: one timer, a tick at a time; the answer stops it. */
export function startSchedule(ctx: AppContext, everyMs = TICK_MS): () => void {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    runDue(ctx)
      .catch((error) => ctx.logError(error, "user-sync schedule"))
      .finally(() => (busy = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
