/**
 * The read-only log mode as an auditor meets it on the sign-in log: list and page alike, one row by
 * its id (another tenant's as absent as a missing one), and no way to write.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshApp, type TestApp } from "../test/fresh-app";

let t: TestApp;
let admin: string;
let boss: string;

beforeAll(async () => {
  t = await freshApp({ oauth: false });
  admin = (await t.loginAdmin()).access_token;
  await t.createTenant("500001", "日志租户");
  await t.createUser({ account: "boss", password: "Passw0rd!x", tenantId: "500001", roleAliases: ["admin"] });
  boss = (await t.login("boss", "Passw0rd!x", { tenantId: "500001" })).access_token;
});
afterAll(() => t.close());

const get = async <T>(path: string, token: string, query: Record<string, string> = {}) => {
  const res = await t.request(`/api/blade-log/${path}`, { token, query });
  return { status: res.status, ...((await res.json()) as { msg: string; data: T }) };
};

describe("log mode", () => {
  it("answers list as the page, and one row by its id", async () => {
    const page = await get<{ records: { id: string; account: string }[]; total: number }>("loginLog/page", boss, { account: "boss" });
    const list = await get<typeof page.data>("loginLog/list", boss, { account: "boss" });
    expect(list.data).toEqual(page.data);
    const [row] = page.data.records;
    const detail = await get<{ id: string; account: string; createTime: string }>("loginLog/detail", boss, { id: row.id });
    expect(detail.data).toMatchObject({ id: row.id, account: "boss" });
    expect(detail.data.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("answers another tenant's row like a missing one, and a malformed id with 400", async () => {
    const theirs = await get<{ records: { id: string }[] }>("loginLog/page", admin, { tenantId: "000000" });
    const other = await get("loginLog/detail", boss, { id: theirs.data.records[0].id });
    expect(other).toMatchObject({ status: 400, msg: "系统登录日志记录不存在" });
    expect((await get("loginLog/detail", boss, { id: "abc" })).status).toBe(400);
    expect((await get("loginLog/detail", admin, { id: theirs.data.records[0].id })).status).toBe(200);
  });

  it("has no write: submit and remove are not routes of a log", async () => {
    for (const path of ["loginLog/submit", "loginLog/remove", "appVisitLog/remove"]) {
      const res = await t.request(`/api/blade-log/${path}`, { method: "POST", token: admin, json: {} });
      expect(res.status, path).toBe(404);
    }
  });
});
