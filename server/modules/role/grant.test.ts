import { and, desc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MenuNode, TreeNode } from "../../../domain/contract";
import type { RoleDetail, RoleVO } from "../../../domain/resources/system/role/contract";
import { nextId } from "../../db/ids";
import { menu, operationLog, scopeApi, scopeData } from "../../db/schema";
import { twoTenants, type TenantTokens } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";

let t: TestApp;
let tokens: TenantTokens;
let ids: Record<string, string>;
const dataScope = nextId();
const apiScope = nextId();
/** A role of tenant 100001 that the tests grant to, held by user `clerk`. */
let clerkRole: string;
/** A role of tenant 100001 allowed to grant, but holding only posts and their add button. */
let managerRole: string;
let manager: string;

type Body = { code: number; msg: string; data: unknown };
const call = async (path: string, token: string | undefined, o: { query?: Record<string, string>; json?: unknown; body?: string } = {}) => {
  const res = await t.request(`/api${path}`, { token, json: o.json, query: o.query, body: o.body, method: o.json || o.body ? "POST" : "GET" });
  return { status: res.status, body: (await res.json()) as Body };
};
const codes = (...list: string[]) => list.map((c) => ids[c]);
const grant = (token: string, roleIds: string[], menus: string[], data: string[] = [], api: string[] = []) =>
  call("/blade-system/role/grant", token, { json: { roleIds, menuIds: codes(...menus), dataScopeIds: data, apiScopeIds: api } });
const detail = async (roleId: string) =>
  (await call("/blade-system/role/roleDetail", tokens.admin, { query: { id: roleId } })).body.data as RoleDetail;
const codesOf = (d: RoleDetail) => Object.entries(ids).filter(([, id]) => d.menuIds.includes(id)).map(([code]) => code).sort();
const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

beforeAll(async () => {
  t = await freshApp({ oauth: false });
  tokens = await twoTenants(t);
  const rows = await t.db.select({ id: menu.id, code: menu.code }).from(menu).where(inArray(menu.code, ["system", "post", "post_add", "post_delete", "role", "role_grant", "user"]));
  ids = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  await t.db.insert(scopeData).values({ id: dataScope, menuId: ids.post, scopeName: "本人岗位", scopeType: 2, scopeColumn: "create_user" });
  await t.db.insert(scopeApi).values({ id: apiScope, menuId: ids.post, scopeName: "岗位接口", scopePath: "/api/blade-system/post/**" });
  const submit = async (roleName: string, roleAlias: string) => {
    const r = await call("/blade-system/role/submit", tokens.admin100001, { json: { roleName, roleAlias, sort: 1 } });
    return (r.body.data as RoleVO).id;
  };
  clerkRole = await submit("文员", "clerk");
  managerRole = await submit("岗位主管", "post_manager");
  await t.createUser({ account: "clerk", password: "Passw0rd!x", tenantId: "100001", roleAliases: ["clerk"] });
  await t.createUser({ account: "manager", password: "Passw0rd!x", tenantId: "100001", roleAliases: ["post_manager"] });
  expect((await grant(tokens.admin, [managerRole], ["system", "role", "role_grant", "post", "post_add"])).body.msg).toBe("操作成功");
  manager = (await t.login("manager", "Passw0rd!x", { tenantId: "100001" })).access_token;
});
afterAll(() => t.close());

