import { and, eq, ne } from "drizzle-orm";
import { dict } from "../db/schema";
import type { TenantScope } from "../security/tenant-scope";

/** key → label of a system dictionary, for the `…Name` fields of list rows (categoryName, …). */
export async function dictLabels(scope: TenantScope, code: string): Promise<Map<string, string>> {
  const rows = await scope.repo(dict).list(and(eq(dict.code, code), ne(dict.parentId, "0")));
  return new Map(rows.map((r) => [r.dictKey, r.dictValue]));
}
