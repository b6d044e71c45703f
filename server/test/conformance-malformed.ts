/**
 * The malformed-input part of the conformance battery: what no column can hold (NUL, lone
 * surrogates), integers beyond any integer column, id lists over the cap or beyond a bigint, JSON
 * nested too deep and bodies too large, in every field and every filter of the resource. Each is
 * refused with a 400 (413 for the size) in the R envelope, and the resource's rows stay as they were.
 */
import { expect, it } from "vitest";
import { INT_RANGES, filterableFields, sortableFields, toColumnName, writableFields, type ResourceSpec } from "../../domain/validation";
import type { RequestOptions, TestApp } from "./fresh-app";

export interface BatteryTarget {
  spec: ResourceSpec;
  /** `/api` + the spec's api path. */
  base: string;
  list: string;
  /** Where a change of an existing row is sent. */
  update: string;
  valid: (n: number) => Record<string, unknown>;
  /** Read when a test runs: set up in the battery's beforeAll. */
  api: () => TestApp;
  writer: () => string;
  next: () => number;
}

/** Strings no column can hold: Postgres refuses NUL, and half a surrogate pair has no UTF-8. */
export const UNSTORABLE = ["a\u0000b", "\u0000", "x\ud800", "\udc00y"];

/** Beyond every integer column (smallint and integer alike) in both directions, and beyond a bigint. */
export const OUT_OF_RANGE = [INT_RANGES.integer.max + 1, INT_RANGES.integer.min - 1, 2 ** 63, 1e300, "99999999999999999999"];

export const BEYOND_BIGINT = "9223372036854775808";

/** JSON text nested `levels` deep, built as text (a value that deep could not be serialised). */
export const deepJson = (levels: number) => "[".repeat(levels) + "]".repeat(levels);

/** `count` distinct ids of the right shape (none exists). */
export const manyIds = (count: number) => Array.from({ length: count }, (_, i) => String(1_000_000_000_000 + i)).join(",");

