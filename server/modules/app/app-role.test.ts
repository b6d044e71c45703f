/** Application roles beyond the kit's battery: codes per application, addUser, getAppRole, the dialog's tree, 分配目录. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twoTenants, type TenantTokens } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";

let api: TestApp;
let tokens: TenantTokens;
let admin: string;
let appId: string;
let users: Record<string, string>;

const call = async <T = unknown>(path: string, token: string, o: { json?: unknown; query?: Record<string, string>; method?: string } = {}) => {
  const res = await api.request(`/api/authentication${path}`, { token, ...o });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: T } };
};
const made = async (path: string, token: string, json: Record<string, unknown>) => {
  const r = await call<{ id: string }>(path, token, { json });
  expect(r.body.msg, JSON.stringify(r.body)).toBe("操作成功");
  return r.body.data.id;
};
const heldBy = async (userId: string, token = admin) =>
  (await call<{ roleName: string; appName: string }[]>("/bladeApplicationRole/getAppRole", token, { query: { userId } })).body.data;

beforeAll(async () => {
  api = await freshApp({ oauth: false });
  tokens = await twoTenants(api);
  admin = tokens.admin100001;
  appId = await made("/app/insert", admin, { appName: "办公系统", appCode: "oa", appUrl: "https://oa.example.com" });
  users = {};
  for (const [account, tenantId] of [["ann", "100001"], ["bob", "100001"], ["eve", "100002"]] as const) {
    users[account] = (await api.createUser({ account, password: "Passw0rd!x", tenantId, roleAliases: ["user"] })).id;
  }
});
afterAll(() => api.close());

describe("application roles", () => {
  it("keeps a role code unique within its application, and refuses an application of another tenant", async () => {
    await made("/bladeApplicationRole/insert", admin, { appId, roleName: "管理员", roleCode: "admin" });
    const dup = await call("/bladeApplicationRole/insert", admin, { json: { appId, roleName: "又一个", roleCode: "admin" } });
    expect(dup.body).toMatchObject({ code: 400, msg: "该应用下已有此角色编码", data: [{ field: "roleCode", message: "该应用下已有此角色编码" }] });
    const other = await made("/app/insert", admin, { appName: "邮件", appCode: "mail", appUrl: "https://mail.example.com" });
    await made("/bladeApplicationRole/insert", admin, { appId: other, roleName: "管理员", roleCode: "admin" });
    const theirs = await call("/bladeApplicationRole/insert", tokens.admin100002, { json: { appId, roleName: "x", roleCode: "x" } });
    expect(theirs.body).toMatchObject({ code: 400, msg: "应用不存在" });
    const page = await call<{ records: { appName: string; appId: string }[] }>("/bladeApplicationRole/page", admin, { query: { appId } });
    expect(page.body.data.records).toEqual([expect.objectContaining({ appId, appName: "办公系统" })]);
  });

  it("addUser adds users to a role without taking it from anyone, and getAppRole names the roles and apps", async () => {
    const role = await made("/bladeApplicationRole/insert", admin, { appId, roleName: "经办人", roleCode: "clerk" });
    expect((await call("/bladeApplicationRole/addUser", admin, { query: { roleId: role, userIds: users.ann }, method: "POST" })).status).toBe(200);
    expect((await call("/bladeApplicationRole/addUser", admin, { json: { roleId: role, userIds: [users.bob, users.ann] } })).status).toBe(200);
    expect(await heldBy(users.ann)).toContainEqual(expect.objectContaining({ roleName: "经办人", appName: "办公系统" }));
    expect(await heldBy(users.bob)).toContainEqual(expect.objectContaining({ roleName: "经办人" }));

    const stranger = await call("/bladeApplicationRole/addUser", admin, { json: { roleId: role, userIds: [users.eve] } });
    expect(stranger.body).toMatchObject({ code: 400, msg: "用户不存在" });
    const empty = await call("/bladeApplicationRole/addUser", admin, { json: { roleId: role, userIds: [] } });
    expect(empty.body).toMatchObject({ code: 400, msg: "请选择用户" });
    expect((await call("/bladeApplicationRole/addUser", tokens.plain100001, { json: { roleId: role, userIds: [users.ann] } })).status).toBe(403);
    expect((await call("/bladeApplicationRole/getAppRole", tokens.admin100002, { query: { userId: users.ann } })).status).toBe(400);
  });

  it("answers the tenant's applications with their roles for the user page's dialog", async () => {
    const tree = await call<{ id: string; appName: string; children: { roleName: string }[] }[]>("/bladeApplicationRole/appRoleTree", admin);
    const oa = tree.body.data.find((a) => a.id === appId)!;
    expect(oa.children.map((r) => r.roleName)).toEqual(expect.arrayContaining(["管理员", "经办人"]));
    const theirs = await call<unknown[]>("/bladeApplicationRole/appRoleTree", tokens.admin100002);
    expect(theirs.body.data).toEqual([]);
  });

  it("deleting a role takes it from its users", async () => {
    const role = await made("/bladeApplicationRole/insert", admin, { appId, roleName: "临时", roleCode: "temp" });
    await call("/bladeApplicationRole/addUser", admin, { json: { roleId: role, userIds: [users.bob] } });
    expect((await heldBy(users.bob)).map((r) => r.roleName)).toContain("临时");
    expect((await call("/bladeApplicationRole/delete", admin, { query: { ids: role }, method: "POST" })).status).toBe(200);
    expect((await heldBy(users.bob)).map((r) => r.roleName)).not.toContain("临时");
  });

  it("addAppDirectory replaces the role's directories with the chosen ones of its tenant, and getAppDirectory answers them", async () => {
    const role = await made("/bladeApplicationRole/insert", admin, { appId, roleName: "目录持有人", roleCode: "dirs" });
    const office = await made("/bladeApplicationDirectory/insert", admin, { directoryName: "办公", directoryCode: "office" });
    const tools = await made("/bladeApplicationDirectory/insert", admin, { directoryName: "工具", directoryCode: "tools" });
    const theirs = await made("/bladeApplicationDirectory/insert", tokens.admin100002, { directoryName: "他们的", directoryCode: "theirs" });
    const held = async () => (await call<{ id: string; directoryName: string }[]>("/bladeApplicationRole/getAppDirectory", admin, { query: { roleId: role } })).body.data;
    expect(await held()).toEqual([]);
    expect((await call("/bladeApplicationRole/addAppDirectory", admin, { json: { roleId: role, directoryIds: [office, tools] } })).status).toBe(200);
    expect((await held()).map((d) => d.directoryName).sort()).toEqual(["办公", "工具"]);
    // The set is replaced, not added to.
    await call("/bladeApplicationRole/addAppDirectory", admin, { method: "POST", query: { roleId: role, directoryIds: tools } });
    expect((await held()).map((d) => d.directoryName)).toEqual(["工具"]);
    const stranger = await call("/bladeApplicationRole/addAppDirectory", admin, { json: { roleId: role, directoryIds: [office, theirs] } });
    expect(stranger.body).toMatchObject({ code: 400, msg: "所选目录不存在" });
    expect((await held()).map((d) => d.directoryName)).toEqual(["工具"]);
    expect((await call("/bladeApplicationRole/addAppDirectory", tokens.plain100001, { json: { roleId: role, directoryIds: [office] } })).status).toBe(403);
    expect((await call("/bladeApplicationRole/getAppDirectory", tokens.admin100002, { query: { roleId: role } })).body.msg).toBe("应用角色不存在");
    // An empty list takes them all away.
    await call("/bladeApplicationRole/addAppDirectory", admin, { json: { roleId: role, directoryIds: [] } });
    expect(await held()).toEqual([]);
  });
});
