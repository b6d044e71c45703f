import type { PGlite, Transaction } from "@electric-sql/pglite";
import { sql, type SQL } from "drizzle-orm";
import { benchCounters } from "./bench-counters";
import type { Db } from "./connection";

/**
 * A counter that moves on every write to the database (and per table, see bump). PGlite's data belong to this one process
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
  /** The last version at which every table moved (a write whose tables are not known). */
  private floor = 0;
  /** The last version at which each table was written. */
  private readonly tables = new Map<string, number>();
  /** The last version at which rows of a table were changed without knowing which (see WrittenRows). */
  private readonly rowsUnknown = new Map<string, number>();
  /** The last version at which a row (`table#id`) was changed, when the write named it. */
  private readonly rows = new Map<string, number>();
  /** Every pinned read made before this is stale: the row versions were forgotten (memory bound). */
  private rowsFloor = 0;
  private enabled = true;
  private readonly results = new Map<string, { at: number; value: unknown; tables: string[]; pins?: RowPins }>();
  /**
   * Waits until every write committed elsewhere before the call has moved this version (set on a
   * shared PostgreSQL, pg-version.ts); null where every write passes through here (PGlite).
   */
  settle: (() => Promise<void>) | null = null;

  get current(): number {
    return this.value;
  }

  /**
   * A write to `tables` (all of them when not known): only reads of those tables are forgotten,
   * so a sign-in's log row no longer costs every cached page its answer.
   */
  bump(tables: readonly string[] = [], written?: WrittenRows): void {
    this.value += 1;
    if (tables.length === 0) this.floor = this.value;
    for (const t of tables) {
      this.tables.set(t, this.value);
      const rows = written?.get(t);
      if (rows === "added") continue;
      if (rows === undefined || rows === "unknown") this.rowsUnknown.set(t, this.value);
      else for (const id of rows) this.rows.set(`${t}#${id}`, this.value);
    }
    if (this.rows.size > MAX_ROW_VERSIONS) {
      this.rows.clear();
      this.rowsFloor = this.value;
    }
  }

  /**
   * Something that `tables` depend on (anything, when none are named) was written after `at`. For
   * a table in `pins` only those rows count, and any write whose rows are not known.
   */
  private changedSince(at: number, tables: readonly string[], pins?: RowPins): boolean {
    if (tables.length === 0) return this.value > at;
    if (this.floor > at) return true;
    return tables.some((t) => {
      const ids = pins?.[t];
      if (!ids) return (this.tables.get(t) ?? 0) > at;
      if (this.rowsFloor > at || (this.rowsUnknown.get(t) ?? 0) > at) return true;
      return ids.some((id) => (this.rows.get(`${t}#${id}`) ?? 0) > at);
    });
  }

  /** Off: nothing is remembered or answered from memory until it is on again. */
  setEnabled(on: boolean): void {
    this.bump();
    this.enabled = on;
    if (!on) this.results.clear();
  }

  /** settle(), timed for the bench's counters when they are on. */
  async settled(): Promise<void> {
    if (!benchCounters) return this.settle!();
    const started = performance.now();
    await this.settle!();
    benchCounters.settled(performance.now() - started);
  }

  /** A result remembered and still valid, if any. */
  known<T>(key: string): T | undefined {
    const hit = this.enabled ? this.results.get(key) : undefined;
    const fresh = hit && !this.changedSince(hit.at, hit.tables, hit.pins) ? (hit.value as T) : undefined;
    benchCounters?.cache(fresh !== undefined, hit ? hit.tables : tablesIn(key));
    if (hit) {
      // Most recently used last (a Map keeps insertion order): a full memory forgets the oldest.
      this.results.delete(key);
      if (fresh !== undefined) this.results.set(key, hit);
    }
    return fresh;
  }

  /** Remembers a result read at version `at`, unless a table it read was written since. */
  remember(key: string, at: number, value: unknown, tables: readonly string[] = tablesIn(key), pins?: RowPins): void {
    if (!this.enabled || this.changedSince(at, tables, pins)) return;
    // Full: the least recently used answer goes, not all of them (a crowd paging through many
    // pages would otherwise take the caller's and the menus' answers with it, again and again).
    this.results.delete(key);
    if (this.results.size >= MAX_RESULTS) this.results.delete(this.results.keys().next().value!);
    this.results.set(key, { at, value, tables: [...tables], ...(pins ? { pins } : {}) });
  }

  /**
   * The result of a read (named by its SQL and parameters, whose table names say what it depends
   * on) as of now: remembered from an earlier run if none of its tables was written since, else
   * run and remembered — unless one was written while it ran. Results are shared: callers must
   * not change them.
   */
  async read<T>(key: string, run: () => Promise<T>, tables: readonly string[] = tablesIn(key), pinsOf?: (value: T) => RowPins | undefined): Promise<T> {
    if (this.settle) await this.settled();
    const hit = this.known<T>(key);
    if (hit !== undefined) return hit;
    const at = this.value;
    const value = await run();
    this.remember(key, at, value, tables, pinsOf?.(value));
    return value;
  }
}

