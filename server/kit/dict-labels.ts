import { and, eq, ne } from "drizzle-orm";
import { dict } from "../db/schema";
import type { LookupPart, TenantScope } from "../security/tenant-scope";

/** key → label of a system dictionary, for the `…Name` fields of list rows (categoryName, …). */
export async function dictLabels(scope: TenantScope, code: string): Promise<Map<string, string>> {
  const rows = await scope.repo(dict).list(and(eq(dict.code, code), ne(dict.parentId, "0")));
  return new Map(rows.map((r) => [r.dictKey, r.dictValue]));
}

/** The same labels as one part of a TenantScope.lookup (key → label under `name`). */
export const dictPart = (name: string, code: string): LookupPart => ({
  name,
  table: dict,
  key: dict.dictKey,
  label: dict.dictValue,
  where: and(eq(dict.code, code), ne(dict.parentId, "0")),
});
