import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, TreeNode, UserVO } from "../../../domain/contract";
import type { RoleVO } from "../../../domain/resources/system/role/contract";
import { menu } from "../../db/schema";
import { twoTenants, type TenantTokens } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";
import { lastAdministrator } from "../../security/admin-guard";

let t: TestApp;
let tokens: TenantTokens;
let menuIds: Record<string, string>;
let auditor: string;
const users: Record<string, string> = {};

type Body = { code: number; msg: string; data: unknown };
const call = async (path: string, token: string | undefined, o: { query?: Record<string, string>; json?: unknown; post?: boolean } = {}) => {
  const res = await t.request(`/api${path}`, { token, json: o.json, query: o.query, method: o.post || o.json ? "POST" : "GET" });
  return { status: res.status, body: (await res.json()) as Body };
};
const page = async (token: string, query: Record<string, string>) => {
  const r = await call("/blade-user/userRolePage", token, { query });
  expect(r.body.msg, JSON.stringify(r.body)).toBe("操作成功");
  return (r.body.data as Page<UserVO>).records.map((u) => u.account).sort();
};
const add = (token: string, roleId: string, userIds: string[]) => call("/blade-user/userAddRole", token, { post: true, query: { roleId, userIds: userIds.join(",") } });
const takeBack = (token: string, roleId: string, userIds: string[]) => call("/blade-system/role/removeUsers", token, { json: { roleId, userIds } });

beforeAll(async () => {
  t = await freshApp({ oauth: false });
  tokens = await twoTenants(t);
  const rows = await t.db.select({ id: menu.id, code: menu.code }).from(menu).where(inArray(menu.code, ["system", "role", "role_grant", "post", "user"]));
  menuIds = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  const r = await call("/blade-system/role/submit", tokens.admin100001, { json: { roleName: "审计员", roleAlias: "auditor", sort: 3 } });
  auditor = (r.body.data as RoleVO).id;
  for (const account of ["alice", "bob", "carol"]) {
    users[account] = (await t.createUser({ account, password: "Passw0rd!x", tenantId: "100001", roleAliases: ["user"] })).id;
  }
  users.outsider = (await t.createUser({ account: "outsider", password: "Passw0rd!x", tenantId: "100002", roleAliases: ["user"] })).id;
});
afterAll(() => t.close());

