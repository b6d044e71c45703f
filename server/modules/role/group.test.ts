import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TreeNode } from "../../../domain/contract";
import type { RoleVO } from "../../../domain/resources/system/role/contract";
import type { BoundApp, PermissionGroup, RoleGroupVO } from "../../../domain/resources/system/role/group-contract";
import { nextId } from "../../db/ids";
import { app, appRole, menu, roleGroupApp, roleGroupAppRole } from "../../db/schema";
import { TenantScope } from "../../security/tenant-scope";
import { twoTenants, type TenantTokens } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";
import { appsOfUser } from "./group-read";

let t: TestApp;
let tokens: TenantTokens;
/** Roles of tenant 100001 (sales) and 100002 (theirs). */
let sales: string;
let theirs: string;

type Body = { code: number; success: boolean; msg: string; data: unknown };
type Options = { query?: Record<string, string>; json?: unknown; method?: string; body?: string; headers?: Record<string, string> };
const call = async (path: string, token: string | undefined, o: Options = {}) => {
  const method = o.method ?? (o.json !== undefined || o.body !== undefined ? "POST" : "GET");
  const res = await t.request(`/api/blade-system/roleGroup/${path}`, { token, json: o.json, query: o.query, body: o.body, headers: o.headers, method });
  return { status: res.status, body: (await res.json()) as Body };
};
const okData = async <T>(p: Promise<{ status: number; body: Body }>): Promise<T> => {
  const r = await p;
  expect(r.body.msg, JSON.stringify(r.body)).toBe("操作成功");
  return r.body.data as T;
};
const submit = (token: string, json: Record<string, unknown>) => okData<{ id: string }>(call("submit", token, { json }));
const groupsOf = (token: string, roleId: string) => okData<RoleGroupVO[]>(call("listGroupAppByRoleId", token, { query: { roleId } }));
const bindApp = (token: string, groupId: string, appIds: string[]) => call("bindApp", token, { json: { groupId, appIds } });
const bingGroup = (token: string, groupId: string, appId: string, appRoleIds: string[]) => call("bingGroup", token, { json: { groupId, appId, appRoleIds } });

/** Applications and their roles are the applications area's; the tests insert them as rows. */
async function insertApp(tenantId: string, appName: string, o: { status?: number; sort?: number } = {}) {
  const id = nextId();
  await t.db.insert(app).values({ id, tenantId, appName, appCode: `code_${id}`, status: o.status ?? 1, sort: o.sort ?? 0 });
  return id;
}
async function insertAppRole(tenantId: string, appId: string, roleName: string, sort = 0) {
  const id = nextId();
  await t.db.insert(appRole).values({ id, tenantId, appId, roleName, roleCode: `r_${id}`, sort });
  return id;
}
/** A request outside /roleGroup, answered as its envelope. */
async function api(path: string, token: string, json?: unknown): Promise<Body> {
  return (await (await t.request(`/api${path}`, { token, json })).json()) as Body;
}
async function role(token: string, roleName: string, roleAlias: string) {
  const body = await api("/blade-system/role/submit", token, { roleName, roleAlias, sort: 1 });
  expect(body.msg, JSON.stringify(body)).toBe("操作成功");
  return (body.data as RoleVO).id;
}
const bindingsOf = async (groupId: string) => ({
  apps: (await t.db.select().from(roleGroupApp).where(eq(roleGroupApp.groupId, groupId))).map((r) => r.appId).sort(),
  roles: (await t.db.select().from(roleGroupAppRole).where(eq(roleGroupAppRole.groupId, groupId))).map((r) => r.appRoleId).sort(),
});

beforeAll(async () => {
  t = await freshApp({ oauth: false });
  tokens = await twoTenants(t);
  sales = await role(tokens.admin100001, "销售", "sales");
  theirs = await role(tokens.admin100002, "外部", "outsider");
});
afterAll(() => t.close());

