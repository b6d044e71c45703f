import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POSTGRES_MISSING, startTempPostgres, type TempPostgres } from "../test/postgres";
import { openDatabase, type Database } from "./connection";
import { currentWorkerId, MAX_WORKER_ID } from "./ids";
import { workerLease } from "./security-schema";
import { claimWorkerId, releaseWorkerId, renewWorkerId, startWorkerLease } from "./worker-lease";

/*
 * Worker-id leases on a real PostgreSQL shared by two connections (two server instances): the id
 * generator's worker ids never collide, a dead instance's id is taken over once its lease ran
 * out, and a live one keeps its id by renewing. Skipped, saying why, without PostgreSQL binaries.
 */
let pg: TempPostgres | null = null;
let a: Database;
let b: Database;

beforeAll(async () => {
  pg = await startTempPostgres();
  if (!pg) return console.warn(`worker-lease tests skipped: ${POSTGRES_MISSING}`);
  a = await openDatabase({ url: pg.url });
  await a.migrate();
  b = await openDatabase({ url: pg.url });
}, 120_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  pg?.stop();
});
beforeEach(async () => {
  if (pg) await a.db.delete(workerLease);
});

const leaseOf = async (workerId: number) => (await a.db.select().from(workerLease).where(eq(workerLease.workerId, workerId)))[0];

describe("worker-id leases", () => {
  it("never gives two instances the same id, however many claim at once", async (ctx) => {
    if (!pg) return ctx.skip();
    const claims = Array.from({ length: 40 }, (_, i) => claimWorkerId(i % 2 ? a.db : b.db, `instance-${i}`));
    const ids = await Promise.all(claims);
    expect(ids.every((id) => id !== undefined)).toBe(true);
    expect(new Set(ids).size).toBe(40);
    expect(await a.db.select().from(workerLease)).toHaveLength(40);
  });

  it("takes over a lease that ran out, and only that one when every other id is held", async (ctx) => {
    if (!pg) return ctx.skip();
    const future = Date.now() + 3_600_000;
    const rows = Array.from({ length: MAX_WORKER_ID + 1 }, (_, workerId) => ({ workerId, owner: workerId === 7 ? "dead" : `live-${workerId}`, leaseUntil: workerId === 7 ? 0 : future }));
    await a.db.insert(workerLease).values(rows);
    expect(await claimWorkerId(b.db, "newcomer")).toBe(7);
    expect(await leaseOf(7)).toMatchObject({ owner: "newcomer" });
    // Now nothing is free.
    expect(await claimWorkerId(a.db, "late")).toBeUndefined();
  });

  it("keeps an id its owner renews; a renewal by anyone else, or after a takeover, fails", async (ctx) => {
    if (!pg) return ctx.skip();
    const id = (await claimWorkerId(a.db, "keeper", 1000))!;
    const first = (await leaseOf(id)).leaseUntil;
    await new Promise((r) => setTimeout(r, 20));
    expect(await renewWorkerId(a.db, id, "keeper", 60_000)).toBe(true);
    expect((await leaseOf(id)).leaseUntil).toBeGreaterThan(first + 50_000);
    expect(await renewWorkerId(b.db, id, "someone-else")).toBe(false);
    expect((await leaseOf(id)).owner).toBe("keeper");

    // Run out, taken over: the old owner's renewal says it lost the id.
    await a.db.update(workerLease).set({ leaseUntil: 0 }).where(eq(workerLease.workerId, id));
    const rows = Array.from({ length: MAX_WORKER_ID + 1 }, (_, w) => w).filter((w) => w !== id).map((workerId) => ({ workerId, owner: "filler", leaseUntil: Date.now() + 3_600_000 }));
    await a.db.insert(workerLease).values(rows);
    expect(await claimWorkerId(b.db, "successor")).toBe(id);
    expect(await renewWorkerId(a.db, id, "keeper")).toBe(false);
    await releaseWorkerId(a.db, id, "keeper");
    expect((await leaseOf(id)).owner).toBe("successor");
  });

  it("at the server's start: leases, renews on its timer, releases on stop; BLADE_WORKER_ID wins", async (ctx) => {
    if (!pg) return ctx.skip();
    const lease = await startWorkerLease(a.db, {}, { renewMs: 50, leaseMs: 1000 });
    expect(lease.source).toBe("lease");
    expect(currentWorkerId()).toBe(lease.workerId());
    const first = (await leaseOf(lease.workerId())).leaseUntil;
    await expect.poll(async () => (await leaseOf(lease.workerId())).leaseUntil, { timeout: 5000 }).toBeGreaterThan(first);
    // Another instance starting meanwhile gets another id.
    const other = await startWorkerLease(b.db, {});
    expect(other.workerId()).not.toBe(lease.workerId());
    await lease.stop();
    expect(await leaseOf(lease.workerId())).toBeUndefined();
    await other.stop();

    const fixed = await startWorkerLease(a.db, { BLADE_WORKER_ID: "5" });
    expect(fixed).toMatchObject({ source: "env" });
    expect(currentWorkerId()).toBe(5);
    expect(await a.db.select().from(workerLease)).toHaveLength(0);
    await expect(startWorkerLease(a.db, { BLADE_WORKER_ID: "2048" })).rejects.toThrow(/BLADE_WORKER_ID must be an integer from 0 to 1023/);
  });
});
