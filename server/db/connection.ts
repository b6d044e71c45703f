import { AsyncResource } from "node:async_hooks";
import { execFile } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { errorLogger } from "../http/error-log";
import { benchCounters, type BenchCounters } from "./bench-counters";
import { trackPostgresWrites } from "./pg-version";
import { statementCheckLogger } from "./statement-check";
import * as schema from "./schema";

/** What every module receives: a Drizzle database (or a transaction, which is one too). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** The embedded engine, when there is one (tests dump and clone it). */
  pglite?: PGlite;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { url: string }
  | { dataDir: string }
  /** An in-memory PGlite, empty or restored from a dumpDataDir() tarball. */
  | { memory: true; loadDataDir?: Blob };

// Not `new URL("./migrations", import.meta.url)`: Vite rewrites that pattern into an asset URL
// when this file runs under vitest's jsdom environment.
export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * PGlite's defaults size shared memory like a dedicated server's (shared_buffers 128 MB, 100
 * connections) although it has one connection and its pages also sit in the OS cache of the data
 * directory. Smaller settings keep an idle server under 300 MB resident. Passed at every start, so
 * the data directory's postgresql.conf stays as initdb wrote it.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", `shared_buffers=${process.env.BLADE_PGLITE_SHARED_BUFFERS || "16MB"}`, "-c", "max_connections=5"];

/**
 * initdb runs a second PostgreSQL instance whose memory stays with the process that ran it (about
 * 140 MB resident after it closed), so a new data directory is made by a short-lived child.
 */
async function initDataDirApart(dataDir: string): Promise<void> {
  const script = `const { PGlite } = require(process.argv[1]);
PGlite.create(process.argv[2], { startParams: JSON.parse(process.argv[3]) }).then((pg) => pg.close());`;
  const pglite = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  await promisify(execFile)(process.execPath, ["-e", script, pglite, dataDir, JSON.stringify(PGLITE_START_PARAMS)]);
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ("url" in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: Number(process.env.BLADE_DB_POOL ?? 10) });
    // An idle connection that breaks (a database restart) must not end the process; the pool
    // replaces it. Logged like every error: one line, no statement or parameters.
    const log = errorLogger();
    pool.on("error", (error) => log(error, "database pool"));
    if (benchCounters) timePoolWaits(pool, benchCounters);
    const db = drizzlePg(pool, { schema, logger: statementCheckLogger() });
    const tracked = trackPostgresWrites(db as unknown as Db, pool, options.url, (error) => log(error, "database notifications"));
    return {
      db: db as unknown as Db,
      kind: "postgres",
      migrate: async () => {
        await migratePg(db, { migrationsFolder });
        tracked.arm();
      },
      close: async () => {
        await tracked.close();
        await pool.end();
      },
    };
  }
  let pglite: PGlite;
  if ("dataDir" in options) {
    mkdirSync(options.dataDir, { recursive: true });
    if (!existsSync(join(options.dataDir, "PG_VERSION"))) await initDataDirApart(options.dataDir);
    pglite = await PGlite.create(options.dataDir, { startParams: PGLITE_START_PARAMS });
  } else {
    pglite = await PGlite.create({ startParams: PGLITE_START_PARAMS, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  }
  const db = drizzlePglite(pglite, { schema, logger: statementCheckLogger() });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    pglite,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => pglite.close(),
  };
}

/**
 * For the bench's counters only: how long each query waited for a connection (pg-pool's query()
 * takes one through connect(), callback style), and whether it found the pool full and busy.
 */
function timePoolWaits(pool: pg.Pool, counters: BenchCounters): void {
  const connect = pool.connect.bind(pool) as (cb?: (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void) => unknown;
  const max = pool.options.max ?? 10;
  pool.connect = ((cb?: Parameters<typeof connect>[0]) => {
    const started = performance.now();
    const full = pool.idleCount === 0 && pool.totalCount >= max;
    const done = () => counters.poolAcquired(performance.now() - started, full);
    // pg-pool calls back from whichever request released the connection: bound, the callback
    // (and the statements it sends) count for the request that asked.
    if (cb) return connect(AsyncResource.bind((err, client, release) => (done(), cb(err, client, release))));
    return (connect() as Promise<pg.PoolClient>).then((client) => (done(), client));
  }) as typeof pool.connect;
}

/** BLADE_DATA_DIR / DATABASE_URL, as the server and the start script read them. */
export function databaseOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseOptions {
  if (env.DATABASE_URL && /^postgres(ql)?:\/\//.test(env.DATABASE_URL)) return { url: env.DATABASE_URL };
  return { dataDir: env.BLADE_DATA_DIR || "./data" };
}
