import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoleDetail, RoleVO } from "../../../domain/resources/system/role/contract";
import type { TreeNode } from "../../../domain/contract";
import { nextId } from "../../db/ids";
import { menu, roleMenu, user } from "../../db/schema";
import { twoTenants, type TenantTokens } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";

let t: TestApp;
let tokens: TenantTokens;
beforeAll(async () => {
  t = await freshApp({ oauth: false });
  tokens = await twoTenants(t);
  await t.createUser({ account: "mgr000", password: "Passw0rd!x", roleAliases: ["user"] });
});
afterAll(() => t.close());

type Body = { code: number; msg: string; data: unknown };
const call = async (path: string, token: string, o: { query?: Record<string, string>; json?: unknown; post?: boolean } = {}) => {
  const res = await t.request(`/api/blade-system/${path}`, { token, json: o.json, query: o.query, method: o.post || o.json ? "POST" : "GET" });
  return { status: res.status, body: (await res.json()) as Body };
};
const submit = async (token: string, json: Record<string, unknown>) => {
  const r = await call("role/submit", token, { json });
  expect(r.body.msg, JSON.stringify(r.body)).toBe("操作成功");
  return r.body.data as RoleVO;
};
const remove = (token: string, ids: string) => call("role/remove", token, { post: true, query: { ids } });
const titles = (nodes: TreeNode[]): string[] => nodes.flatMap((n) => [n.title, ...titles(n.children ?? [])]);

describe("role submit", () => {
  it("creates a role under a parent and in a category, and answers both names", async () => {
    const parent = await submit(tokens.admin100001, { roleName: "部门经理", roleAlias: "manager", sort: 1 });
    const category = (await call("roleCategory/submit", tokens.admin100001, { json: { categoryName: "业务", sort: 1 } })).body.data as { id: string };
    const child = await submit(tokens.admin100001, { roleName: "组长", roleAlias: "leader", parentId: parent.id, categoryId: category.id, sort: 2 });
    expect(child).toMatchObject({ tenantId: "100001", parentId: parent.id, parentName: "部门经理", categoryId: category.id, categoryName: "业务" });

    const list = (await call("role/list", tokens.admin100001)).body.data as RoleVO[];
    const node = list.find((r) => r.id === parent.id)!;
    expect(node).toMatchObject({ parentName: "顶级", hasChildren: true });
    expect(node.children?.map((c) => c.roleName)).toEqual(["组长"]);
    // The category filter keeps the roles of that category (and of categories below it).
    const inCategory = (await call("role/list", tokens.admin100001, { query: { categoryId: category.id } })).body.data as RoleVO[];
    expect(inCategory.map((r) => r.roleName)).toEqual(["组长"]);

    // Moving it out of its category and to the top.
    const moved = await submit(tokens.admin100001, { id: child.id, parentId: "0", categoryId: "0" });
    expect(moved).toMatchObject({ parentId: "0", categoryId: "0", categoryName: "", roleName: "组长" });
  });

  it("refuses a parent that is the role itself, one below it, or another tenant's, beside the field", async () => {
    const a = await submit(tokens.admin100001, { roleName: "甲", roleAlias: "a1", sort: 1 });
    const b = await submit(tokens.admin100001, { roleName: "乙", roleAlias: "b1", parentId: a.id, sort: 1 });
    const other = await submit(tokens.admin100002, { roleName: "外", roleAlias: "x1", sort: 1 });
    for (const [parentId, msg] of [[a.id, "上级角色不能是自己或自己的下级"], [b.id, "上级角色不能是自己或自己的下级"], [other.id, "上级角色不存在"]]) {
      const r = await call("role/submit", tokens.admin100001, { json: { id: a.id, parentId } });
      expect(r.body).toMatchObject({ code: 400, msg, data: [{ field: "parentId", message: msg }] });
    }
    const r = await call("role/submit", tokens.admin100001, { json: { roleName: "丙", roleAlias: "c1", sort: 1, categoryId: "1234567890123" } });
    expect(r.body).toMatchObject({ code: 400, data: [{ field: "categoryId", message: "角色分类不存在" }] });
  });

  it("keeps aliases unique in a tenant, not across tenants", async () => {
    await submit(tokens.admin100001, { roleName: "审计", roleAlias: "audit", sort: 1 });
    const again = await call("role/submit", tokens.admin100001, { json: { roleName: "审计2", roleAlias: "audit", sort: 1 } });
    expect(again.body).toMatchObject({ code: 400, msg: "角色别名已存在", data: [{ field: "roleAlias", message: "角色别名已存在" }] });
    await submit(tokens.admin100002, { roleName: "审计", roleAlias: "audit", sort: 1 });
  });

  it("lets only the platform administrator create a role aliased administrator, and never rename the administrator role", async () => {
    const r = await call("role/submit", tokens.admin100001, { json: { roleName: "超管", roleAlias: "administrator", sort: 1 } });
    expect(r.body).toMatchObject({ code: 400, msg: "无权限创建超管角色！" });
    const tree = (await call("role/tree", tokens.admin)).body.data as TreeNode[];
    const administrator = tree.find((n) => n.title === "超级管理员")!;
    const rename = await call("role/submit", tokens.admin, { json: { id: administrator.id, roleAlias: "root" } });
    expect(rename.body).toMatchObject({ code: 400, msg: "超级管理员角色的别名不能修改" });
    // Its name may change; then it is put back.
    await submit(tokens.admin, { id: administrator.id, roleName: "平台超管" });
    await submit(tokens.admin, { id: administrator.id, roleName: "超级管理员" });
  });

  it("hides the administrator role from a tenant-000000 manager: not listed, not readable, not writable", async () => {
    const admin = tokens.admin;
    const tree = (await call("role/tree", admin)).body.data as TreeNode[];
    const administrator = tree.find((n) => n.title === "超级管理员")!;
    // A role holding the role page's codes, given to a user of tenant 000000.
    const mgrRole = await submit(admin, { roleName: "角色管理员", roleAlias: "role_mgr", sort: 9 });
    const { db } = t;
    const menus = await db.select({ id: menu.id }).from(menu).where(inArray(menu.code, ["system", "role", "role_add", "role_edit", "role_delete"]));
    await db.insert(roleMenu).values(menus.map((m) => ({ id: nextId(), roleId: mgrRole.id, menuId: m.id })));
    await db.update(user).set({ roleId: mgrRole.id }).where(eq(user.account, "mgr000"));
    const manager = (await t.login("mgr000", "Passw0rd!x")).access_token;

    const list = (await call("role/list", manager)).body.data as RoleVO[];
    expect(list.map((r) => r.roleName)).not.toContain("超级管理员");
    expect(titles((await call("role/tree", manager)).body.data as TreeNode[])).not.toContain("超级管理员");
    for (const r of [
      await call("role/detail", manager, { query: { id: administrator.id } }),
      await call("role/submit", manager, { json: { id: administrator.id, roleName: "x" } }),
      await remove(manager, administrator.id),
      await call("role/submit", manager, { json: { roleName: "子", roleAlias: "sub", sort: 1, parentId: administrator.id } }),
    ]) {
      expect(r.status).toBe(400);
      expect(r.body.msg).toMatch(/角色不存在|上级角色不存在/);
    }
  });
});