/**
 * Rows a remembered read depends on, by table: the caller's statement reads one session and one
 * account, so a write to other rows of those tables (another user edited, a sign-in's new session)
 * leaves it valid. Every other table it names counts whole.
 */
export type RowPins = Readonly<Record<string, readonly string[]>>;

/**
 * What a write did to each table it names: changed these rows (ids), only added rows, or changed
 * rows nobody named. Only an UPDATE marked by onlyRows names its rows; an INSERT without ON
 * CONFLICT only adds; anything else — and another PostgreSQL instance's write, whose notification
 * carries table names alone — counts as unknown.
 */
export type WrittenRows = Map<string, RowChange>;
type RowChange = ReadonlySet<string> | "added" | "unknown";

/** Row versions kept before they are forgotten (every pinned read is then read again once). */
const MAX_ROW_VERSIONS = 100_000;

const ROWS_MARK = /\/\* rows ([0-9,]+) \*\//;

/**
 * A condition, always true, by which an UPDATE says in its own text that it changes these rows and
 * no other (the repository's, whose WHERE holds the ids): reads pinned to other rows of its table
 * stay valid. The text is the one carrier both engines' trackers can trust — a pooled PostgreSQL
 * statement may be sent from another request's context. None when an id is not plain digits.
 */
export function onlyRows(ids: readonly string[]): SQL | undefined {
  if (ids.length === 0 || !ids.every((id) => /^[0-9]{1,19}$/.test(id))) return undefined;
  return sql.raw(`true /* rows ${ids.join(",")} */`);
}

