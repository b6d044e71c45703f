import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTempPostgres, type TempPostgres } from "../test/postgres";
import { openDatabase, type Database } from "./connection";
import { dataVersionOf, onlyRows, readThrough } from "./data-version";
import { LISTENER_NAME } from "./pg-version";

/*
 * Two server instances on one PostgreSQL: what one writes, the other's memory must not hide.
 * Needs the machine's PostgreSQL binaries (Debian's postgresql package); without them the
 * PostgreSQL path cannot be exercised and these tests are skipped, visibly.
 */
let pgServer: TempPostgres | null = null;
let a: Database;
let b: Database;

let runs = 0;
const countParams = (db: Database) =>
  readThrough(db.db, () => "params", async () => {
    runs += 1;
    return Number(((await db.db.execute(sql`select count(*) as n from blade_param`)) as unknown as { rows: { n: string }[] }).rows[0].n);
  });
const addParam = (db: Database, key: string) =>
  db.db.execute(sql`insert into blade_param (id, param_name, param_key, param_value) values (${String(Date.now()) + key.length}, ${key}, ${key}, 'v')`);

async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

const enabled = (db: Database) => {
  const version = dataVersionOf(db.db)!;
  const at = version.current;
  version.remember("probe", at, 1);
  return version.known("probe") === 1;
};

beforeAll(async () => {
  pgServer = await startTempPostgres();
  if (!pgServer) return;
  a = await openDatabase({ url: pgServer.url });
  await a.migrate();
  b = await openDatabase({ url: pgServer.url });
  await b.migrate();
  await until(() => enabled(a) && enabled(b));
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  pgServer?.stop();
});

describe("PostgreSQL data version", () => {
  it("answers from memory only until another instance commits a write", async (t) => {
    if (!pgServer) return t.skip();
    const before = await countParams(a);
    const ran = runs;
    expect(await countParams(a)).toBe(before);
    expect(runs).toBe(ran);
    await addParam(b, "from_b");
    await until(async () => (await countParams(a)) === before + 1);
  });

  it("sees its own write at the very next read", async (t) => {
    if (!pgServer) return t.skip();
    const before = await countParams(a);
    await addParam(a, "from_a_own");
    expect(await countParams(a)).toBe(before + 1);
  });

  it("stops answering from memory while it cannot hear the others, and resumes when it can", async (t) => {
    if (!pgServer) return t.skip();
    await a.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTENER_NAME}`);
    await until(() => !enabled(a) || !enabled(b));
    const before = await countParams(a);
    await addParam(b, "while_deaf");
    expect(await countParams(a)).toBe(before + 1);
    await until(() => enabled(a) && enabled(b));
    await addParam(b, "after_reconnect");
    await until(async () => (await countParams(a)) === before + 2);
  });

  it("announces a transaction's writes at its commit, with no trigger in the schema (Citus refuses statement triggers)", async (t) => {
    if (!pgServer) return t.skip();
    const triggers = (await a.db.execute(sql`select count(*) as n from pg_trigger where not tgisinternal`)) as unknown as { rows: { n: string }[] };
    expect(Number(triggers.rows[0].n)).toBe(0);
    const before = await countParams(a);
    await b.db.transaction(async (tx) => {
      await tx.execute(sql`insert into blade_param (id, param_name, param_key, param_value) values (${String(Date.now())}, 'in_tx', 'in_tx', 'v')`);
      // Not committed yet: the other instance still counts what is committed.
      expect(await countParams(a)).toBe(before);
    });
    await until(async () => (await countParams(a)) === before + 1);
  });

  it("announces the writes made before a savepoint that rolled back, at the transaction's commit", async (t) => {
    if (!pgServer) return t.skip();
    const before = await countParams(a);
    await b.db.transaction(async (tx) => {
      await tx.execute(sql`insert into blade_param (id, param_name, param_key, param_value) values (${String(Date.now() + 7)}, 'kept', 'kept', 'v')`);
      // A repository write refused inside the transaction: its savepoint rolls back, the transaction goes on.
      await tx
        .transaction(async (sp) => {
          await sp.execute(sql`insert into blade_param (id, param_name, param_key, param_value) values (${String(Date.now() + 8)}, 'undone', 'undone', 'v')`);
          throw new Error("refused");
        })
        .catch(() => undefined);
    });
    await until(async () => (await countParams(a)) === before + 1);
  });

  it("hears no notification of its own writes: its insert keeps a read pinned to another row, another instance's does not", async (t) => {
    if (!pgServer) return t.skip();
    let pinnedRuns = 0;
    const pinned = () =>
      readThrough(a.db, () => "pinned param", async () => (pinnedRuns += 1), ["blade_param"], () => ({ blade_param: ["1"] }));
    await pinned();
    await addParam(a, "own_insert");
    // Time for a notification to come back, were it heard.
    await new Promise((r) => setTimeout(r, 300));
    await pinned();
    expect(pinnedRuns).toBe(1);
    // An UPDATE that says which rows it changes (the repository's) keeps it too, on a pooled connection.
    await a.db.execute(sql`update blade_param set param_value = 'w' where param_key = 'own_insert' and ${onlyRows(["2"])!}`);
    await new Promise((r) => setTimeout(r, 300));
    await pinned();
    expect(pinnedRuns).toBe(1);
    await addParam(b, "their_insert");
    await until(async () => (await pinned(), pinnedRuns === 2));
  });
});
