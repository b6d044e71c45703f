/** app/visit: only an enabled application of the caller's tenant that the caller may use is visited, and its name is recorded. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { appVisitLog, user } from "../../db/schema";
import { twoTenants, type TenantTokens } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";

let api: TestApp;
let tokens: TenantTokens;

let plainId: string;
const insertApp = async (token: string, appCode: string) => {
  const res = await api.request("/api/authentication/app/insert", { token, json: { appName: `应用 ${appCode}`, appCode, appUrl: "https://a.example.com" } });
  const id = ((await res.json()) as { data: { id: string } }).data.id;
  // plain100001 holds an application role of each of its tenant's applications: it may use them.
  const made = await api.request("/api/authentication/bladeApplicationRole/insert", { token, json: { appId: id, roleName: "使用者", roleCode: `u${appCode}` } });
  const roleId = ((await made.json()) as { data: { id: string } }).data.id;
  if (token === tokens.admin100001) await api.request("/api/authentication/bladeApplicationRole/addUser", { token, json: { roleId, userIds: [plainId] } });
  return id;
};
const visit = async (id: string, token = tokens.plain100001) => {
  const res = await api.request("/api/authentication/app/visit", { token, query: { id } });
  return { status: res.status, body: (await res.json()) as { msg: string } };
};

beforeAll(async () => {
  api = await freshApp({ oauth: false });
  tokens = await twoTenants(api);
  plainId = (await api.db.select().from(user).where(eq(user.account, "plain100001")))[0].id;
});
afterAll(() => api.close());

describe("GET /authentication/app/visit", () => {
  it("records a visit of an enabled application of the caller's tenant with the application's name", async () => {
    const id = await insertApp(tokens.admin100001, "mine");
    expect((await visit(id)).status).toBe(200);
    const rows = await api.db.select().from(appVisitLog);
    expect(rows).toEqual([expect.objectContaining({ appId: id, appName: "应用 mine", tenantId: "100001", account: "plain100001" })]);
  });

  it("refuses an unknown, another tenant's or a disabled application with a clear message, recording nothing", async () => {
    const before = (await api.db.select().from(appVisitLog)).length;
    expect((await visit("1234567890123")).body.msg).toBe("应用不存在");
    const theirs = await insertApp(tokens.admin100002, "theirs");
    expect(await visit(theirs)).toEqual({ status: 400, body: expect.objectContaining({ msg: "应用不存在" }) });
    const off = await insertApp(tokens.admin100001, "off");
    await api.request("/api/authentication/app/isEnable", { token: tokens.admin100001, method: "POST", query: { id: off, status: "0" } });
    expect(await visit(off)).toEqual({ status: 400, body: expect.objectContaining({ msg: "应用已停用,无法访问" }) });
    expect((await visit("abc")).body.msg).toBe("应用ID格式不正确");
    expect((await api.db.select().from(appVisitLog)).length).toBe(before);
  });
});
