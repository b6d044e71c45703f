import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshApp, type TestApp } from "../test/fresh-app";
import { date, idField, int, parseQuery, text, toPage, type FilterFields } from "./query";
import { user } from "./schema";

let t: TestApp;
const ids: Record<string, string> = {};
const FIELDS: FilterFields = {
  id: idField(user.id),
  account: text(user.account),
  realName: text(user.realName),
  email: text(user.email),
  sex: int(user.sex),
  createTime: date(user.createTime),
};

beforeAll(async () => {
  t = await freshApp();
  const rows: [string, string, string, number, string][] = [
    ["q_alpha", "张三", "alpha@example.com", 1, "2024-01-01 08:00:00"],
    ["q_beta", "李四", "beta@example.com", 2, "2024-02-01 08:00:00"],
    ["q_gamma", "王五", "", 1, "2024-03-01 08:00:00"],
    ["q%pct", "百分号", "pct_x@example.com", 3, "2024-04-01 08:00:00"],
  ];
  for (const [account, realName, email, sex, createTime] of rows) {
    const { id } = await t.createUser({ account, password: "Passw0rd!x", realName });
    await t.db.update(user).set({ email, sex, createTime }).where(eq(user.id, id));
    ids[account] = id;
  }
});
afterAll(() => t.close());

/** Accounts matching the params, among the four rows above. */
async function run(params: Record<string, string>): Promise<string[]> {
  const q = parseQuery(params, FIELDS);
  const rows = await t.db
    .select({ account: user.account })
    .from(user)
    .where(and(inArray(user.id, Object.values(ids)), q.where))
    .orderBy(...(q.orderBy.length ? q.orderBy : [asc(user.account)]));
  return rows.map((r) => r.account);
}

