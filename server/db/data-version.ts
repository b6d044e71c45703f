import type { PGlite } from "@electric-sql/pglite";
import type { Db } from "./connection";

/**
 * A counter that moves on every write to the database. PGlite's data belong to this one process
 * (it locks its directory), so every write passes through here: a read made at version v is exact
 * for as long as the version is still v. The hot reads — a page's total (count(*) is the dearest
 * part of a page), the caller's session and grants, the names beside a page's ids — are answered
 * from memory until the next write. PostgreSQL may be shared by several instances: there the
 * version also moves on every other instance's commit, announced by a trigger (pg-version.ts),
 * and while that announcement cannot be heard the version is off and every read goes to the
 * database.
 */
export class DataVersion {
  private value = 0;
  private enabled = true;
  private readonly results = new Map<string, { at: number; value: unknown }>();

  get current(): number {
    return this.value;
  }

  bump(): void {
    this.value += 1;
  }

  /** Off: nothing is remembered or answered from memory until it is on again. */
  setEnabled(on: boolean): void {
    this.bump();
    this.enabled = on;
    if (!on) this.results.clear();
  }

  /** A result remembered at the current version, if any. */
  known<T>(key: string): T | undefined {
    const hit = this.enabled ? this.results.get(key) : undefined;
    return hit && hit.at === this.value ? (hit.value as T) : undefined;
  }

  /** Remembers a result read at version `at`, unless something was written since. */
  remember(key: string, at: number, value: unknown): void {
    if (at !== this.value || !this.enabled) return;
    if (this.results.size >= MAX_RESULTS) this.results.clear();
    this.results.set(key, { at, value });
  }

  /**
   * The result of a read (named by its SQL and parameters) as of now: remembered from an earlier
   * run if nothing was written since, else run and remembered — unless a write happened while it
   * ran. Results are shared: callers must not change them.
   */
  async read<T>(key: string, run: () => Promise<T>): Promise<T> {
    const hit = this.known<T>(key);
    if (hit !== undefined) return hit;
    const at = this.value;
    const value = await run();
    this.remember(key, at, value);
    return value;
  }
}

const MAX_RESULTS = 2000;

const versions = new WeakMap<Db, DataVersion>();

/** The version of `db`, when it is an embedded database's root handle (never a transaction's). */
export const dataVersionOf = (db: Db): DataVersion | undefined => versions.get(db);

/** Registers the version of a database handle (pg-version.ts does so for PostgreSQL). */
export function attachDataVersion(db: Db, version: DataVersion): DataVersion {
  versions.set(db, version);
  return version;
}

/** Only a plain SELECT (or a CTE that changes nothing) leaves the data alone. */
export function writes(sql: string): boolean {
  // Drizzle wraps the members of a UNION in parentheses.
  const head = sql.replace(/^[\s(]+/, "").slice(0, 6).toLowerCase();
  if (head === "select") return false;
  if (head.startsWith("with")) return /\b(insert|update|delete)\b/i.test(sql);
  return true;
}

/** Watches every statement of `pglite`: anything but a plain read moves the version. */
export function trackWrites(db: Db, pglite: PGlite): DataVersion {
  const existing = versions.get(db);
  if (existing) return existing;
  const version = new DataVersion();
  const query = pglite.query.bind(pglite);
  const exec = pglite.exec.bind(pglite);
  const transaction = pglite.transaction.bind(pglite);
  pglite.query = ((sql: string, ...rest: unknown[]) => {
    if (writes(sql)) version.bump();
    return (query as (...a: unknown[]) => unknown)(sql, ...rest);
  }) as typeof pglite.query;
  pglite.exec = ((sql: string, ...rest: unknown[]) => {
    version.bump();
    return (exec as (...a: unknown[]) => unknown)(sql, ...rest);
  }) as typeof pglite.exec;
  // A transaction's statements run on its own handle: count its end, whatever it wrote.
  pglite.transaction = (async (work: Parameters<typeof pglite.transaction>[0]) => {
    version.bump();
    try {
      return await transaction(work);
    } finally {
      version.bump();
    }
  }) as typeof pglite.transaction;
  versions.set(db, version);
  return version;
}

/** `run` through the version of `db` when it has one (see DataVersion.read), else straight. */
export function readThrough<T>(db: Db, key: () => string, run: () => Promise<T>): Promise<T> {
  const version = versions.get(db);
  return version ? version.read(key(), run) : run();
}
