import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
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

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ("url" in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: Number(process.env.BLADE_DB_POOL ?? 10) });
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      kind: "postgres",
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  let pglite: PGlite;
  if ("dataDir" in options) {
    mkdirSync(options.dataDir, { recursive: true });
    pglite = await PGlite.create(options.dataDir);
  } else {
    pglite = await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  }
  const db = drizzlePglite(pglite, { schema });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    pglite,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => pglite.close(),
  };
}

/** BLADE_DATA_DIR / DATABASE_URL, as the server and the start script read them. */
export function databaseOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseOptions {
  if (env.DATABASE_URL && /^postgres(ql)?:\/\//.test(env.DATABASE_URL)) return { url: env.DATABASE_URL };
  return { dataDir: env.BLADE_DATA_DIR || "./data" };
}
