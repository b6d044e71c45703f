import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./connection";
import { DataVersion, MAX_RESULTS, readRows, readThrough, tablesIn, onlyRows, trackWrites } from "./data-version";
import { param } from "./schema";

/*
 * The embedded database's memory of reads: a write forgets the reads of the tables it wrote (all
 * of them when it names none), never more, never less.
 */
let database: Database;
let statements = 0;

beforeAll(async () => {
  database = await openDatabase({ memory: true });
  await database.pglite!.exec(`
    create table blade_param (id bigint primary key, param_key varchar(255), param_value varchar(255), is_deleted int default 0);
    create table blade_log_login (id bigint primary key, account varchar(64));
    insert into blade_param (id, param_key, param_value) values (1, 'k', 'first');`);
  trackWrites(database.db, database.pglite!);
  const query = database.pglite!.query.bind(database.pglite!);
  database.pglite!.query = ((...args: Parameters<typeof query>) => {
    statements += 1;
    return query(...args);
  }) as typeof query;
});
afterAll(() => database.close());

const readK = () => readRows(database.db, database.db.select({ value: param.paramValue }).from(param).where(eq(param.paramKey, "k")));
/** Statements sent by `work`. */
async function sent(work: () => Promise<unknown>): Promise<number> {
  const before = statements;
  await work();
  return statements - before;
}

describe("data version per table", () => {
  it("names the tables of a statement, quoted or not", () => {
    expect(tablesIn(`select * from "blade_user" join blade_dept d on true`).sort()).toEqual(["blade_dept", "blade_user"]);
    expect(tablesIn("begin")).toEqual([]);
  });

  it("answers a repeated read from memory, also after a write to another table", async () => {
    expect(await readK()).toEqual([{ value: "first" }]);
    expect(await sent(readK)).toBe(0);
    await database.db.execute(sql`insert into blade_log_login (id, account) values (1, 'someone')`);
    expect(await sent(readK)).toBe(0);
  });

  it("reads again after a write to the table it read, and sees the change", async () => {
    await database.db.execute(sql`update blade_param set param_value = 'second' where param_key = 'k'`);
    expect(await readK()).toEqual([{ value: "second" }]);
    expect(await sent(readK)).toBe(0);
  });

  it("reads again after a write that names no table (a script)", async () => {
    await database.pglite!.exec("select 1");
    expect(await sent(readK)).toBe(1);
  });

  it("forgets, at a transaction's end, only the reads of the tables it wrote", async () => {
    await readK();
    // A sign-in's transaction (a log row, a session) leaves the menus', the parameters' … answers alone.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`savepoint s1`);
      await tx.execute(sql`insert into blade_log_login (id, account) values (2, 'another')`);
      await tx.execute(sql`release savepoint s1`);
    });
    expect(await sent(readK)).toBe(0);
    await database.db.transaction(async (tx) => tx.execute(sql`update blade_param set param_value = 'in a transaction' where param_key = 'k'`));
    expect(await readK()).toEqual([{ value: "in a transaction" }]);
    await database.db.transaction(async (tx) => tx.execute(sql`update blade_param set param_value = 'second' where param_key = 'k'`));
    expect(await readK()).toEqual([{ value: "second" }]);
    // Rolled back or not, a transaction that wrote the table makes the next read go to the database.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update blade_param set param_value = 'undone' where param_key = 'k'`);
      tx.rollback();
    }).catch(() => undefined);
    expect(await sent(readK)).toBe(1);
    expect(await readK()).toEqual([{ value: "second" }]);
  });

  it("answers copies: a caller changing a row does not change the remembered answer", async () => {
    const [row] = await readK();
    row.value = "changed by a caller";
    expect(await readK()).toEqual([{ value: "second" }]);
  });

  it("keeps a long answer only when its reader asks (the whole menu table, read at every page load)", async () => {
    await database.pglite!.exec("insert into blade_param (id, param_key, param_value) select g, 'many', 'v' || g from generate_series(100, 249) g");
    const readMany = (rememberUpTo?: number) => readRows(database.db, database.db.select({ value: param.paramValue }).from(param).where(eq(param.paramKey, "many")), rememberUpTo);
    expect(await readMany()).toHaveLength(150);
    expect(await sent(() => readMany())).toBe(1);
    expect(await sent(() => readMany(1_000))).toBe(1);
    expect(await sent(() => readMany(1_000))).toBe(0);
  });

  it("when full, forgets the answers used least recently, keeping the ones read all along", () => {
    const version = new DataVersion();
    version.remember("select hot from blade_menu", version.current, "menus");
    for (let i = 0; i < MAX_RESULTS * 2; i++) {
      version.remember(`select page ${i} from blade_user`, version.current, i);
      // The menus are asked for between the pages, as every page load does.
      if (i % 100 === 0) expect(version.known("select hot from blade_menu")).toBe("menus");
    }
    expect(version.known("select hot from blade_menu")).toBe("menus");
    expect(version.known(`select page ${MAX_RESULTS * 2 - 1} from blade_user`)).toBe(MAX_RESULTS * 2 - 1);
    expect(version.known("select page 0 from blade_user")).toBeUndefined();
  });
});