describe("the Blade filter grammar", () => {
  it("a bare key is LIKE %v%, in camelCase or snake_case", async () => {
    expect(await run({ account: "a" })).toEqual(["q_alpha", "q_beta", "q_gamma"]);
    expect(await run({ real_name: "张" })).toEqual(["q_alpha"]);
  });

  it("every suffix", async () => {
    expect(await run({ account_equal: "q_beta" })).toEqual(["q_beta"]);
    expect(await run({ account_notequal: "q_beta" })).toEqual(["q%pct", "q_alpha", "q_gamma"]);
    expect(await run({ account_like: "mm" })).toEqual(["q_gamma"]);
    expect(await run({ account_likeleft: "ta" })).toEqual(["q_beta"]);
    expect(await run({ account_likeright: "q_g" })).toEqual(["q_gamma"]);
    expect(await run({ account_notlike: "a" })).toEqual(["q%pct"]);
    expect(await run({ sex_ge: "2" })).toEqual(["q%pct", "q_beta"]);
    expect(await run({ sex_le: "1" })).toEqual(["q_alpha", "q_gamma"]);
    expect(await run({ sex_gt: "2" })).toEqual(["q%pct"]);
    expect(await run({ sex_lt: "2" })).toEqual(["q_alpha", "q_gamma"]);
    expect(await run({ createTime_datege: "2024-02-01 08:00:00" })).toEqual(["q%pct", "q_beta", "q_gamma"]);
    expect(await run({ createTime_dategt: "2024-02-01 08:00:00" })).toEqual(["q%pct", "q_gamma"]);
    expect(await run({ createTime_dateequal: "2024-03-01 08:00:00" })).toEqual(["q_gamma"]);
    expect(await run({ createTime_datele: "2024-02-01 08:00:00" })).toEqual(["q_alpha", "q_beta"]);
    expect(await run({ createTime_datelt: "2024-02-01 08:00:00" })).toEqual(["q_alpha"]);
    expect(await run({ email_null: "1" })).toEqual([]);
    expect(await run({ email_notnull: "1" })).toHaveLength(4);
    expect(await run({ account_ignore: "whatever" })).toHaveLength(4);
    expect(await run({ id_equal: ids.q_beta })).toEqual(["q_beta"]);
  });

  it("combines filters with AND and skips empty values", async () => {
    expect(await run({ account: "q", sex_equal: "1", email: "" })).toEqual(["q_alpha", "q_gamma"]);
    expect(await run({ createTime_datege: "2024-01-15 00:00:00", createTime_datelt: "2024-03-15 00:00:00" })).toEqual(["q_beta", "q_gamma"]);
  });

  it("escapes % and _ in LIKE values", async () => {
    expect(await run({ account: "%" })).toEqual(["q%pct"]);
    expect(await run({ account: "q_" })).toEqual(["q_alpha", "q_beta", "q_gamma"]);
    expect(await run({ email: "t_x" })).toEqual(["q%pct"]);
  });

  it("binds hostile values as data", async () => {
    expect(await run({ account: "' or 1=1 --" })).toEqual([]);
    expect(await run({ realName_equal: "x'); drop table blade_user; --" })).toEqual([]);
    expect(await run({ account: "q" })).toHaveLength(4);
  });

  it("sorts with ascs/descs over the allow-list", async () => {
    expect(await run({ descs: "create_time" })).toEqual(["q%pct", "q_gamma", "q_beta", "q_alpha"]);
    expect(await run({ ascs: "sex,account" })).toEqual(["q_alpha", "q_gamma", "q_beta", "q%pct"]);
  });

  it("refuses unknown filter and sort fields with 400, never an identifier", () => {
    expect(() => parseQuery({ foo: "1" }, FIELDS)).toThrow("不支持的查询字段: foo");
    expect(() => parseQuery({ password: "x" }, FIELDS)).toThrow("不支持的查询字段: password");
    expect(() => parseQuery({ "account;drop": "x" }, FIELDS)).toThrow(/不支持的查询字段/);
    expect(() => parseQuery({ ascs: "password" }, FIELDS)).toThrow("不支持的排序字段: password");
    expect(() => parseQuery({ descs: "id desc; drop table x" }, FIELDS)).toThrow(/不支持的排序字段/);
  });

  it("refuses malformed values with 400 instead of a database error", () => {
    expect(() => parseQuery({ sex_equal: "abc" }, FIELDS)).toThrow("查询参数格式错误: sex");
    expect(() => parseQuery({ id_equal: "12ab" }, FIELDS)).toThrow("查询参数格式错误: id");
    expect(() => parseQuery({ createTime_dategt: "yesterday" }, FIELDS)).toThrow(/日期格式错误/);
    expect(() => parseQuery({ createTime_dategt: "2024-02-30 00:00:00" }, FIELDS)).toThrow(/日期格式错误/);
    expect(() => parseQuery({ account_dategt: "2024-01-01 00:00:00" }, FIELDS)).toThrow(/不支持日期查询/);
  });

  it("bounds integer filters by their column's type, so no value can overflow it", async () => {
    const fields: FilterFields = { ...FIELDS, status: int(user.status) };
    expect(await run({ sex_le: "32767" })).toHaveLength(4);
    expect(await run({ sex_gt: "-32768" })).toHaveLength(4);
    expect(() => parseQuery({ sex_equal: "32768" }, fields)).toThrow("查询参数超出范围: sex，应在-32768到32767之间");
    expect(() => parseQuery({ sex_ge: "-32769" }, fields)).toThrow("查询参数超出范围: sex");
    expect(() => parseQuery({ status_equal: "2147483647" }, fields)).not.toThrow();
    expect(() => parseQuery({ status_equal: "2147483648" }, fields)).toThrow("查询参数超出范围: status，应在-2147483648到2147483647之间");
    expect(() => parseQuery({ status_lt: "99999999999999999999" }, fields)).toThrow("查询参数格式错误: status");
    // LIKE compares the text form: any digits are fine there.
    expect(await run({ sex_like: "99999999999999999999" })).toEqual([]);
  });

  it("refuses values no column can hold, whoever built the parameters", () => {
    expect(() => parseQuery({ account: "a\u0000" }, FIELDS)).toThrow("查询参数格式错误: account");
    expect(() => parseQuery({ account_equal: "\ud800" }, FIELDS)).toThrow("查询参数格式错误: account");
    expect(() => parseQuery({ ["x".repeat(5000)]: "1" }, FIELDS)).toThrow(/^不支持的查询字段: x{64}…$/);
  });

  it("dates of the years 1 to 99 are those years, and there is no year 0", async () => {
    expect(await run({ createTime_dategt: "0050-01-01" })).toHaveLength(4);
    expect(await run({ createTime_datelt: "0099-12-31 23:59:59" })).toEqual([]);
    expect(() => parseQuery({ createTime_dategt: "0000-01-01" }, FIELDS)).toThrow(/日期格式错误/);
    expect(() => parseQuery({ createTime_dategt: "0005-02-29" }, FIELDS)).toThrow(/日期格式错误/);
    expect(() => parseQuery({ createTime_dategt: "0004-02-29" }, FIELDS)).not.toThrow();
  });

  it("pages: defaults 1 and 10, size clamped to 200, bad numbers refused", () => {
    expect(parseQuery({}, FIELDS)).toMatchObject({ current: 1, size: 10 });
    expect(parseQuery({ current: "3", size: "30" }, FIELDS)).toMatchObject({ current: 3, size: 30 });
    expect(parseQuery({ size: "500" }, FIELDS).size).toBe(200);
    expect(() => parseQuery({ size: "0" }, FIELDS)).toThrow("请求参数格式错误: size");
    expect(() => parseQuery({ current: "-1" }, FIELDS)).toThrow("请求参数格式错误: current");
    expect(() => parseQuery({ current: "x" }, FIELDS)).toThrow("请求参数格式错误: current");
    expect(toPage(["a"], 21, 1, 10)).toEqual({ records: ["a"], total: 21, size: 10, current: 1, pages: 3 });
  });
});