export function describeMalformedInput(t: BatteryTarget): void {
  const { spec, base, list, update } = t;
  const send = (path: string, o: RequestOptions = {}) => t.api().request(path, { token: t.writer(), ...o });

  /** The refusal: that status in the envelope, with a message (`why` says what was sent). */
  const refused = async (res: Response, why: string, status = 400, msg?: RegExp) => {
    expect(res.status, why).toBe(status);
    const body = (await res.json()) as { code: number; success: boolean; msg: string };
    expect(body.code, why).toBe(status);
    expect(body.success, why).toBe(false);
    expect(body.msg, why).toMatch(msg ?? /\S/);
  };

  /** Every row the writer sees, as the list answers it. */
  const snapshot = async () => (await (await send(list, { query: { size: 200 } })).json()) as unknown;
  const create = async () => {
    const res = await send(`${base}/submit`, { json: t.valid(t.next()) });
    return ((await res.json()) as { data: { id: string } }).data.id;
  };

  const fields = writableFields(spec);
  const filters = Object.entries(filterableFields(spec));

  it("refuses NUL and lone surrogates in every field and key, on create and update, changing nothing", async () => {
    const id = await create();
    const before = await snapshot();
    for (const [name] of fields) {
      for (const bad of UNSTORABLE) {
        const why = `${name}=${JSON.stringify(bad)}`;
        await refused(await send(`${base}/submit`, { json: { ...t.valid(t.next()), [name]: bad } }), `create ${why}`, 400, /非法字符/);
        await refused(await send(update, { json: { id, [name]: bad } }), `update ${why}`, 400, /非法字符/);
      }
    }
    for (const bad of UNSTORABLE) {
      await refused(await send(`${base}/submit`, { json: { ...t.valid(t.next()), [bad]: "x" } }), `key ${JSON.stringify(bad)}`, 400, /非法字符/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses NUL in every filter and sort parameter", async () => {
    const before = await snapshot();
    for (const [name, f] of filters) {
      const keys = [name, `${name}_equal`, toColumnName(name), ...(f.kind === "date" ? [`${name}_dategt`] : [])];
      for (const key of keys) await refused(await send(list, { query: { [key]: "1\u0000" } }), `${key}=1\\0`, 400, /非法字符/);
    }
    const sortable = toColumnName(Object.keys(sortableFields(spec))[0]);
    await refused(await send(list, { query: { descs: `${sortable}\u0000` } }), "descs with NUL", 400, /非法字符/);
    await refused(await send(list, { query: { "x\u0000": "1" } }), "a parameter name with NUL", 400, /非法字符/);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses integers beyond their column in every int field and filter, and paging beyond range", async () => {
    const id = await create();
    const before = await snapshot();
    for (const [name, f] of fields.filter(([, f]) => f.kind === "int")) {
      const beyond = [...OUT_OF_RANGE, ...(f.maxValue !== undefined ? [f.maxValue + 1] : [])];
      for (const value of beyond) {
        await refused(await send(`${base}/submit`, { json: { ...t.valid(t.next()), [name]: value } }), `create ${name}=${value}`);
        await refused(await send(update, { json: { id, [name]: value } }), `update ${name}=${value}`);
      }
    }
    for (const [name] of filters.filter(([, f]) => f.kind === "int")) {
      for (const [suffix, value] of [["equal", OUT_OF_RANGE[0]], ["ge", OUT_OF_RANGE[1]], ["lt", OUT_OF_RANGE[4]]] as const) {
        await refused(await send(list, { query: { [`${name}_${suffix}`]: value } }), `${name}_${suffix}=${value}`);
      }
    }
    for (const [name] of filters.filter(([, f]) => f.kind === "id")) {
      await refused(await send(list, { query: { [`${name}_equal`]: BEYOND_BIGINT } }), `${name}_equal beyond a bigint`);
    }
    const paging: Record<string, string>[] = [{ current: "10000000000" }, { size: "99999999999999" }, { current: "0" }, { size: "-1" }];
    for (const query of paging) {
      await refused(await send(list, { query }), JSON.stringify(query));
    }
    expect(await snapshot()).toEqual(before);
  });

  it("caps id lists at 1000 and refuses ids beyond a bigint, removing nothing", async () => {
    const id = await create();
    const before = await snapshot();
    const remove = (ids: string) => send(`${base}/remove`, { method: "POST", query: { ids } });
    await refused(await remove(`${id},${manyIds(1000)}`), "1001 ids", 400, /1000/);
    await refused(await remove(manyIds(70_000)), "70,000 ids", 400, /1000/);
    await refused(await remove(`${id},${BEYOND_BIGINT}`), "an id beyond a bigint");
    await refused(await remove(`${id},abc`), "an id that is no number");
    await refused(await send(`${base}/detail`, { query: { id: BEYOND_BIGINT } }), "detail beyond a bigint");
    await refused(await send(update, { json: { id: BEYOND_BIGINT, ...t.valid(t.next()) } }), "update beyond a bigint");
    expect(await snapshot()).toEqual(before);
  });

  it("refuses JSON nested too deep and a body over 1 MB", async () => {
    const before = await snapshot();
    const raw = (body: string) => send(`${base}/submit`, { method: "POST", body, headers: { "Content-Type": "application/json" } });
    await refused(await raw(deepJson(150_000)), "150,000 levels", 400, /嵌套过深/);
    const [textField] = fields.find(([, f]) => f.kind === "text") ?? ["remark"];
    const body = JSON.stringify({ ...t.valid(t.next()), [textField]: "__deep__" }).replace('"__deep__"', deepJson(40));
    await refused(await raw(body), "a field nested 40 levels", 400, /嵌套过深/);
    const big = JSON.stringify({ ...t.valid(t.next()), [textField]: "x".repeat(1_100_000) });
    await refused(await raw(big), "a body over 1 MB", 413, /过大/);
    expect(await snapshot()).toEqual(before);
  });
}