describe("reads pinned to rows (the caller's session and account)", () => {
  const rowOf = (id: number) => database.db.execute(sql`select param_value from blade_param where id = ${id}`);
  /** Row `id` of blade_param, remembered as depending on that row alone. */
  const pinned = (id: number) => readThrough(database.db, () => `pinned blade_param ${id}`, () => rowOf(id), ["blade_param"], () => ({ blade_param: [String(id)] }));
  const whole = (id: number) => readThrough(database.db, () => `whole blade_param ${id}`, () => rowOf(id), ["blade_param"]);
  /** An UPDATE of one row, saying so (as the repository's do) unless `marked` is false. */
  const update = (id: number, value: string, marked = true) =>
    database.db.execute(sql`update "blade_param" set param_value = ${value} where id = ${id} and ${marked ? onlyRows([String(id)])! : sql`true`}`);

  beforeAll(async () => {
    await database.pglite!.exec("insert into blade_param (id, param_key, param_value) values (10, 'a', 'a1'), (11, 'b', 'b1')");
  });

  it("keeps a pinned read when an UPDATE marked for another row runs, and re-reads on one marked for its own", async () => {
    await pinned(10);
    await whole(10);
    await update(11, "b2");
    expect(await sent(() => pinned(10))).toBe(0);
    expect(await sent(() => whole(10))).toBe(1);
    await update(10, "a2");
    expect(await sent(() => pinned(10))).toBe(1);
    expect(((await pinned(10)) as unknown as { rows: { param_value: string }[] }).rows[0].param_value).toBe("a2");
  });

  it("re-reads after an UPDATE that names no rows", async () => {
    await pinned(10);
    await update(11, "b3", false);
    expect(await sent(() => pinned(10))).toBe(1);
  });

  it("marks nothing for ids that are not plain numbers", () => {
    expect(onlyRows(["1", "2 */ drop table x; /*"])).toBeUndefined();
    expect(onlyRows([])).toBeUndefined();
  });

  it("keeps a pinned read over an insert, but not over an upsert that may change its row", async () => {
    await pinned(10);
    await database.db.execute(sql`insert into "blade_param" (id, param_key, param_value) values (12, 'c', 'c1')`);
    expect(await sent(() => pinned(10))).toBe(0);
    await database.db.execute(sql`insert into "blade_param" (id, param_key, param_value) values (10, 'a', 'a3') on conflict (id) do update set param_value = excluded.param_value`);
    expect(await sent(() => pinned(10))).toBe(1);
  });

  it("weighs a transaction's writes together: one unmarked change of the table re-reads", async () => {
    await pinned(10);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update "blade_param" set param_value = 'b5' where id = 11 and ${onlyRows(["11"])!}`);
      await tx.execute(sql`insert into "blade_param" (id, param_key, param_value) values (13, 'd', 'd1')`);
    });
    expect(await sent(() => pinned(10))).toBe(0);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update "blade_param" set param_value = 'b6' where id = 11 and ${onlyRows(["11"])!}`);
      await tx.execute(sql`update blade_param set param_value = 'a4' where id = 10`);
    });
    expect(await sent(() => pinned(10))).toBe(1);
  });
});