/** The table an UPDATE or INSERT writes (the one after its verb). */
const TARGET = /^[\s(]*(update|insert\s+into)\s+"?(blade_[a-z0-9_]+)"?[\s(]/i;

/** What `text` (a write) did to each table it names, merged into `into`. */
export function rowsWritten(text: string, tables: readonly string[], into: WrittenRows = new Map()): WrittenRows {
  const [, verb = "", target] = TARGET.exec(text) ?? [];
  let change: RowChange = "unknown";
  if (verb.toLowerCase() === "update") {
    const marked = ROWS_MARK.exec(text)?.[1];
    if (marked) change = new Set(marked.split(","));
  } else if (verb && !/\bon\s+conflict\b/i.test(text)) change = "added";
  // Any other table a statement names (a subquery's) counts as changed in unknown rows.
  for (const t of tables) into.set(t, merged(into.get(t), t === target ? change : "unknown"));
  return into;
}

/** Two writes to one table in a transaction: unknown rows win, added rows change nothing that exists. */
function merged(a: RowChange | undefined, b: RowChange): RowChange {
  if (a === undefined || a === "added") return b;
  if (a === "unknown" || b === "unknown") return "unknown";
  return b === "added" ? a : new Set([...a, ...b]);
}

/**
 * The tables a statement names. Every table of the schema is called blade_…, whether drizzle
 * quotes it or a hand-written statement does not; nothing else is (no views, triggers or
 * functions read or write tables behind a statement's back on the embedded database). None found
 * means "any table".
 */
export function tablesIn(sql: string): string[] {
  return [...new Set(sql.match(/\bblade_[a-z0-9_]+/g) ?? [])];
}

export const MAX_RESULTS = 2000;

const versions = new WeakMap<Db, DataVersion>();

/** The version of `db`, when it is an embedded database's root handle (never a transaction's). */
export const dataVersionOf = (db: Db): DataVersion | undefined => versions.get(db);

/** Registers the version of a database handle (pg-version.ts does so for PostgreSQL). */
export function attachDataVersion(db: Db, version: DataVersion): DataVersion {
  versions.set(db, version);
  return version;
}

/** Statements that write no table of their own: transaction control and session settings. */
export const TRANSACTION_CONTROL = /^\s*(begin|start|commit|end|rollback|savepoint|release|set|reset|listen|unlisten|notify|show|prepare|deallocate|discard)\b/i;

/** Only a plain SELECT (or a CTE that changes nothing) leaves the data alone. */
export function writes(sql: string): boolean {
  // Drizzle wraps the members of a UNION in parentheses.
  const head = sql.replace(/^[\s(]+/, "").slice(0, 6).toLowerCase();
  if (head === "select") return false;
  if (head.startsWith("with")) return /\b(insert|update|delete)\b/i.test(sql);
  return true;
}

/** Watches every statement of `pglite`: anything but a plain read moves the version of its tables. */
export function trackWrites(db: Db, pglite: PGlite): DataVersion {
  const existing = versions.get(db);
  if (existing) return existing;
  const version = new DataVersion();
  const query = pglite.query.bind(pglite);
  const exec = pglite.exec.bind(pglite);
  const transaction = pglite.transaction.bind(pglite);
  pglite.query = ((sql: string, ...rest: unknown[]) => {
    benchCounters?.statements();
    if (writes(sql)) {
      const tables = tablesIn(sql);
      version.bump(tables, rowsWritten(sql, tables));
    }
    return (query as (...a: unknown[]) => unknown)(sql, ...rest);
  }) as typeof pglite.query;
  pglite.exec = ((sql: string, ...rest: unknown[]) => {
    benchCounters?.statements();
    version.bump();
    return (exec as (...a: unknown[]) => unknown)(sql, ...rest);
  }) as typeof pglite.exec;
  // A transaction's statements run on its own handle: its writes are gathered there and move the
  // version of their tables at its end (committed or not). PGlite runs one transaction at a time,
  // so nothing else reads the rows in between, and a read that started before it and is
  // remembered after is refused by its tables' move.
  pglite.transaction = (async (work: Parameters<typeof pglite.transaction>[0]) => {
    const written: WrittenRows = new Map();
    let everything = false;
    const gather = (tx: Transaction) => {
      const query = tx.query.bind(tx);
      const exec = tx.exec.bind(tx);
      tx.query = ((sql: string, ...rest: unknown[]) => {
        if (writes(sql) && !TRANSACTION_CONTROL.test(sql)) {
          const tables = tablesIn(sql);
          if (tables.length === 0) everything = true;
          rowsWritten(sql, tables, written);
        }
        return (query as (...a: unknown[]) => unknown)(sql, ...rest);
      }) as Transaction["query"];
      tx.exec = ((...args: Parameters<Transaction["exec"]>) => {
        everything = true;
        return exec(...args);
      }) as Transaction["exec"];
      return tx;
    };
    try {
      return await transaction((tx) => (benchCounters ? countedTransaction(work) : work)(gather(tx)));
    } finally {
      version.bump(everything ? [] : [...written.keys()], written);
    }
  }) as typeof pglite.transaction;
  versions.set(db, version);
  return version;
}

/** The bench's counters see a transaction's statements (its BEGIN and COMMIT too) on its own handle. */
function countedTransaction<T>(work: (tx: Transaction) => Promise<T>): (tx: Transaction) => Promise<T> {
  return (tx) => {
    benchCounters!.statements(2);
    const query = tx.query.bind(tx);
    const exec = tx.exec.bind(tx);
    tx.query = ((...args: Parameters<Transaction["query"]>) => (benchCounters!.statements(), query(...args))) as Transaction["query"];
    tx.exec = ((...args: Parameters<Transaction["exec"]>) => (benchCounters!.statements(), exec(...args))) as Transaction["exec"];
    return work(tx);
  };
}

/** `run` through the version of `db` when it has one (see DataVersion.read), else straight. */
export function readThrough<T>(db: Db, key: () => string, run: () => Promise<T>, tables?: readonly string[], pinsOf?: (value: T) => RowPins | undefined): Promise<T> {
  const version = versions.get(db);
  return version ? version.read(key(), run, tables, pinsOf) : run();
}

/** Results longer than this are not kept (unless the reader says otherwise): memory holds the small, hot answers. */
const MAX_REMEMBERED_ROWS = 100;

/**
 * A read of a few rows (a client, a tenant, a policy, one user) through the version of `db`: the
 * sign-in and every request ask the same ones again and again. The rows are answered as copies,
 * so a caller that changes one cannot change the remembered answer.
 */
export async function readRows<R extends object>(
  db: Db,
  query: PromiseLike<R[]> & { toSQL(): { sql: string; params: unknown[] } },
  rememberUpTo: number = MAX_REMEMBERED_ROWS,
): Promise<R[]> {
  const version = versions.get(db);
  if (!version) return query;
  const key = `rows ${JSON.stringify(query.toSQL())}`;
  if (version.settle) await version.settled();
  const hit = version.known<R[]>(key);
  if (hit) return hit.map((r) => ({ ...r }));
  const at = version.current;
  const rows = await query;
  if (rows.length <= rememberUpTo) version.remember(key, at, rows.map((r) => ({ ...r })));
  return rows;
}
