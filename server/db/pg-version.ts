import pg from "pg";
import type { Db } from "./connection";
import { benchCounters } from "./bench-counters";
import { DataVersion, TRANSACTION_CONTROL, attachDataVersion, rowsWritten, tablesIn, writes, type WrittenRows } from "./data-version";

/**
 * The data version (data-version.ts) for a PostgreSQL that several server instances may share.
 * This instance's own statements move it as they are sent, like PGlite's; the others' move it by
 * a notification on CHANNEL naming the tables written, which the writer sends itself right after
 * each write on the same connection: inside a transaction it is delivered at commit and dropped
 * at rollback, as a trigger's would be. No trigger, because Citus refuses statement-level
 * triggers on distributed tables (README, "Scaling out"). One LISTEN connection hears the others;
 * while it is down the version is off (every read goes to the database), so a missed
 * notification can never leave a stale answer in memory.
 */
const CHANNEL = "blade_data_version";
const RETRY_MS = 1000;
/** How the LISTEN connection shows in pg_stat_activity. */
export const LISTENER_NAME = "blade-data-version";

type Query = (...args: unknown[]) => unknown;

const BEGIN = /^\s*(begin|start)\b/i;
/** The end of a transaction; not `rollback to savepoint`, after which the transaction goes on. */
const END = /^\s*(commit|end|rollback)\b(?!\s+to\b)/i;

/**
 * Moves the version of the tables a write names as this instance sends it, and again when its
 * transaction commits (transaction control itself moves nothing), and announces the written
 * tables to the other instances: a transaction's once, just before its COMMIT (delivered at
 * commit, dropped at rollback, as a trigger's would be); a lone statement's right after it.
 */
function watchClient(client: pg.PoolClient | pg.Client, version: DataVersion): void {
  const query = client.query.bind(client) as Query;
  /** Never fails: after a failed write (an aborted transaction) there is nothing to announce. */
  const announce = (tables: Iterable<string>): Promise<unknown> => {
    const list = [...tables];
    // "" (a statement naming no table) stands for every table.
    const payload = list.includes("") ? "" : list.join(",");
    benchCounters?.statements();
    return (query(`select pg_notify('${CHANNEL}', $1)`, [payload]) as Promise<unknown>).catch(() => undefined);
  };
  /**
   * `statement` sent after `before` has run, answering as the statement does — through its
   * callback when it has one (pg-pool's style) — so the connection never holds two at once.
   */
  const after = (before: () => Promise<unknown>, args: unknown[], then?: () => Promise<unknown>) => {
    const callback = typeof args.at(-1) === "function" ? (args.pop() as (error: unknown, result?: unknown) => void) : undefined;
    const done = before()
      .then(() => query(...args) as Promise<unknown>)
      .then(async (result) => {
        if (then) await then();
        return result;
      });
    if (!callback) return done;
    done.then((result) => callback(null, result), (error: unknown) => callback(error));
    return undefined;
  };
  const now = () => Promise.resolve();
  let pending: WrittenRows | null = null;
  client.query = ((...args: unknown[]) => {
    benchCounters?.statements();
    const first = args[0];
    const text = typeof first === "string" ? first : ((first as { text?: string } | undefined)?.text ?? "");
    if (!writes(text)) return query(...args);
    if (BEGIN.test(text)) pending = new Map();
    else if (END.test(text)) {
      const written = pending;
      pending = null;
      // A rolled back transaction made nothing visible; its statements moved their tables as sent.
      if (!written?.size || !/^\s*(commit|end)\b/i.test(text)) return query(...args);
      // Announced before the COMMIT, so inside the transaction: delivered at its commit. Its
      // tables move again once it is visible: a read that ran in between is not remembered.
      return after(() => announce(written.keys()), args, async () => version.bump(written.has("") ? [] : [...written.keys()], written));
    } else if (!TRANSACTION_CONTROL.test(text)) {
      const tables = tablesIn(text);
      version.bump(tables, rowsWritten(text, tables));
      // A statement naming no table (raw DDL) moves every table: the empty payload.
      const named = tables.length ? tables : [""];
      if (pending) {
        if (tables.length) rowsWritten(text, tables, pending);
        else pending.set("", "unknown");
      }
      // A lone write is answered only once it is announced: whoever it answers may next ask
      // another instance. Its tables move again once it is done, as a transaction's do at commit,
      // so that this instance needs no notification of its own writes (see trackPostgresWrites).
      else return after(now, args, async () => {
        await announce(named);
        version.bump(tables, rowsWritten(text, tables));
      });
    }
    return query(...args);
  }) as typeof client.query;
}

export interface PgVersion {
  version: DataVersion;
  /** The schema is migrated: memory may answer once listening. */
  arm(): void;
  close(): Promise<void>;
}

/**
 * One round trip on the LISTEN connection: PostgreSQL sends a listener every notification committed
 * before it answers a query, so once the trip is back, every write committed elsewhere before it
 * left has moved the version. Without it, a request that reached this instance after another
 * instance had committed and answered could still be answered from memory while the notification
 * was on its way. Reads arriving while a trip is out wait for the next one, which they all share.
 */
function settler(listener: () => pg.Client | null): () => Promise<void> {
  let out: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const start = (): Promise<void> => {
    const client = listener();
    // No listener: the version is off and memory answers nothing anyway.
    const trip = client ? client.query("select 1").then(() => undefined, () => undefined) : Promise.resolve();
    out = trip;
    void trip.then(() => {
      if (out === trip) out = null;
    });
    return trip;
  };
  return () => {
    if (!out) return start();
    // The trip out may have left before this read's request arrived: wait for the one after it.
    return (queued ??= out.then(() => {
      queued = null;
      return start();
    }));
  };
}

/** The version of `db` over `pool`: off until armed and the LISTEN connection is up. */
export function trackPostgresWrites(db: Db, pool: pg.Pool, url: string, log: (error: unknown) => void): PgVersion {
  const version = attachDataVersion(db, new DataVersion());
  version.setEnabled(false);
  /*
   * The server processes of this instance's own connections. Their notifications are skipped:
   * each of their writes already moved the version here, when sent and again when done or
   * committed, and with more to say (a sign-in's new session only adds a row). A process id is
   * forgotten as its connection leaves the pool, before PostgreSQL can give it to another's.
   */
  const own = new Set<number>();
  pool.on("connect", (client) => {
    watchClient(client, version);
    const pid = (client as pg.PoolClient & { processID?: number }).processID;
    if (pid) own.add(pid);
  });
  pool.on("remove", (client) => {
    const pid = (client as pg.PoolClient & { processID?: number }).processID;
    if (pid) own.delete(pid);
  });
  let listener: pg.Client | null = null;
  let armed = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  version.settle = settler(() => listener);

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
    // The payload names the written tables; an empty one (a statement naming none) moves every table.
    client.on("notification", (n) => {
      if (own.has(n.processId)) return;
      version.bump(n.payload ? n.payload.split(",").filter(Boolean) : []);
    });
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
