import { AsyncLocalStorage } from "node:async_hooks";
import { writeFileSync } from "node:fs";

/**
 * Where a request's time goes, for `npm run bench -- --only=mix` (bench/mix.ts): statements sent to
 * the database, answers of the data version (data-version.ts) from memory or not, the settle round
 * trips before cached reads on PostgreSQL and the waits for a pool connection, per request path.
 * On only when BLADE_BENCH_COUNTERS names a file (the bench's server start sets it): otherwise
 * `benchCounters` is null and each counting site costs one null check. The tallies are written to
 * that file twice a second, so the bench reads them without a route of its own.
 */
export interface Tally {
  requests: number;
  statements: number;
  cacheHits: number;
  cacheMisses: number;
  settles: number;
  settleMs: number;
  poolAcquires: number;
  /** Acquisitions that found no idle connection in a full pool. */
  poolWaits: number;
  poolWaitMs: number;
  /** Misses by the tables the read depends on: what the writes of the mix keep taking away. */
  missesByTables: Record<string, number>;
}

const empty = (): Tally => ({ requests: 0, statements: 0, cacheHits: 0, cacheMisses: 0, settles: 0, settleMs: 0, poolAcquires: 0, poolWaits: 0, poolWaitMs: 0, missesByTables: {} });

/** What happens outside any request (start-up, timers) is tallied under this key. */
export const BACKGROUND = "(background)";

class BenchCounters {
  private readonly byPath = new Map<string, Tally>([[BACKGROUND, empty()]]);
  private readonly store = new AsyncLocalStorage<Tally>();

  constructor(private readonly file: string) {
    setInterval(() => this.flush(), 500).unref();
  }

  /** Runs a request's handling with its path's tally as the current one. */
  request<T>(path: string, run: () => Promise<T>): Promise<T> {
    let tally = this.byPath.get(path);
    if (!tally) this.byPath.set(path, (tally = empty()));
    tally.requests += 1;
    return this.store.run(tally, run);
  }

  private get current(): Tally {
    return this.store.getStore() ?? this.byPath.get(BACKGROUND)!;
  }

  statements(count = 1): void {
    this.current.statements += count;
  }

  cache(hit: boolean, tables: readonly string[]): void {
    const t = this.current;
    if (hit) return void (t.cacheHits += 1);
    t.cacheMisses += 1;
    const key = tables.join(",") || "(any)";
    t.missesByTables[key] = (t.missesByTables[key] ?? 0) + 1;
  }

  settled(ms: number): void {
    this.current.settles += 1;
    this.current.settleMs += ms;
  }

  poolAcquired(ms: number, waited: boolean): void {
    const t = this.current;
    t.poolAcquires += 1;
    if (waited) {
      t.poolWaits += 1;
      t.poolWaitMs += ms;
    }
  }

  snapshot(): Record<string, Tally> {
    return Object.fromEntries([...this.byPath].map(([path, t]) => [path, { ...t, missesByTables: { ...t.missesByTables } }]));
  }

  flush(): void {
    writeFileSync(this.file, JSON.stringify(this.snapshot()));
  }
}

export type { BenchCounters };

export const benchCounters: BenchCounters | null = process.env.BLADE_BENCH_COUNTERS ? new BenchCounters(process.env.BLADE_BENCH_COUNTERS) : null;
