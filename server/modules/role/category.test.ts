import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TreeNode } from "../../../domain/contract";
import type { RoleVO } from "../../../domain/resources/system/role/contract";
import { twoTenants, type TenantTokens } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";

let t: TestApp;
let tokens: TenantTokens;
beforeAll(async () => {
  t = await freshApp({ oauth: false });
  tokens = await twoTenants(t);
});
afterAll(() => t.close());

type Body = { code: number; msg: string; data: unknown };
const call = async (path: string, token: string, o: { query?: Record<string, string>; json?: unknown; post?: boolean } = {}) => {
  const res = await t.request(`/api/blade-system/${path}`, { token, json: o.json, query: o.query, method: o.post || o.json ? "POST" : "GET" });
  return { status: res.status, body: (await res.json()) as Body };
};
const category = async (token: string, json: Record<string, unknown>) => {
  const r = await call("roleCategory/submit", token, { json });
  expect(r.body.msg, JSON.stringify(r.body)).toBe("操作成功");
  return (r.body.data as { id: string }).id;
};
const removeCategory = (token: string, ids: string) => call("roleCategory/remove", token, { post: true, query: { ids } });

describe("/blade-system/roleCategory", () => {
  it("answers a tenant's categories as a tree in sort order, and only its own", async () => {
    const top = await category(tokens.admin100001, { categoryName: "职能", sort: 2 });
    await category(tokens.admin100001, { categoryName: "业务", sort: 1 });
    await category(tokens.admin100001, { categoryName: "财务", sort: 1, parentId: top });
    await category(tokens.admin100002, { categoryName: "外部", sort: 1 });
    const tree = (await call("roleCategory/tree", tokens.admin100001)).body.data as TreeNode[];
    expect(tree.map((n) => [n.title, n.hasChildren])).toEqual([["业务", false], ["职能", true]]);
    expect(tree[1].children?.map((n) => n.title)).toEqual(["财务"]);
    // Another tenant's category cannot be a parent, and a category cannot move below itself.
    const foreign = ((await call("roleCategory/tree", tokens.admin100002)).body.data as TreeNode[])[0].id;
    const r = await call("roleCategory/submit", tokens.admin100001, { json: { categoryName: "x", sort: 1, parentId: foreign } });
    expect(r.body).toMatchObject({ code: 400, data: [{ field: "parentId", message: "上级分类不存在" }] });
    const loop = await call("roleCategory/submit", tokens.admin100001, { json: { id: top, parentId: tree[1].children![0].id } });
    expect(loop.body.msg).toBe("上级分类不能是自己或自己的下级");
    // The platform administrator reads a tenant's tree when it names the tenant.
    const theirs = (await call("roleCategory/tree", tokens.admin, { query: { tenantId: "100002" } })).body.data as TreeNode[];
    expect(theirs.map((n) => n.title)).toEqual(["外部"]);
  });

  it("refuses to remove a category with sub-categories or roles, naming them", async () => {
    const parent = await category(tokens.admin100001, { categoryName: "运营", sort: 5 });
    const child = await category(tokens.admin100001, { categoryName: "客服", sort: 1, parentId: parent });
    expect((await removeCategory(tokens.admin100001, parent)).body.msg).toBe("分类「运营」下还有子分类「客服」，请先删除子分类");
    const role = await call("role/submit", tokens.admin100001, { json: { roleName: "客服专员", roleAlias: "cs", sort: 1, categoryId: child } });
    expect((await removeCategory(tokens.admin100001, child)).body.msg).toBe("分类「客服」下仍有1个角色，请先移出这些角色");
    await call("role/submit", tokens.admin100001, { json: { id: (role.body.data as RoleVO).id, categoryId: "0" } });
    expect((await removeCategory(tokens.admin100001, `${parent},${child}`)).body.msg).toBe("操作成功");
    expect(((await call("roleCategory/tree", tokens.admin100001)).body.data as TreeNode[]).map((n) => n.title)).not.toContain("运营");
  });

  it("needs the role page's codes: 403 for a plain user", async () => {
    expect((await call("roleCategory/tree", tokens.plain100001)).status).toBe(403);
    expect((await call("roleCategory/submit", tokens.plain100001, { json: { categoryName: "x", sort: 1 } })).status).toBe(403);
  });
});
