import { sql } from "drizzle-orm";
import { dept } from "../db/schema";
import type { TenantScope } from "../security/tenant-scope";

/**
 * The ids of a department and of everything below it, within the caller's reach (the user page's
 * deptId filter, as BladeX binds it: that department and every department below it).
 */
export async function deptSubtreeIds(scope: TenantScope, rootId: string): Promise<string[]> {
  const below = sql`(${dept.id} = ${rootId} or (',' || ${dept.ancestors} || ',') like ${`%,${rootId},%`})`;
  return (await scope.repo(dept).list(below)).map((r) => r.id);
}
