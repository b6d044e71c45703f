import { userSynchronizer } from "../../db/schema";
import { nextId } from "../../db/ids";
import type { TenantScope } from "../../security/tenant-scope";

/** How long a run holds its synchroniser without renewing: a server that died frees it after this. */
export const LEASE_MS = 2 * 60_000;

/** One run's hold on its synchroniser; `owner` is the run's own token, not the server's. */
export interface Lease {
  synchronizerId: string;
  owner: string;
}

/**
 * Takes (or renews, when `owner` is given) the synchroniser's lease: exactly one claimer wins, on
 * one server or many sharing the database. The repository has no conditional UPDATE, so the claim
 * is its equivalent: holding the synchroniser's row (lockRows), read the lease and
 * write it only when it has run out (or is ours). Answers the lease, or undefined when another run
 * holds it.
 */
export async function claimLease(scope: TenantScope, synchronizerId: string, now: number, owner?: string): Promise<Lease | undefined> {
  return scope.transaction(async (tx) => {
    await tx.repo(userSynchronizer).lockRows([synchronizerId]);
    const [row] = await tx.repo(userSynchronizer).find([synchronizerId], "同步器不存在");
    const free = row.leaseUntil < now || (owner !== undefined && row.leaseOwner === owner);
    if (!free) return undefined;
    const lease = { synchronizerId, owner: owner ?? nextId() };
    await tx.repo(userSynchronizer).update([synchronizerId], { leaseOwner: lease.owner, leaseUntil: now + LEASE_MS });
    return lease;
  });
}

/** Gives the lease back at the end of a run (only if it is still this run's). */
export async function releaseLease(scope: TenantScope, lease: Lease): Promise<void> {
  await scope.transaction(async (tx) => {
    await tx.repo(userSynchronizer).lockRows([lease.synchronizerId]);
    const [row] = await tx.repo(userSynchronizer).find([lease.synchronizerId], "同步器不存在");
    if (row.leaseOwner === lease.owner) await tx.repo(userSynchronizer).update([lease.synchronizerId], { leaseOwner: "", leaseUntil: 0 });
  });
}