describe("/blade-system/roleGroup: groups of a role", () => {
  it("creates groups under a role and lists them in sort order with their applications and application roles", async () => {
    const crm = await insertApp("100001", "客户管理", { sort: 2 });
    const erp = await insertApp("100001", "资源计划", { sort: 1 });
    const crmSales = await insertAppRole("100001", crm, "销售员", 2);
    const crmLead = await insertAppRole("100001", crm, "销售主管", 1);
    await insertAppRole("100001", erp, "仓管");
    const second = await submit(tokens.admin100001, { roleId: sales, groupName: "华南", sort: 2, remark: "南方区域" });
    const first = await submit(tokens.admin100001, { roleId: sales, groupName: "华北", sort: 1 });
    expect((await bindApp(tokens.admin100001, second.id, [crm, erp])).body.msg).toBe("操作成功");
    expect((await bingGroup(tokens.admin100001, second.id, crm, [crmSales, crmLead])).body.msg).toBe("操作成功");

    const groups = await groupsOf(tokens.admin100001, sales);
    expect(groups.map((g) => [g.groupName, g.sort, g.remark, g.status])).toEqual([
      ["华北", 1, "", 1],
      ["华南", 2, "南方区域", 1],
    ]);
    expect(groups[0]).toMatchObject({ id: first.id, roleId: sales, apps: [] });
    expect(groups[1].apps).toEqual([
      { appId: erp, appName: "资源计划", appCode: `code_${erp}`, status: 1, appRoles: [] },
      {
        appId: crm,
        appName: "客户管理",
        appCode: `code_${crm}`,
        status: 1,
        appRoles: [
          { id: crmLead, roleName: "销售主管" },
          { id: crmSales, roleName: "销售员" },
        ],
      },
    ]);
    expect(await okData<BoundApp[]>(call("listAppByGroup", tokens.admin100001, { query: { groupId: second.id } }))).toEqual([
      { id: erp, appName: "资源计划", appCode: `code_${erp}`, status: 1 },
      { id: crm, appName: "客户管理", appCode: `code_${crm}`, status: 1 },
    ]);
    // An application deleted since it was bound is no longer listed.
    await t.db.update(app).set({ isDeleted: 1 }).where(eq(app.id, erp));
    expect((await groupsOf(tokens.admin100001, sales))[1].apps.map((a) => a.appName)).toEqual(["客户管理"]);
  });

  it("validates a group like the form does, and keeps group names unique per role", async () => {
    const other = await role(tokens.admin100001, "客服", "service");
    const cases: [Record<string, unknown>, string, string][] = [
      [{ roleId: sales }, "groupName", "请输入角色组名称"],
      [{ roleId: sales, groupName: "x".repeat(65) }, "groupName", "角色组名称长度不能超过64个字符"],
      [{ roleId: sales, groupName: "<b>" }, "groupName", "只能输入中文、字母、数字、下划线"],
      [{ roleId: sales, groupName: "好", remark: "y".repeat(256) }, "remark", "备注长度不能超过255个字符"],
      [{ roleId: sales, groupName: "好", sort: 100000 }, "sort", "排序必须在0到99999之间"],
      [{ groupName: "好" }, "roleId", "请选择所属角色"],
    ];
    for (const [json, field, message] of cases) {
      const r = await call("submit", tokens.admin100001, { json });
      expect(r.status, message).toBe(400);
      expect(r.body.data, message).toContainEqual({ field, message });
      expect(r.body.msg).toBe(message);
    }
    await submit(tokens.admin100001, { roleId: sales, groupName: "重名组" });
    const dup = await call("submit", tokens.admin100001, { json: { roleId: sales, groupName: "重名组" } });
    expect(dup.body).toMatchObject({ code: 400, msg: "该角色下已存在同名角色组", data: [{ field: "groupName", message: "该角色下已存在同名角色组" }] });
    // Another role may use the name; renaming onto a taken name is refused, keeping one's own is not.
    const elsewhere = await submit(tokens.admin100001, { roleId: other, groupName: "重名组" });
    const rename = await submit(tokens.admin100001, { roleId: other, groupName: "另一组" });
    expect((await call("submit", tokens.admin100001, { json: { id: rename.id, groupName: "重名组" } })).body.msg).toBe("该角色下已存在同名角色组");
    expect((await call("submit", tokens.admin100001, { json: { id: elsewhere.id, groupName: "重名组", sort: 9 } })).body.msg).toBe("操作成功");
    const updated = (await groupsOf(tokens.admin100001, other)).find((g) => g.id === elsewhere.id);
    expect(updated).toMatchObject({ groupName: "重名组", sort: 9 });
    expect((await call("submit", tokens.admin100001, { json: { roleId: "1234567890123", groupName: "无主" } })).body.msg).toBe("角色不存在");
  });

  it("enables and disables a group; a disabled group gives its role's users no application", async () => {
    const mail = await insertApp("100001", "邮件");
    const group = await submit(tokens.admin100001, { roleId: sales, groupName: "邮件组" });
    await bindApp(tokens.admin100001, group.id, [mail]);
    const { id: userId } = await t.createUser({ account: "seller", password: "Passw0rd!x", tenantId: "100001", roleAliases: ["sales"] });
    const scope = TenantScope.system(t.db, "100001");
    expect((await appsOfUser(scope, userId)).map((a) => a.appName)).toContain("邮件");

    expect((await call("enable", tokens.admin100001, { query: { id: group.id, status: "0" } })).body.msg).toBe("操作成功");
    expect((await groupsOf(tokens.admin100001, sales)).find((g) => g.id === group.id)?.status).toBe(0);
    expect((await appsOfUser(scope, userId)).map((a) => a.appName)).not.toContain("邮件");
    await call("enable", tokens.admin100001, { query: { id: group.id, status: "1" } });
    expect((await appsOfUser(scope, userId)).map((a) => a.appName)).toContain("邮件");

    for (const status of ["2", "", "abc"]) {
      const r = await call("enable", tokens.admin100001, { query: { id: group.id, status } });
      expect(r.status).toBe(400);
      expect(r.body.msg).toMatch(/^状态取值不正确/);
    }
  });

  it("answers appsOfUser with enabled live applications of enabled groups of the user's roles, each once", async () => {
    const viewer = await role(tokens.admin100001, "阅览", "viewer");
    const wiki = await insertApp("100001", "知识库", { sort: 1 });
    const chat = await insertApp("100001", "聊天", { sort: 2 });
    const old = await insertApp("100001", "旧系统", { sort: 3 });
    const a = await submit(tokens.admin100001, { roleId: viewer, groupName: "甲" });
    const b = await submit(tokens.admin100001, { roleId: viewer, groupName: "乙" });
    await bindApp(tokens.admin100001, a.id, [wiki, old]);
    await bindApp(tokens.admin100001, b.id, [chat, wiki]);
    // Disabled after binding: no longer usable, still listed (as disabled) in the drawer.
    await t.db.update(app).set({ status: 0 }).where(eq(app.id, old));
    const { id: userId } = await t.createUser({ account: "reader", password: "Passw0rd!x", tenantId: "100001", roleAliases: ["viewer"] });
    const { id: nobody } = await t.createUser({ account: "nobody", password: "Passw0rd!x", tenantId: "100001", roleAliases: ["user"] });
    const scope = TenantScope.system(t.db, "100001");
    expect((await appsOfUser(scope, userId)).map((x) => x.appName)).toEqual(["知识库", "聊天"]);
    expect(await appsOfUser(scope, nobody)).toEqual([]);
    expect((await groupsOf(tokens.admin100001, viewer))[0].apps.map((x) => [x.appName, x.status])).toEqual([["知识库", 1], ["旧系统", 0]]);
    // Another tenant's scope does not see the user at all.
    expect(await appsOfUser(TenantScope.system(t.db, "100002"), userId)).toEqual([]);
  });
});

