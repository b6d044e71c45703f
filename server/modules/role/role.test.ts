import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TreeNode } from "../../../domain/contract";
import { freshApp, type TestApp } from "../../test/fresh-app";

let t: TestApp;
let admin: string;
let other: string;
beforeAll(async () => {
  t = await freshApp();
  admin = (await t.loginAdmin()).access_token;
  await t.createTenant("300001", "外部租户");
  await t.createUser({ account: "outsider", password: "Passw0rd!x", tenantId: "300001", roleAliases: ["admin"] });
  other = (await t.login("outsider", "Passw0rd!x", { tenantId: "300001" })).access_token;
});
afterAll(() => t.close());

const get = async (path: string, token?: string, query?: Record<string, string>) =>
  t.request(`/api/blade-system/${path}`, { token, query });

describe("GET /blade-system/role/tree", () => {
  it("answers the administrator every role of its tenant", async () => {
    const { data } = await (await get("role/tree", admin)).json();
    expect(data.map((n: TreeNode) => n.title)).toEqual(["超级管理员", "普通用户"]);
  });

  it("hides the administrator role from everyone else", async () => {
    await t.createUser({ account: "plain", password: "Passw0rd!x" });
    const token = (await t.login("plain", "Passw0rd!x")).access_token;
    const { data } = await (await get("role/tree", token)).json();
    expect(data.map((n: TreeNode) => n.title)).toEqual(["普通用户"]);
  });

  it("keeps other tenants to their own roles", async () => {
    const { data } = await (await get("role/tree", other, { tenantId: "000000" })).json();
    expect(data.map((n: TreeNode) => n.title)).toEqual(["管理员", "普通用户"]);
  });
});