describe("POST /blade-system/role/grant", () => {
  it("gives a role menus, buttons and scopes; its user's menus, buttons and calls follow at once", async () => {
    const r = await grant(tokens.admin100001, [clerkRole], ["system", "post", "post_add"]);
    expect(r.body).toMatchObject({ code: 200, msg: "操作成功" });
    expect(codesOf(await detail(clerkRole))).toEqual(["post", "post_add", "system"]);

    const clerk = (await t.login("clerk", "Passw0rd!x", { tenantId: "100001" })).access_token;
    const routes = flatten((await call("/blade-system/menu/routes", clerk)).body.data as MenuNode[]);
    expect(routes.map((m) => m.path)).toContain("/system/post");
    const buttons = flatten((await call("/blade-system/menu/buttons", clerk)).body.data as MenuNode[]).map((m) => m.code);
    expect(buttons).toContain("post_add");
    expect(buttons).not.toContain("post_delete");
    expect((await call("/blade-system/post/list", clerk)).status).toBe(200);
    expect((await call("/blade-system/post/remove", clerk, { json: {}, query: { ids: "1" } })).status).toBe(403);

    // A grant replaces: without post_add the button is gone for the same session.
    await grant(tokens.admin100001, [clerkRole], ["system", "post"]);
    const after = flatten((await call("/blade-system/menu/buttons", clerk)).body.data as MenuNode[]).map((m) => m.code);
    expect(after).not.toContain("post_add");
  });

  it("refuses what the granter does not hold (menus, buttons, scopes) with 403, and changes nothing", async () => {
    await grant(tokens.admin, [clerkRole], ["system", "post"]);
    for (const attempt of [
      await grant(manager, [clerkRole], ["post", "post_delete"]),
      await grant(manager, [clerkRole], ["post"], [dataScope]),
      await grant(manager, [clerkRole], ["post"], [], [apiScope]),
    ]) {
      expect(attempt.status).toBe(403);
      expect(attempt.body.msg).toMatch(/^不能授予自己未拥有的权限：(删除|本人岗位|岗位接口)$/);
    }
    expect(codesOf(await detail(clerkRole))).toEqual(["post", "system"]);
    // What it holds, it gives.
    expect((await grant(manager, [clerkRole], ["system", "post", "post_add"])).body.msg).toBe("操作成功");
    expect(codesOf(await detail(clerkRole))).toEqual(["post", "post_add", "system"]);
  });

  it("leaves alone what the granter cannot see: grants beyond its own stay", async () => {
    await grant(tokens.admin, [clerkRole], ["system", "post", "post_add", "post_delete", "user"], [dataScope], [apiScope]);
    expect((await grant(manager, [clerkRole], ["post"])).body.msg).toBe("操作成功");
    const d = await detail(clerkRole);
    expect(codesOf(d)).toEqual(["post", "post_delete", "user"]);
    expect(d).toMatchObject({ dataScopeIds: [dataScope], apiScopeIds: [apiScope] });
    // The platform administrator holds everything, so its grant is exact.
    await grant(tokens.admin, [clerkRole], ["post"], [], []);
    expect(await detail(clerkRole)).toMatchObject({ dataScopeIds: [], apiScopeIds: [] });
    expect(codesOf(await detail(clerkRole))).toEqual(["post"]);
  });

  it("keeps tenant administrators to their own tenant's roles, and away from the administrator role", async () => {
    const theirs = (await call("/blade-system/role/tree", tokens.admin100002)).body.data as TreeNode[];
    const before = await detail(theirs[0].id);
    const r = await grant(tokens.admin100001, [theirs[0].id], ["post"]);
    expect(r.body).toMatchObject({ code: 400, msg: "角色不存在" });
    // A batch with one foreign role writes nothing for the others either.
    const mixed = await grant(tokens.admin100001, [clerkRole, theirs[0].id], ["system"]);
    expect(mixed.status).toBe(400);
    expect(codesOf(await detail(clerkRole))).toEqual(["post"]);
    expect((await detail(theirs[0].id)).menuIds.sort()).toEqual(before.menuIds.sort());

    const platform = (await call("/blade-system/role/tree", tokens.admin)).body.data as TreeNode[];
    const administrator = platform.find((n) => n.title === "超级管理员")!;
    expect((await grant(tokens.admin100001, [administrator.id], [])).body.msg).toBe("角色不存在");
  });

  it("takes data scopes and API scopes, and drops the menus a scope tree's checked keys carry", async () => {
    const r = await call("/blade-system/role/grant", tokens.admin, {
      json: { roleIds: [clerkRole], menuIds: codes("post"), dataScopeIds: [ids.post, dataScope], apiScopeIds: [apiScope], nodes: [] },
    });
    expect(r.body.msg).toBe("操作成功");
    expect(await detail(clerkRole)).toMatchObject({ dataScopeIds: [dataScope], apiScopeIds: [apiScope] });
  });

  it("answers malformed or incomplete bodies with a 400 that says what is wrong", async () => {
    const cases: [unknown, string][] = [
      [{ roleIds: [clerkRole], dataScopeIds: [], apiScopeIds: [] }, "缺少必要的请求参数: menuIds"],
      [{ roleIds: [], menuIds: [], dataScopeIds: [], apiScopeIds: [] }, "请选择角色"],
      [{ roleIds: clerkRole, menuIds: [], dataScopeIds: [], apiScopeIds: [] }, "请求参数格式错误: roleIds"],
      [{ roleIds: [clerkRole], menuIds: ["1 or 1=1"], dataScopeIds: [], apiScopeIds: [] }, "请求参数格式错误: menuIds"],
      [{ roleIds: [clerkRole], menuIds: [Number(ids.post)], dataScopeIds: [], apiScopeIds: [] }, "请求参数格式错误: menuIds"],
      [{ roleIds: [clerkRole], menuIds: ["1234567890123"], dataScopeIds: [], apiScopeIds: [] }, "菜单不存在"],
      [{ roleIds: [clerkRole], menuIds: [], dataScopeIds: ["1234567890123"], apiScopeIds: [] }, "数据权限不存在"],
      [{ roleIds: [clerkRole], menuIds: [], dataScopeIds: [], apiScopeIds: [dataScope] }, "接口权限不存在"],
      [{ roleIds: ["9223372036854775808"], menuIds: [], dataScopeIds: [], apiScopeIds: [] }, "请求参数格式错误: roleIds"],
      [{ roleIds: [clerkRole], menuIds: Array.from({ length: 1001 }, (_, i) => String(1e12 + i)), dataScopeIds: [], apiScopeIds: [] }, "一次最多操作1000条数据"],
    ];
    for (const [json, msg] of cases) {
      const r = await call("/blade-system/role/grant", tokens.admin, { json });
      expect(r.status, msg).toBe(400);
      expect(r.body.msg).toBe(msg);
    }
    expect((await call("/blade-system/role/grant", tokens.admin, { body: "[1,2" })).status).toBe(400);
    expect((await call("/blade-system/role/grant", tokens.admin, { json: [] })).status).toBe(400);
    expect(await detail(clerkRole)).toMatchObject({ dataScopeIds: [dataScope], apiScopeIds: [apiScope] });
  });

  it("answers 401 without a session and 403 without the grant button", async () => {
    const body = { roleIds: [clerkRole], menuIds: [], dataScopeIds: [], apiScopeIds: [] };
    expect((await call("/blade-system/role/grant", undefined, { json: body })).status).toBe(401);
    expect((await call("/blade-system/role/grant", tokens.plain100001, { json: body })).status).toBe(403);
    expect(codesOf(await detail(clerkRole))).toEqual(["post"]);
  });

  it("writes what each role held before and holds now into the operation log, by menu code and scope name", async () => {
    expect((await grant(tokens.admin, [clerkRole], ["system", "post"])).body.msg).toBe("操作成功");
    expect((await grant(tokens.admin, [clerkRole], ["system", "post", "post_add"], [dataScope])).body.msg).toBe("操作成功");
    const [last] = await t.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.tableName, "blade_role"), eq(operationLog.recordIds, clerkRole)))
      // Ids grow with time; seq counts within one tenant's chain.
      .orderBy(desc(operationLog.id))
      .limit(1);
    expect(JSON.parse(last.summary)[clerkRole]).toEqual({
      menus: [["post", "system"], ["post", "post_add", "system"]],
      dataScopes: [[], ["本人岗位"]],
    });
  });
});
