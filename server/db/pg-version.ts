import pg from "pg";
import type { Db } from "./connection";
import { DataVersion, attachDataVersion, tablesIn, writes } from "./data-version";

/**
 * The data version (data-version.ts) for a PostgreSQL that several server instances may share.
 * This instance's own statements move it as they are sent, like PGlite's; the others' move it by
 * a statement-level trigger on every table that notifies CHANNEL at their commit, heard by one
 * LISTEN connection. While that connection is down the version is off (every read goes to the
 * database), so a missed notification can never leave a stale answer in memory.
 */
const CHANNEL = "blade_data_version";
const RETRY_MS = 1000;
/** How the LISTEN connection shows in pg_stat_activity. */
export const LISTENER_NAME = "blade-data-version";

/** Installs the notifying trigger on every table of the schema that lacks it (after migrations). */
export async function installVersionTriggers(pool: pg.Pool): Promise<void> {
  await pool.query(`
    create or replace function blade_data_version_notify() returns trigger language plpgsql as $$
    begin perform pg_notify('${CHANNEL}', tg_table_name); return null; end $$;
    do $$ declare t record; begin
      for t in select c.oid, c.relname from pg_class c
        where c.relkind = 'r' and c.relnamespace = current_schema()::regnamespace
          and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'blade_data_version')
      loop
        execute format('create trigger blade_data_version after insert or update or delete or truncate on %I
          for each statement execute function blade_data_version_notify()', t.relname);
      end loop;
    end $$;`);
}

type Query = (...args: unknown[]) => unknown;

/** Moves the version as this instance sends a write; BEGIN and COMMIT count as writes. */
function watchClient(client: pg.PoolClient | pg.Client, version: DataVersion): void {
  const query = client.query.bind(client) as Query;
  client.query = ((...args: unknown[]) => {
    const first = args[0];
    const text = typeof first === "string" ? first : ((first as { text?: string } | undefined)?.text ?? "");
    if (writes(text)) version.bump(tablesIn(text));
    return query(...args);
  }) as typeof client.query;
}

export interface PgVersion {
  version: DataVersion;
  /** The triggers are in place (installVersionTriggers ran): memory may answer once listening. */
  arm(): void;
  close(): Promise<void>;
}

/** The version of `db` over `pool`: off until armed and the LISTEN connection is up. */
export function trackPostgresWrites(db: Db, pool: pg.Pool, url: string, log: (error: unknown) => void): PgVersion {
  const version = attachDataVersion(db, new DataVersion());
  version.setEnabled(false);
  pool.on("connect", (client) => watchClient(client, version));
  let listener: pg.Client | null = null;
  let armed = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    const client = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
    let gone = false;
    const lost = (error?: unknown) => {
      if (gone) return;
      gone = true;
      if (error) log(error);
      version.setEnabled(false);
      if (listener === client) listener = null;
      client.removeAllListeners();
      client.end().catch(() => undefined);
      if (!closed) timer = setTimeout(() => void connect(), RETRY_MS);
    };
    client.on("error", lost);
    client.on("end", () => lost());
    // The payload is the written table; an empty one (an older trigger) moves every table.
    client.on("notification", (n) => version.bump(n.payload ? [n.payload] : []));
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      if (closed) return void (await client.end());
      listener = client;
      if (armed) version.setEnabled(true);
    } catch (error) {
      lost(error);
    }
  };
  void connect();

  return {
    version,
    arm: () => {
      armed = true;
      if (listener) version.setEnabled(true);
    },
    close: async () => {
      closed = true;
      clearTimeout(timer);
      version.setEnabled(false);
      const client = listener;
      listener = null;
      client?.removeAllListeners();
      await client?.end().catch(() => undefined);
    },
  };
}
