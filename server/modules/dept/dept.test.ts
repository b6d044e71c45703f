import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TreeNode } from "../../../domain/contract";
import { freshApp, type TestApp } from "../../test/fresh-app";

let t: TestApp;
let admin: string;
let other: string;
let otherRoot: string;
beforeAll(async () => {
  t = await freshApp();
  admin = (await t.loginAdmin()).access_token;
  otherRoot = (await t.createTenant("300001", "外部租户")).rootDeptId;
  await t.createUser({ account: "outsider", password: "Passw0rd!x", tenantId: "300001", roleAliases: ["admin"] });
  other = (await t.login("outsider", "Passw0rd!x", { tenantId: "300001" })).access_token;
});
afterAll(() => t.close());

const get = async (path: string, token?: string, query?: Record<string, string>) =>
  t.request(`/api/blade-system/${path}`, { token, query });

describe("GET /blade-system/dept/tree", () => {
  it("answers the caller's tenant's department forest as TreeNodes", async () => {
    const res = await get("dept/tree", admin);
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toHaveLength(1);
    const [root] = data as TreeNode[];
    expect(root).toMatchObject({ parentId: "0", title: "刀锋科技", key: root.id, value: root.id, hasChildren: true });
    expect(root.children!.map((c) => c.title)).toEqual(["常州刀锋", "苏州刀锋"]);
    expect(root.children![0]).toMatchObject({ parentId: root.id, hasChildren: false });
    expect(root.children![0]).not.toHaveProperty("children");
  });

  it("keeps other tenants to their own tree, even when they name another tenant", async () => {
    const { data } = await (await get("dept/tree", other, { tenantId: "000000" })).json();
    expect(data.map((n: TreeNode) => n.title)).toEqual(["外部租户"]);
  });

  it("lets the administrator name a tenant", async () => {
    const { data } = await (await get("dept/tree", admin, { tenantId: "300001" })).json();
    expect(data.map((n: TreeNode) => n.id)).toEqual([otherRoot]);
  });

  it("answers 401 without a token", async () => {
    expect((await get("dept/tree")).status).toBe(401);
  });
});

describe("GET /blade-system/dept/lazy-tree", () => {
  it("answers one level with hasChildren computed", async () => {
    const top = (await (await get("dept/lazy-tree", admin, { parentId: "0" })).json()).data as TreeNode[];
    expect(top).toHaveLength(1);
    expect(top[0]).toMatchObject({ title: "刀锋科技", hasChildren: true });
    expect(top[0]).not.toHaveProperty("children");
    const below = (await (await get("dept/lazy-tree", admin, { parentId: top[0].id })).json()).data as TreeNode[];
    expect(below.map((n) => [n.title, n.hasChildren])).toEqual([["常州刀锋", false], ["苏州刀锋", false]]);
  });

  it("defaults to the top level and refuses a malformed parentId with 400", async () => {
    expect((await (await get("dept/lazy-tree", admin)).json()).data).toHaveLength(1);
    const bad = await get("dept/lazy-tree", admin, { parentId: "abc" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).msg).toBe("请求参数格式错误: parentId");
  });

  it("does not reveal another tenant's children", async () => {
    const { data } = await (await get("dept/lazy-tree", other, { parentId: "0" })).json();
    expect(data.map((n: TreeNode) => n.title)).toEqual(["外部租户"]);
  });
});