describe("/blade-system/roleGroup: binding applications and their roles", () => {
  let group: string;
  let crm: string;
  let oa: string;
  let crmRole: string;
  let oaRoles: string[];
  beforeAll(async () => {
    group = (await submit(tokens.admin100001, { roleId: sales, groupName: "绑定测试" })).id;
    crm = await insertApp("100001", "绑定CRM");
    oa = await insertApp("100001", "绑定OA");
    crmRole = await insertAppRole("100001", crm, "CRM用户");
    oaRoles = [await insertAppRole("100001", oa, "OA用户", 1), await insertAppRole("100001", oa, "OA管理员", 2)];
  });

  it("replaces the bound applications and drops the roles of applications no longer bound", async () => {
    expect((await bindApp(tokens.admin100001, group, [crm, oa])).body.msg).toBe("操作成功");
    await bingGroup(tokens.admin100001, group, crm, [crmRole]);
    await bingGroup(tokens.admin100001, group, oa, oaRoles);
    expect(await bindingsOf(group)).toEqual({ apps: [crm, oa].sort(), roles: [crmRole, ...oaRoles].sort() });
    expect((await bindApp(tokens.admin100001, group, [oa])).body.msg).toBe("操作成功");
    expect(await bindingsOf(group)).toEqual({ apps: [oa], roles: [...oaRoles].sort() });
    // Form-encoded and comma-joined, as Sword consoles send it.
    const form = await call("bindApp", tokens.admin100001, {
      body: `groupId=${group}&appIds=${crm},${oa}`,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.body.msg).toBe("操作成功");
    expect((await bindingsOf(group)).apps).toEqual([crm, oa].sort());
    expect((await bindApp(tokens.admin100001, group, [])).body.msg).toBe("操作成功");
    expect(await bindingsOf(group)).toEqual({ apps: [], roles: [] });
  });

  it("refuses another tenant's, a disabled or a missing application, and writes nothing", async () => {
    await bindApp(tokens.admin100001, group, [crm]);
    const foreign = await insertApp("100002", "他人应用");
    const off = await insertApp("100001", "停用应用", { status: 0 });
    const cases: [string[], string][] = [
      [[oa, foreign], "应用不存在"],
      [["1234567890123"], "应用不存在"],
      [[oa, off], "应用「停用应用」已停用，不能绑定"],
    ];
    for (const [appIds, msg] of cases) {
      const r = await bindApp(tokens.admin100001, group, appIds);
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(msg);
    }
    expect((await bindingsOf(group)).apps).toEqual([crm]);
    // Disabled after it was bound, an application may stay while the others change.
    await t.db.update(app).set({ status: 0 }).where(eq(app.id, crm));
    expect((await bindApp(tokens.admin100001, group, [crm, oa])).body.msg).toBe("操作成功");
    expect((await bindingsOf(group)).apps).toEqual([crm, oa].sort());
    await t.db.update(app).set({ status: 1 }).where(eq(app.id, crm));
  });

  it("binds roles of a bound application only, and lists them checked", async () => {
    await bindApp(tokens.admin100001, group, [crm]);
    expect((await bingGroup(tokens.admin100001, group, oa, [oaRoles[0]])).body.msg).toBe("应用「绑定OA」未绑定到该角色组，请先绑定应用");
    expect((await bingGroup(tokens.admin100001, group, crm, [oaRoles[0]])).body.msg).toBe("应用角色不存在");
    await bindApp(tokens.admin100001, group, [crm, oa]);
    expect((await bingGroup(tokens.admin100001, group, oa, [oaRoles[1]])).body.msg).toBe("操作成功");
    const listed = await okData<PermissionGroup[]>(call("listPermissionGroupByApp", tokens.admin100001, { query: { appId: oa, groupId: group } }));
    expect(listed.map((p) => [p.roleName, p.checked])).toEqual([["OA用户", false], ["OA管理员", true]]);
    // Without a group: the application's roles, none checked.
    const plainList = await okData<PermissionGroup[]>(call("listPermissionGroupByApp", tokens.admin100001, { query: { appId: oa } }));
    expect(plainList.map((p) => p.checked)).toEqual([false, false]);
    // Replacing the roles of one application leaves the other's alone.
    await bingGroup(tokens.admin100001, group, crm, [crmRole]);
    await bingGroup(tokens.admin100001, group, oa, [oaRoles[0]]);
    expect((await bindingsOf(group)).roles).toEqual([crmRole, oaRoles[0]].sort());
    expect((await bingGroup(tokens.admin100001, group, oa, [])).body.msg).toBe("操作成功");
    expect((await bindingsOf(group)).roles).toEqual([crmRole]);
  });

  it("removes groups with DELETE (query or JSON ids) together with their bindings", async () => {
    const a = await submit(tokens.admin100001, { roleId: sales, groupName: "待删甲" });
    const b = await submit(tokens.admin100001, { roleId: sales, groupName: "待删乙" });
    await bindApp(tokens.admin100001, a.id, [crm]);
    await bingGroup(tokens.admin100001, a.id, crm, [crmRole]);
    expect((await call("remove", tokens.admin100001, { method: "DELETE", query: { ids: a.id } })).body.msg).toBe("操作成功");
    expect(await bindingsOf(a.id)).toEqual({ apps: [], roles: [] });
    expect((await call("listAppByGroup", tokens.admin100001, { query: { groupId: a.id } })).body.msg).toBe("角色组不存在");
    expect((await call("remove", tokens.admin100001, { method: "DELETE", json: { ids: b.id } })).body.msg).toBe("操作成功");
    const names = (await groupsOf(tokens.admin100001, sales)).map((g) => g.groupName);
    expect(names).not.toContain("待删甲");
    expect(names).not.toContain("待删乙");
    expect((await call("remove", tokens.admin100001, { method: "DELETE" })).body.msg).toBe("请选择要删除的数据");
    // POST is not the method of remove here.
    expect((await call("remove", tokens.admin100001, { method: "POST", query: { ids: group } })).status).toBe(404);
  });
});

describe("/blade-system/roleGroup: who may do what", () => {
  let mine: string;
  let foreignGroup: string;
  let foreignApp: string;
  beforeAll(async () => {
    mine = (await submit(tokens.admin100001, { roleId: sales, groupName: "本租户组" })).id;
    foreignGroup = (await submit(tokens.admin100002, { roleId: theirs, groupName: "他租户组" })).id;
    foreignApp = await insertApp("100002", "他租户应用");
    await bindApp(tokens.admin100002, foreignGroup, [foreignApp]);
  });

  it("answers another tenant's groups, roles and applications like missing ones, and changes nothing", async () => {
    const t1 = tokens.admin100001;
    const missing = await call("listAppByGroup", t1, { query: { groupId: "1234567890123" } });
    const foreign = await call("listAppByGroup", t1, { query: { groupId: foreignGroup } });
    expect(foreign.body).toEqual(missing.body);
    expect(foreign.body.msg).toBe("角色组不存在");
    expect((await call("listGroupAppByRoleId", t1, { query: { roleId: theirs } })).body.msg).toBe("角色不存在");
    expect((await call("submit", t1, { json: { roleId: theirs, groupName: "入侵" } })).body.msg).toBe("角色不存在");
    expect((await call("submit", t1, { json: { id: foreignGroup, groupName: "改名" } })).body.msg).toBe("角色组不存在");
    expect((await call("enable", t1, { query: { id: foreignGroup, status: "0" } })).body.msg).toBe("角色组不存在");
    expect((await call("remove", t1, { method: "DELETE", query: { ids: `${mine},${foreignGroup}` } })).body.msg).toBe("角色组不存在");
    expect((await bindApp(t1, foreignGroup, [])).body.msg).toBe("角色组不存在");
    expect((await bindApp(t1, mine, [foreignApp])).body.msg).toBe("应用不存在");
    expect((await call("listPermissionGroupByApp", t1, { query: { appId: foreignApp } })).body.msg).toBe("应用不存在");
    // Nothing changed: both groups are still there, the foreign one as it was.
    expect((await groupsOf(t1, sales)).map((g) => g.id)).toContain(mine);
    const theirsNow = await groupsOf(tokens.admin100002, theirs);
    expect(theirsNow).toEqual([expect.objectContaining({ id: foreignGroup, groupName: "他租户组", status: 1, apps: [expect.objectContaining({ appId: foreignApp })] })]);
    // The platform administrator manages any tenant's groups.
    expect((await groupsOf(tokens.admin, theirs)).map((g) => g.groupName)).toEqual(["他租户组"]);
  });

  it("keeps the administrator role's groups to the platform administrator", async () => {
    const platformRoles = (await api("/blade-system/role/tree", tokens.admin)).data as TreeNode[];
    const administrator = platformRoles.find((n) => n.title === "超级管理员")!.id;
    const g = await submit(tokens.admin, { roleId: administrator, groupName: "平台组" });
    expect((await groupsOf(tokens.admin, administrator)).map((x) => x.groupName)).toEqual(["平台组"]);
    expect((await call("listGroupAppByRoleId", tokens.admin100001, { query: { roleId: administrator } })).body.msg).toBe("角色不存在");
    expect((await call("enable", tokens.admin100001, { query: { id: g.id, status: "0" } })).body.msg).toBe("角色组不存在");
  });

  it("needs the role-group codes: 401 without a session, 403 without the button, reads with role_group_view alone", async () => {
    expect((await call("listGroupAppByRoleId", undefined, { query: { roleId: sales } })).status).toBe(401);
    expect((await call("submit", undefined, { json: { roleId: sales, groupName: "x" } })).status).toBe(401);
    const plain = tokens.plain100001;
    for (const r of [
      await call("listGroupAppByRoleId", plain, { query: { roleId: sales } }),
      await call("submit", plain, { json: { roleId: sales, groupName: "越权" } }),
      await call("remove", plain, { method: "DELETE", query: { ids: mine } }),
      await call("enable", plain, { query: { id: mine, status: "0" } }),
      await bindApp(plain, mine, []),
      await call("listPermissionGroupByApp", plain, { query: { appId: "1234567890123" } }),
    ]) {
      expect(r.status).toBe(403);
    }

    // A role that may only look at role groups.
    const auditor = await role(tokens.admin100001, "审计", "auditor");
    const codes = await t.db.select({ id: menu.id, code: menu.code }).from(menu).where(inArray(menu.code, ["system", "role", "role_group_view"]));
    const grant = await api("/blade-system/role/grant", tokens.admin, { roleIds: [auditor], menuIds: codes.map((c) => c.id), dataScopeIds: [], apiScopeIds: [] });
    expect(grant.msg).toBe("操作成功");
    await t.createUser({ account: "auditor", password: "Passw0rd!x", tenantId: "100001", roleAliases: ["auditor"] });
    const viewer = (await t.login("auditor", "Passw0rd!x", { tenantId: "100001" })).access_token;
    expect((await call("listGroupAppByRoleId", viewer, { query: { roleId: sales } })).status).toBe(200);
    expect((await call("listAppByGroup", viewer, { query: { groupId: mine } })).status).toBe(200);
    expect((await call("submit", viewer, { json: { id: mine, groupName: "改不了" } })).status).toBe(403);
    expect((await call("enable", viewer, { query: { id: mine, status: "0" } })).status).toBe(403);
    expect((await call("remove", viewer, { method: "DELETE", query: { ids: mine } })).status).toBe(403);
  });

  it("answers malformed input with a 400 that says what is wrong, never a 5xx, and writes nothing", async () => {
    const t1 = tokens.admin100001;
    const before = await groupsOf(t1, sales);
    const attempts: [string, Options, string | RegExp][] = [
      ["listGroupAppByRoleId", {}, "角色ID不能为空"],
      ["listGroupAppByRoleId", { query: { roleId: "1 or 1=1" } }, "角色ID格式不正确"],
      ["listGroupAppByRoleId", { query: { roleId: "99999999999999999999" } }, "角色ID格式不正确"],
      ["listAppByGroup", { query: { groupId: "abc" } }, "角色组ID格式不正确"],
      ["listPermissionGroupByApp", {}, "应用ID不能为空"],
      ["listPermissionGroupByApp", { query: { appId: "1234567890123", groupId: "x" } }, "角色组ID格式不正确"],
      ["enable", { query: { status: "1" } }, "角色组ID不能为空"],
      ["submit", { body: "{not json", headers: { "Content-Type": "application/json" } }, /JSON|格式/],
      ["submit", { json: [] }, "请求体必须是JSON对象"],
      ["submit", { json: { roleId: sales, groupName: "a\u0000b" } }, /包含非法字符|非法/],
      ["submit", { json: { roleId: sales, groupName: { a: 1 } } }, "角色组名称必须是文本"],
      ["submit", { json: { id: "1 or 1=1", groupName: "x" } }, "ID格式不正确"],
      ["submit", { json: { roleId: sales, groupName: "ok", sort: "abc" } }, "排序必须是整数"],
      ["bindApp", { json: { groupId: mine } }, "缺少必要的请求参数: appIds"],
      ["bindApp", { json: { appIds: [] } }, "角色组ID不能为空"],
      ["bindApp", { json: { groupId: mine, appIds: [123] } }, "请求参数格式错误: appIds"],
      ["bindApp", { json: { groupId: mine, appIds: { a: 1 } } }, "请求参数格式错误: appIds"],
      ["bindApp", { json: { groupId: mine, appIds: ["1' or '1'='1"] } }, "请求参数格式错误: appIds"],
      ["bindApp", { json: { groupId: mine, appIds: Array.from({ length: 1001 }, (_, i) => String(1e12 + i)) } }, "一次最多操作1000条数据"],
      ["bingGroup", { json: { groupId: mine, appId: "1234567890123" } }, "缺少必要的请求参数: appRoleIds"],
      ["bingGroup", { json: { groupId: mine, appRoleIds: [] } }, "应用ID不能为空"],
      ["bingGroup", { json: { groupId: mine, appId: "1234567890123", appRoleIds: [] } }, "应用不存在"],
    ];
    for (const [path, o, msg] of attempts) {
      const r = await call(path, t1, o);
      expect(r.status, `${path} ${JSON.stringify(o)}`.slice(0, 120)).toBe(400);
      expect(r.body.success).toBe(false);
      if (typeof msg === "string") expect(r.body.msg).toBe(msg);
      else expect(r.body.msg).toMatch(msg);
    }
    const huge = await call("remove", t1, { method: "DELETE", query: { ids: Array.from({ length: 70_000 }, (_, i) => i + 1).join(",") } });
    expect(huge.status).toBe(400);
    expect((await call("remove", t1, { method: "DELETE", query: { ids: "abc,1' or '1'='1" } })).status).toBe(400);
    expect((await call("remove", t1, { method: "DELETE", json: { ids: [{}] } })).status).toBe(400);
    expect(await groupsOf(t1, sales)).toEqual(before);
  });
});

describe("a deleted role", () => {
  it("takes its groups and their bindings with it", async () => {
    const temp = await role(tokens.admin100001, "临时", "temporary");
    const crm = await insertApp("100001", "临时应用");
    const crmRole = await insertAppRole("100001", crm, "临时角色");
    const group = await submit(tokens.admin100001, { roleId: temp, groupName: "随角色而去" });
    expect((await bindApp(tokens.admin100001, group.id, [crm])).body.msg).toBe("操作成功");
    expect((await bingGroup(tokens.admin100001, group.id, crm, [crmRole])).body.msg).toBe("操作成功");
    const removed = await t.request("/api/blade-system/role/remove", { token: tokens.admin100001, method: "POST", query: { ids: temp } });
    expect(((await removed.json()) as Body).msg).toBe("操作成功");
    expect(await bindingsOf(group.id)).toEqual({ apps: [], roles: [] });
    const listed = await call("listGroupAppByRoleId", tokens.admin100001, { query: { roleId: temp } });
    expect(listed.body.success).toBe(false);
  });
});
