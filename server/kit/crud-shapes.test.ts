/**
 * The kit's list shapes and write hooks as the console meets them, through modules that declare
 * them instead of overriding the common routes: the forest (dict), the lazy list (dept, with its
 * top level and search), `narrow` (application categories), `prepare`/`beforeWrite` (role
 * categories), `afterRemove` (tenants), `scopeColumns` (roles), separate create and update routes
 * with values of the module's own (users), and their OpenAPI documents.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { menu, role } from "../db/schema";
import { freshApp, type TestApp } from "../test/fresh-app";

let t: TestApp;
let admin: string;
let root: string;

beforeAll(async () => {
  t = await freshApp({ oauth: false });
  admin = (await t.loginAdmin()).access_token;
  ({ rootDeptId: root } = await t.createTenant("400001", "形状租户"));
});
afterAll(() => t.close());

interface Node {
  id: string;
  parentId: string;
  hasChildren?: boolean;
  children?: Node[];
  [key: string]: unknown;
}

const call = async <T>(path: string, query: Record<string, string> = {}, json?: unknown, token = admin) => {
  const res = await t.request(`/api${path}`, { token, query, json });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  return { status: res.status, ...body };
};

const addDept = async (deptName: string, parentId: string) =>
  (await call<{ id: string }>("/blade-system/dept/submit", {}, { tenantId: "400001", deptName, parentId, deptCategory: 2, sort: 1 })).data.id;

describe("list shapes", () => {
  it("forest: /list answers the filtered rows nested under their parents, a match without its parent at the top", async () => {
    const parent = await call<{ id: string }>("/blade-system/dict/submit", {}, { code: "shape_test", dictValue: "形状", sort: 1, isSealed: 0 });
    expect(parent).toMatchObject({ status: 200 });
    const child = await call<{ id: string }>("/blade-system/dict/submit", {}, { parentId: parent.data.id, code: "shape_test", dictKey: "1", dictValue: "圆形", sort: 1, isSealed: 0 });
    expect(child.status).toBe(200);
    const all = await call<Node[]>("/blade-system/dict/list", { code: "shape_test" });
    expect(all.data).toMatchObject([{ id: parent.data.id, children: [{ id: child.data.id, dictValue: "圆形" }] }]);
    const matches = await call<Node[]>("/blade-system/dict/list", { dictValue: "圆形" });
    expect(matches.data.map((n) => n.id)).toContain(child.data.id);
    expect(matches.data.find((n) => n.id === child.data.id)!.children).toBeUndefined();
  });

  it("lazy: one level with hasChildren, the top level without parentId, every level when searching", async () => {
    const sales = await addDept("销售部", root);
    const east = await addDept("华东销售组", sales);
    const top = await call<Node[]>("/blade-system/dept/lazy-list", { tenantId: "400001" });
    expect(top.data).toMatchObject([{ id: root, hasChildren: true }]);
    const below = await call<Node[]>("/blade-system/dept/lazy-list", { parentId: root, tenantId: "400001" });
    expect(below.data).toMatchObject([{ id: sales, deptName: "销售部", hasChildren: true }]);
    const leaf = await call<Node[]>("/blade-system/dept/lazy-list", { parentId: sales, tenantId: "400001" });
    expect(leaf.data).toMatchObject([{ id: east, hasChildren: false }]);
    // A search without parentId finds the match two levels down.
    const search = await call<Node[]>("/blade-system/dept/lazy-list", { deptName: "华东", tenantId: "400001" });
    expect(search.data.map((n) => n.id)).toEqual([east]);
    // The forest of /list holds the same tree.
    const forest = await call<Node[]>("/blade-system/dept/list", { tenantId: "400001" });
    expect(forest.data).toMatchObject([{ id: root, children: [{ id: sales, children: [{ id: east }] }] }]);
    const bad = await call("/blade-system/dept/lazy-list", { parentId: "abc" });
    expect(bad).toMatchObject({ status: 400, msg: "请求参数格式错误: parentId" });
  });

  it("narrow: a list key that can match nothing answers an empty page, not every row", async () => {
    const page = await call<{ records: unknown[]; total: number }>("/authentication/app/page", { categoryId: "1234567890123" });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ records: [], total: 0 });
    expect((await call("/authentication/app/page", { categoryId: "x" })).status).toBe(400);
  });
});

describe("write hooks", () => {
  it("prepare and beforeWrite: a blank parent is the top, a parent below the row itself is refused", async () => {
    const made = await call<{ id: string; parentId: string }>("/blade-system/roleCategory/submit", {}, { categoryName: "顶层分类", parentId: "", sort: 1 });
    expect(made.data.parentId).toBe("0");
    const child = await call<{ id: string; parentId: string }>("/blade-system/roleCategory/submit", {}, { categoryName: "子分类", parentId: made.data.id, sort: 1 });
    expect(child.data.parentId).toBe(made.data.id);
    const loop = await call("/blade-system/roleCategory/submit", {}, { id: made.data.id, parentId: child.data.id });
    expect(loop).toMatchObject({ status: 400, msg: "上级分类不能是自己或自己的下级" });
  });

  it("afterRemove: removing a tenant signs its users out in the same step", async () => {
    await t.createTenant("400002", "将删除租户");
    await t.createUser({ account: "leaving", password: "Passw0rd!x", tenantId: "400002", roleAliases: ["admin"] });
    const leaving = (await t.login("leaving", "Passw0rd!x", { tenantId: "400002" })).access_token;
    expect((await t.request("/api/blade-auth/oauth/user-info", { token: leaving })).status).toBe(200);
    const page = await call<{ records: { id: string; tenantId: string }[] }>("/blade-system/tenant/page", { tenantId: "400002" });
    const row = page.data.records.find((r) => r.tenantId === "400002")!;
    const removed = await t.request("/api/blade-system/tenant/remove", { method: "POST", token: admin, query: { ids: row.id } });
    expect((await removed.json()).success).toBe(true);
    expect((await t.request("/api/blade-auth/oauth/user-info", { token: leaving })).status).toBe(401);
  });
});

describe("separate create and update", () => {
  it("update: /submit only creates, /update only updates, each documented; no /list where the module has none", async () => {
    const [{ id: roleId }] = await t.db.select({ id: role.id }).from(role).where(and(eq(role.tenantId, "400001"), eq(role.roleAlias, "user")));
    const body = { tenantId: "400001", account: "split1", realName: "分开", password: "Passw0rd!x", password2: "Passw0rd!x", roleId, deptId: root };
    const made = await call<{ id: string; account: string }>("/blade-user/submit", {}, body);
    expect(made).toMatchObject({ status: 200, data: { account: "split1" } });
    const again = await call("/blade-user/submit", {}, { ...body, id: made.data.id });
    expect(again).toMatchObject({ status: 400, msg: "新增用户不能指定ID,修改请调用 /blade-user/update" });
    const changed = await call<{ realName: string }>("/blade-user/update", {}, { id: made.data.id, realName: "改名" });
    expect(changed).toMatchObject({ status: 200, data: { realName: "改名" } });
    expect(await call("/blade-user/update", {}, { realName: "无主" })).toMatchObject({ status: 400, msg: "用户ID不能为空" });
    expect(await call("/blade-user/remove", { ids: "" }, {})).toMatchObject({ status: 400, msg: "请选择要删除的用户" });
    expect((await t.request("/api/blade-user/list", { token: admin })).status).toBe(404);

    const doc = (await (await t.request("/api/openapi.json", { token: admin })).json()) as { paths: Record<string, Record<string, { summary?: string }>> };
    expect(doc.paths["/api/blade-user/submit"].post.summary).toBe("新增用户管理");
    expect(doc.paths["/api/blade-user/update"].post.summary).toBe("修改用户管理");
  });
});

describe("data scope columns", () => {
  it("scopeColumns: a data scope of the role page may name the role's own columns, no others", async () => {
    const [{ id: roleMenu }] = await t.db.select({ id: menu.id }).from(menu).where(eq(menu.code, "role"));
    const columns = await call<string[]>("/blade-system/data-scope/columns", { menuId: roleMenu });
    expect(columns.data).toEqual(["category_id", "create_dept", "create_user", "id", "parent_id", "role_alias", "status"]);
  });
});

describe("documents", () => {
  it("documents the forest and the lazy list with the keys they read", async () => {
    const doc = (await (await t.request("/api/openapi.json", { token: admin })).json()) as {
      paths: Record<string, Record<string, { summary?: string; parameters?: { name: string }[] }>>;
    };
    const lazy = doc.paths["/api/blade-system/dept/lazy-list"].get;
    expect(lazy.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(["parentId", "tenantId", "deptName"]));
    expect(doc.paths["/api/blade-system/dept/list"].get.summary).toContain("树");
  });
});
