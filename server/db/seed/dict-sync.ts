import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../connection";
import { nextId } from "../ids";
import { dict } from "../schema";
import { DICTS, type DictSeed } from "./dicts";

/**
 * A database seeded by an earlier version lacks the system dictionaries added since (a form's
 * select of a new field would offer nothing): at every start after the first, each seeded
 * dictionary whose code the database has never held is added with its entries. A dictionary the
 * database holds — changed or deleted by an operator — is left as it is. Returns the codes added.
 */
export async function syncSeededDicts(tx: Db, dicts: DictSeed[] = DICTS): Promise<string[]> {
  const codes = dicts.map((d) => d.code);
  const held = new Set((await tx.select({ code: dict.code }).from(dict).where(and(eq(dict.parentId, "0"), inArray(dict.code, codes)))).map((r) => r.code));
  const missing = dicts.filter((d) => !held.has(d.code));
  if (!missing.length) return [];
  const rows: (typeof dict.$inferInsert)[] = [];
  for (const d of missing) {
    const rootId = nextId();
    rows.push({ id: rootId, parentId: "0", code: d.code, dictKey: "-1", dictValue: d.name, sort: DICTS.indexOf(d) + 1 });
    d.entries.forEach(([dictKey, dictValue], j) => rows.push({ id: nextId(), parentId: rootId, code: d.code, dictKey, dictValue, sort: j + 1 }));
  }
  await tx.insert(dict).values(rows);
  return missing.map((d) => d.code);
}
