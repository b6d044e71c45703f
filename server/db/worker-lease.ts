import { randomUUID } from "node:crypto";
import { and, eq, gte, lt, or, sql } from "drizzle-orm";
import type { Db } from "./connection";
import { MAX_WORKER_ID, setWorkerId, workerIdFromEnv } from "./ids";
import { workerLease } from "./security-schema";

/**
 * The id generator's worker id, leased from blade_worker_lease so that server instances sharing a
 * database never make ids with the same worker and need no BLADE_WORKER_ID. A lease runs for
 * LEASE_MS and is renewed every RENEW_MS; an instance that dies frees its id when the lease runs
 * out. Times are the database's clock (one clock for every instance, however theirs drift).
 */
export const LEASE_MS = 5 * 60_000;
export const RENEW_MS = 60_000;

/** Milliseconds since the epoch by the database's clock. */
const dbNow = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/**
 * Takes a free worker id for `owner`: an INSERT … ON CONFLICT DO UPDATE that only overwrites a
 * lease that ran out (or is already ours), RETURNING the id when won. Ids leased now are skipped;
 * the rest are tried from a random start until one is won (another instance may win a race for
 * one). Undefined when all 1024 are held.
 */
export async function claimWorkerId(db: Db, owner: string, leaseMs = LEASE_MS): Promise<number | undefined> {
  const held = new Set((await db.select({ id: workerLease.workerId }).from(workerLease).where(gte(workerLease.leaseUntil, dbNow))).map((r) => r.id));
  const start = Math.floor(Math.random() * (MAX_WORKER_ID + 1));
  for (let i = 0; i <= MAX_WORKER_ID; i++) {
    const workerId = (start + i) % (MAX_WORKER_ID + 1);
    if (held.has(workerId)) continue;
    const until = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint + ${leaseMs}`;
    const won = await db
      .insert(workerLease)
      .values({ workerId, owner, leaseUntil: until })
      .onConflictDoUpdate({
        target: workerLease.workerId,
        set: { owner, leaseUntil: until },
        setWhere: or(lt(workerLease.leaseUntil, dbNow), eq(workerLease.owner, owner)),
      })
      .returning({ workerId: workerLease.workerId });
    if (won.length === 1) return workerId;
  }
  return undefined;
}

/** Extends `owner`'s lease of `workerId`; false when it is no longer ours (it ran out and was taken). */
export async function renewWorkerId(db: Db, workerId: number, owner: string, leaseMs = LEASE_MS): Promise<boolean> {
  const rows = await db
    .update(workerLease)
    .set({ leaseUntil: sql`(extract(epoch from clock_timestamp()) * 1000)::bigint + ${leaseMs}` })
    .where(and(eq(workerLease.workerId, workerId), eq(workerLease.owner, owner)))
    .returning({ workerId: workerLease.workerId });
  return rows.length === 1;
}

/** Gives the id back at once (a clean stop), if still ours. */
export async function releaseWorkerId(db: Db, workerId: number, owner: string): Promise<void> {
  await db.delete(workerLease).where(and(eq(workerLease.workerId, workerId), eq(workerLease.owner, owner)));
}

export interface WorkerLease {
  /** The worker id the ids are made with now. */
  workerId(): number;
  /** "lease" or "env" (BLADE_WORKER_ID, no lease taken). */
  source: "lease" | "env";
  stop(): Promise<void>;
}

/**
 * The server's start: BLADE_WORKER_ID when set, else a leased id, set in ids.ts, renewed every
 * RENEW_MS (a lease found lost — the process stalled past LEASE_MS — is replaced by a new one
 * before another id is made with it), released by stop().
 */
export async function startWorkerLease(db: Db, env: NodeJS.ProcessEnv = process.env, options: { renewMs?: number; leaseMs?: number } = {}): Promise<WorkerLease> {
  const fixed = workerIdFromEnv(env);
  if (fixed !== undefined) {
    setWorkerId(fixed);
    return { workerId: () => fixed, source: "env", stop: async () => undefined };
  }
  const { renewMs = RENEW_MS, leaseMs = LEASE_MS } = options;
  const owner = randomUUID();
  const claim = async () => {
    const id = await claimWorkerId(db, owner, leaseMs);
    if (id === undefined) throw new Error("No free worker id: all 1024 are leased by running servers (blade_worker_lease). Set BLADE_WORKER_ID or stop an instance.");
    setWorkerId(id);
    return id;
  };
  let current = await claim();
  let renewing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    renewing = (async () => {
      try {
        if (!(await renewWorkerId(db, current, owner, leaseMs))) current = await claim();
      } catch (error) {
        // A database hiccup: the lease still runs for LEASE_MS, the next tick tries again.
        console.warn("worker-id lease renewal failed:", (error as Error).message);
      }
    })();
  }, renewMs);
  timer.unref();
  return {
    workerId: () => current,
    source: "lease",
    stop: async () => {
      clearInterval(timer);
      await renewing;
      await releaseWorkerId(db, current, owner).catch(() => undefined);
    },
  };
}
