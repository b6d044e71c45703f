import { sql } from "drizzle-orm";
import type { Db } from "../db/connection";
import { tenantLock } from "../db/security-schema";

/**
 * Waits until no other transaction holds the lock `name` of `tenantId`, then holds it until this
 * transaction ends: one statement that writes the lock's row (inserting it the first time), so
 * the row lock does the waiting. Two writes that must not interleave take the same name.
 */
export async function lockNamed(tx: Db, tenantId: string, name: string): Promise<void> {
  await tx
    .insert(tenantLock)
    .values({ tenantId, name })
    .onConflictDoUpdate({ target: [tenantLock.tenantId, tenantLock.name], set: { name: sql`excluded.name` } });
}