describe("users of a role", () => {
  it("adds users to a role, their other roles kept (userRolePage, the user module's, lists them)", async () => {
    expect(await page(tokens.admin100001, { roleId: auditor })).toEqual([]);
    expect((await add(tokens.admin100001, auditor, [users.alice, users.bob])).body.msg).toBe("操作成功");
    // Adding again changes nothing.
    expect((await add(tokens.admin100001, auditor, [users.alice])).body.msg).toBe("操作成功");
    expect(await page(tokens.admin100001, { roleId: auditor })).toEqual(["alice", "bob"]);
    const alice = (await call("/blade-user/detail", tokens.admin100001, { query: { id: users.alice } })).body.data as UserVO;
    expect(alice.roleName).toBe("普通用户,审计员");

    // A JSON body works as well as the query.
    const json = await call("/blade-user/userAddRole", tokens.admin100001, { json: { roleId: auditor, userIds: [users.carol] } });
    expect(json.body.msg).toBe("操作成功");
    expect(await page(tokens.admin100001, { roleId: auditor })).toEqual(["alice", "bob", "carol"]);
  });

  it("takes the role back, but never a user's only role", async () => {
    expect((await takeBack(tokens.admin100001, auditor, [users.carol])).body.msg).toBe("操作成功");
    expect(await page(tokens.admin100001, { roleId: auditor })).toEqual(["alice", "bob"]);
    const tree = (await call("/blade-system/role/tree", tokens.admin100001)).body.data as TreeNode[];
    const userRole = tree.find((n) => n.title === "普通用户")!.id;
    await takeBack(tokens.admin100001, userRole, [users.alice]);
    const r = await takeBack(tokens.admin100001, auditor, [users.alice]);
    expect(r.body).toMatchObject({ code: 400, msg: "用户「alice」只有这一个角色，不能移出" });
  });

  it("keeps one user in the platform's administrator role", async () => {
    const tree = (await call("/blade-system/role/tree", tokens.admin)).body.data as TreeNode[];
    const administrator = tree.find((n) => n.title === "超级管理员")!.id;
    const admins = (await call("/blade-user/userRolePage", tokens.admin, { query: { roleId: administrator } })).body.data as Page<UserVO>;
    expect(admins.records.map((u) => u.account)).toEqual(["admin"]);
    const { id: second } = await t.createUser({ account: "root2", password: "Passw0rd!x", roleAliases: ["user"] });
    expect((await add(tokens.admin, administrator, [second])).body.msg).toBe("操作成功");
    expect((await takeBack(tokens.admin, administrator, [second])).body.msg).toBe("操作成功");
    const last = await takeBack(tokens.admin, administrator, [admins.records[0].id]);
    expect(last.body.msg).toBe(lastAdministrator("role", "超级管理员", "000000"));
  });

  it("keeps a tenant an enabled administrator, as the user calls do: a disabled one does not count", async () => {
    const tree = (await call("/blade-system/role/tree", tokens.admin100002)).body.data as TreeNode[];
    const [adminRole, userRole] = ["管理员", "普通用户"].map((title) => tree.find((n) => n.title === title)!.id);
    const { id: boss } = await t.createUser({ account: "boss100002", password: "Passw0rd!x", tenantId: "100002", roleAliases: ["admin", "user"] });
    const { id: retired } = await t.createUser({ account: "retired", password: "Passw0rd!x", tenantId: "100002", roleAliases: ["admin", "user"], status: 0 });
    // admin100002 keeps only another role: boss is the last enabled administrator, retired aside.
    const [first] = ((await call("/blade-user/userRolePage", tokens.admin, { query: { roleId: adminRole, account: "admin100002" } })).body.data as Page<UserVO>).records;
    expect((await add(tokens.admin, userRole, [first.id])).body.msg).toBe("操作成功");
    expect((await takeBack(tokens.admin, adminRole, [first.id])).body.msg).toBe("操作成功");

    const refused = await takeBack(tokens.admin, adminRole, [boss]);
    expect(refused.body).toMatchObject({ code: 400, msg: lastAdministrator("role", "管理员", "100002") });
    // With every holder at once, the guard speaks before the only-role rule, and nothing changes.
    const all = await takeBack(tokens.admin, adminRole, [boss, retired]);
    expect(all.body.msg).toBe(lastAdministrator("role", "管理员", "100002"));
    expect(await page(tokens.admin, { roleId: adminRole })).toEqual(["boss100002", "retired"]);

    // A disabled holder may go; and once another enabled administrator is there, so may boss.
    expect((await takeBack(tokens.admin, adminRole, [retired])).body.msg).toBe("操作成功");
    const { id: deputy } = await t.createUser({ account: "deputy100002", password: "Passw0rd!x", tenantId: "100002", roleAliases: ["user"] });
    expect((await add(tokens.admin, adminRole, [deputy])).body.msg).toBe("操作成功");
    expect((await takeBack(tokens.admin, adminRole, [boss])).body.msg).toBe("操作成功");
    expect(await page(tokens.admin, { roleId: adminRole })).toEqual(["deputy100002"]);
  });

  it("takes back only from the role's own tenant, and keeps the administrator role out of tenant administrators' reach", async () => {
    const foreign = await takeBack(tokens.admin100001, auditor, [users.outsider]);
    expect(foreign.body.msg).toBe("用户不存在");
    expect((await takeBack(tokens.admin, auditor, [users.outsider])).body.msg).toBe("用户与角色不属于同一租户");
    const tree = (await call("/blade-system/role/tree", tokens.admin)).body.data as TreeNode[];
    const administrator = tree.find((n) => n.title === "超级管理员")!.id;
    expect((await takeBack(tokens.admin100001, administrator, [users.bob])).body.msg).toBe("角色不存在");
  });

  it("refuses to take back a role holding more than the caller holds", async () => {
    // A manager of tenant 100001 who may grant, holding only the role page and posts.
    const r = await call("/blade-system/role/submit", tokens.admin100001, { json: { roleName: "角色专员", roleAlias: "role_clerk", sort: 4 } });
    const clerkRole = (r.body.data as RoleVO).id;
    await call("/blade-system/role/grant", tokens.admin, {
      json: { roleIds: [clerkRole], menuIds: [menuIds.system, menuIds.role, menuIds.role_grant, menuIds.post], dataScopeIds: [], apiScopeIds: [] },
    });
    await t.createUser({ account: "rc", password: "Passw0rd!x", tenantId: "100001", roleAliases: ["role_clerk"] });
    const rc = (await t.login("rc", "Passw0rd!x", { tenantId: "100001" })).access_token;
    await call("/blade-system/role/grant", tokens.admin, {
      json: { roleIds: [auditor], menuIds: [menuIds.system, menuIds.user], dataScopeIds: [], apiScopeIds: [] },
    });
    const refused = await takeBack(rc, auditor, [users.bob]);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe("角色「审计员」拥有您未拥有的权限，不能调整其用户");
    expect(await page(tokens.admin100001, { roleId: auditor })).toContain("bob");
  });

  it("answers 400 for malformed input, 401 without a session, 403 without the grant button", async () => {
    for (const [query, msg] of [
      [{ roleId: "abc", userIds: users.bob }, "角色ID格式不正确"],
      [{ roleId: auditor }, "请选择用户"],
      [{ roleId: auditor, userIds: "1,x" }, "请求参数格式错误: userIds"],
      [{ userIds: users.bob }, "角色ID不能为空"],
    ] as const) {
      const r = await call("/blade-system/role/removeUsers", tokens.admin100001, { post: true, query });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(msg);
    }
    expect((await call("/blade-system/role/removeUsers", undefined, { post: true, query: { roleId: auditor, userIds: users.bob } })).status).toBe(401);
    expect((await takeBack(tokens.plain100001, auditor, [users.bob])).status).toBe(403);
    expect(await page(tokens.admin100001, { roleId: auditor })).toContain("bob");
  });
});