describe("role remove", () => {
  it("refuses the administrator role, naming it", async () => {
    const tree = (await call("role/tree", tokens.admin)).body.data as TreeNode[];
    const r = await remove(tokens.admin, tree.find((n) => n.title === "超级管理员")!.id);
    expect(r.body).toMatchObject({ code: 400, msg: "「超级管理员」是超级管理员角色，不能删除" });
  });

  it("refuses a role users hold, and one with sub-roles; removes it once neither is left", async () => {
    const parent = await submit(tokens.admin100001, { roleName: "销售", roleAlias: "sales", sort: 1 });
    const child = await submit(tokens.admin100001, { roleName: "销售助理", roleAlias: "sales_assistant", parentId: parent.id, sort: 1 });
    await t.createUser({ account: "seller", password: "Passw0rd!x", tenantId: "100001", roleAliases: ["sales_assistant"] });
    expect((await remove(tokens.admin100001, parent.id)).body.msg).toBe("角色「销售」下还有子角色「销售助理」，请先删除子角色");
    expect((await remove(tokens.admin100001, child.id)).body.msg).toBe("角色「销售助理」下仍有1个用户，请先将用户移出该角色");
    // Nothing of a refused batch is removed.
    expect((await remove(tokens.admin100001, `${parent.id},${child.id}`)).status).toBe(400);
    expect((await call("role/detail", tokens.admin100001, { query: { id: parent.id } })).status).toBe(200);

    await t.db.update(user).set({ isDeleted: 1 }).where(eq(user.account, "seller"));
    // A parent and its child go together.
    expect((await remove(tokens.admin100001, `${parent.id},${child.id}`)).body.msg).toBe("操作成功");
    expect((await call("role/detail", tokens.admin100001, { query: { id: child.id } })).body.msg).toBe("角色不存在");
  });

  it("refuses a tenant's last administrator role", async () => {
    await t.createTenant("100003");
    const tree = (await call("role/tree", tokens.admin, { query: { tenantId: "100003" } })).body.data as TreeNode[];
    const adminRole = tree.find((n) => n.title === "管理员")!;
    const r = await remove(tokens.admin, adminRole.id);
    expect(r.body).toMatchObject({ code: 400, msg: "不能删除租户的最后一个管理员角色" });
  });
});

describe("role reads", () => {
  it("tree-by-id answers the forest of the named role's tenant; roleTree the caller's", async () => {
    const other = await submit(tokens.admin100002, { roleName: "乙方", roleAlias: "party_b", sort: 5 });
    const byId = (await call("role/tree-by-id", tokens.admin, { query: { roleId: other.id } })).body.data as TreeNode[];
    expect(titles(byId)).toContain("乙方");
    expect(titles(byId)).not.toContain("超级管理员");
    // Another tenant's role is answered like a missing one.
    expect((await call("role/tree-by-id", tokens.admin100001, { query: { roleId: other.id } })).body.msg).toBe("角色不存在");
    expect(titles((await call("role/roleTree", tokens.admin100002)).body.data as TreeNode[])).toContain("乙方");
    expect((await call("role/tree-by-id", tokens.admin, { query: { roleId: "x" } })).status).toBe(400);
  });

  it("page answers RoleVO records; roleDetail adds the grants and the number of users", async () => {
    const page = (await call("role/page", tokens.admin100002, { query: { roleName: "管理", size: "5" } })).body.data as { records: RoleVO[]; total: number };
    expect(page.records.map((r) => r.roleAlias)).toEqual(["admin"]);
    const detail = (await call("role/roleDetail", tokens.admin100002, { query: { id: page.records[0].id } })).body.data as RoleDetail;
    expect(detail).toMatchObject({ roleAlias: "admin", userCount: 1, dataScopeIds: [], apiScopeIds: [] });
    expect(detail.menuIds.length).toBeGreaterThan(20);
    // The platform administrator lists another tenant's roles when it names the tenant.
    const theirs = (await call("role/list", tokens.admin, { query: { tenantId: "100002" } })).body.data as RoleVO[];
    expect(theirs.map((r) => r.tenantId)).toEqual(theirs.map(() => "100002"));
    expect(theirs.length).toBeGreaterThan(1);
  });
});
