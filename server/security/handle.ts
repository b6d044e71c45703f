import { PgDatabase } from "drizzle-orm/pg-core";
import type { AppContext } from "../context";
import type { Db } from "../db/connection";
import type { TenantScope } from "./tenant-scope";

/**
 * The one way to the raw database handle. Module code never holds one: what it holds — the app
 * context and a TenantScope — carry the handle without showing it, and hand them to the helpers of
 * server/security, which take it out here. Module code may not import this file (eslint.config.js),
 * and neither the context nor the scope has a `db` it could name (server/modules/handle.test.ts).
 */
const handles = new WeakMap<object, Db>();

/** What the security helpers accept: a handle itself (from server/security), or what carries one. */
export type Handle = Db | TenantScope | AppContext;

/** Makes `holder` carry `db` (the app context when it is built, every scope when it is made). */
export function holdHandle<T extends object>(holder: T, db: Db): T {
  handles.set(holder, db);
  return holder;
}

/** The database handle `holder` is, or carries. */
export function dbOf(holder: Handle): Db {
  const db = handles.get(holder) ?? holder;
  if (!(db instanceof PgDatabase)) throw new Error("no database handle: an app context or scope built outside createAppForDatabase / TenantScope");
  return db as Db;
}
