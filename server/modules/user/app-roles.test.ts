/** /blade-user/addUserAppRole: a user's application roles replaced at once, within the user's tenant. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twoTenants, type TenantTokens } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";

let api: TestApp;
let tokens: TenantTokens;
let user: string;
let roles: Record<string, string>;

const made = async (path: string, token: string, json: Record<string, unknown>) => {
  const body = (await (await api.request(`/api/authentication${path}`, { token, json })).json()) as { msg: string; data: { id: string } };
  expect(body.msg, JSON.stringify(body)).toBe("操作成功");
  return body.data.id;
};
const assign = async (token: string, params: Record<string, unknown>, how: "query" | "json" = "json") => {
  const res = await api.request("/api/blade-user/addUserAppRole", how === "json" ? { token, json: params } : { token, method: "POST", query: params as Record<string, string> });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string } };
};
const held = async (userId = user) => {
  const res = await api.request("/api/authentication/bladeApplicationRole/getAppRole", { token: tokens.admin100001, query: { userId } });
  return ((await res.json()).data as { id: string }[]).map((r) => r.id).sort();
};

beforeAll(async () => {
  api = await freshApp({ oauth: false });
  tokens = await twoTenants(api);
  user = (await api.createUser({ account: "ann", password: "Passw0rd!x", tenantId: "100001", roleAliases: ["user"] })).id;
  const mine = await made("/app/insert", tokens.admin100001, { appName: "办公", appCode: "oa", appUrl: "https://oa.example.com" });
  const theirs = await made("/app/insert", tokens.admin100002, { appName: "办公", appCode: "oa", appUrl: "https://oa.example.com" });
  roles = {
    a: await made("/bladeApplicationRole/insert", tokens.admin100001, { appId: mine, roleName: "甲", roleCode: "a" }),
    b: await made("/bladeApplicationRole/insert", tokens.admin100001, { appId: mine, roleName: "乙", roleCode: "b" }),
    other: await made("/bladeApplicationRole/insert", tokens.admin100002, { appId: theirs, roleName: "丙", roleCode: "c" }),
  };
});
afterAll(() => api.close());

describe("addUserAppRole", () => {
  it("replaces the user's application roles with the ones given, and none clears them", async () => {
    expect((await assign(tokens.admin100001, { userId: user, roleIds: [roles.a, roles.b] })).status).toBe(200);
    expect(await held()).toEqual([roles.a, roles.b].sort());
    expect((await assign(tokens.admin100001, { userId: user, roleIds: roles.b }, "query")).status).toBe(200);
    expect(await held()).toEqual([roles.b]);
    expect((await assign(tokens.admin100001, { userId: user, roleIds: "" }, "query")).status).toBe(200);
    expect(await held()).toEqual([]);
  });

  it("refuses another tenant's role or user with a clear 400, and changes nothing", async () => {
    await assign(tokens.admin100001, { userId: user, roleIds: [roles.a] });
    const foreign = await assign(tokens.admin100001, { userId: user, roleIds: [roles.b, roles.other] });
    expect(foreign.body).toMatchObject({ code: 400, msg: "应用角色不存在" });
    expect(await held()).toEqual([roles.a]);
    const theirAdmin = await assign(tokens.admin100002, { userId: user, roleIds: [roles.other] });
    expect(theirAdmin.body).toMatchObject({ code: 400, msg: "用户不存在" });
    expect(await held()).toEqual([roles.a]);
  });

  it("needs the user page's 应用角色 button and well-formed ids", async () => {
    expect((await assign(tokens.plain100001, { userId: user, roleIds: [roles.a] })).status).toBe(403);
    expect((await api.request("/api/blade-user/addUserAppRole", { method: "POST", query: { userId: user } })).status).toBe(401);
    expect((await assign(tokens.admin100001, { userId: user, roleIds: "1 or 1=1" }, "query")).body).toMatchObject({ code: 400, msg: "请求参数格式错误: roleIds" });
    expect((await assign(tokens.admin100001, { roleIds: [roles.a] })).body).toMatchObject({ code: 400, msg: "用户ID不能为空" });
    expect((await api.request("/api/blade-user/getAppRole", { token: tokens.admin100001, query: { userId: user } })).status).toBe(404);
  });
});
