import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { SAMPLE_PROJECTS } from "../../../domain/resources/dataAssets/sample/data";
import { user } from "../../db/schema";
import { twoTenants, type TenantTokens } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";

let api: TestApp;
let tokens: TenantTokens;
beforeAll(async () => {
  api = await freshApp({ oauth: false });
  tokens = await twoTenants(api);
  // A second administrator of 100001 whose account is disabled: never offered as someone to ask.
  await api.createUser({ account: "retired100001", password: "Passw0rd!x", tenantId: "100001", roleAliases: ["admin"] });
  await api.db.update(user).set({ status: 0 }).where(eq(user.account, "retired100001"));
});
afterAll(() => api.close());

const get = async (path: string, token?: string, query?: Record<string, string>) => {
  const res = await api.request(`/api/blade-system/project/${path}`, { token, query });
  return { status: res.status, body: await res.json() };
};

describe("GET /blade-system/project/myProjects", () => {
  it("lists the enabled projects of the project pages, favourites first", async () => {
    const { status, body } = await get("myProjects", tokens.admin);
    expect(status).toBe(200);
    const names = (body.data as { projectName: string; isCollect: number }[]).map((p) => p.projectName);
    const enabled = SAMPLE_PROJECTS.filter((p) => p.status === 1);
    expect(names.sort()).toEqual(enabled.map((p) => p.projectName).sort());
    expect(names).not.toContain(SAMPLE_PROJECTS.find((p) => p.status === 0)!.projectName);
    const flags = (body.data as { isCollect: number }[]).map((p) => p.isCollect);
    expect(flags).toEqual([...flags].sort((a, b) => b - a));
  });

  it("answers 401 signed out and 403 to a user without the project pages", async () => {
    expect((await get("myProjects")).status).toBe(401);
    expect((await get("myProjects", tokens.plain100001)).status).toBe(403);
    expect((await get("getAdminUsers", tokens.plain100001)).status).toBe(403);
  });
});

describe("GET /blade-system/project/getAdminUsers", () => {
  it("names the enabled administrators of the caller's own tenant only", async () => {
    const accounts = async (token: string, query?: Record<string, string>) =>
      ((await get("getAdminUsers", token, query)).body.data as { account: string }[]).map((u) => u.account);
    expect(await accounts(tokens.admin100001)).toEqual(["admin100001"]);
    expect(await accounts(tokens.admin100002)).toEqual(["admin100002"]);
    // The platform administrator crosses tenants elsewhere, not here: its own tenant's administrators.
    expect(await accounts(tokens.admin)).toEqual(["admin"]);
    expect(await accounts(tokens.admin100001, { projectId: SAMPLE_PROJECTS[0].id })).toEqual(["admin100001"]);
  });

  it("shows who they are, nothing of their password, contact details or roles", async () => {
    const { body } = await get("getAdminUsers", tokens.admin100001);
    expect(Object.keys(body.data[0]).sort()).toEqual(["account", "avatar", "id", "name", "realName"]);
  });

  it("refuses an unknown or malformed project id with a message", async () => {
    expect(await get("getAdminUsers", tokens.admin, { projectId: "1234567890123456789" })).toMatchObject({
      status: 400,
      body: { code: 400, msg: "项目不存在" },
    });
    expect(await get("getAdminUsers", tokens.admin, { projectId: "x'; drop" })).toMatchObject({
      status: 400,
      body: { code: 400, msg: "请求参数格式错误: projectId" },
    });
  });
});
