/**
 * The users page's actions on chosen users: changeStatus, setRole, userAddRole, setDept,
 * batchInviteUserToDept, platform-detail/update-platform and changePwd. Each: what it does, its
 * refusals with their messages, 401, 403, and another tenant's ids answered like missing ones.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserVO } from "../../../domain/contract";
import { nextId } from "../../db/ids";
import { authSession, dept, menu, role, roleMenu, userDept } from "../../db/schema";
import { formatDateTime } from "../../db/time";
import type { TestApp } from "../../test/fresh-app";
import { UNSTORABLE } from "../../test/conformance-malformed";
import { MSG_ROLE_ABOVE_OWN } from "./grantable";
import { MSG_NO_ADMIN_ROLE } from "./input";
import { MSG_USER_EXT_LONG } from "./platform";
import { MSG_DISABLE_SELF, MSG_STATUS_VALUE } from "./status";
import { PASSWORD, call, userFixture, type UserFixture } from "./test-fixture";

let f: UserFixture;
let t: TestApp;
beforeAll(async () => {
  f = await userFixture();
  t = f.t;
});
afterAll(() => t.close());

const MISSING_ID = "1234567890123456789";

/** A role of `tenantId` granted exactly these menu and button codes. */
/** The menu and button codes a role grants. */
async function codesOf(roleId: string): Promise<string[]> {
  const rows = await t.db.select({ code: menu.code }).from(roleMenu).innerJoin(menu, eq(menu.id, roleMenu.menuId)).where(eq(roleMenu.roleId, roleId));
  return rows.map((r) => r.code);
}

async function roleWith(tenantId: string, alias: string, codes: string[]): Promise<string> {
  const id = nextId();
  await t.db.insert(role).values({ id, tenantId, roleName: alias, roleAlias: alias, createTime: formatDateTime(new Date()) });
  const menus = await t.db.select({ id: menu.id }).from(menu).where(inArray(menu.code, codes));
  await t.db.insert(roleMenu).values(menus.map((m) => ({ id: nextId(), roleId: id, menuId: m.id })));
  return id;
}

/** A department of `tenantId` under its root. */
async function deptIn(tenantId: string, rootId: string, deptName: string): Promise<string> {
  const id = nextId();
  const now = formatDateTime(new Date());
  await t.db.insert(dept).values({ id, tenantId, parentId: rootId, ancestors: `0,${rootId}`, deptName, fullName: deptName, createTime: now, updateTime: now });
  return id;
}

const detail = async (token: string, id: string) => (await call<UserVO>(t, "/api/blade-user/detail", { token, query: { id } })).data;
const post = (path: string, token: string | undefined, query: Record<string, string>) => call(t, `/api/blade-user/${path}`, { method: "POST", token, query });

describe("POST /blade-user/changeStatus", () => {
  it("disables a user, which ends their sessions and sign-ins, and enables them again", async () => {
    const account = "flipper";
    const { id } = await t.createUser({ account, password: PASSWORD, tenantId: f.a.tenantId });
    const session = (await t.login(account, PASSWORD, { tenantId: f.a.tenantId })).access_token;
    expect((await post("changeStatus", f.a.boss, { ids: id, status: "0" })).msg).toBe("操作成功");
    expect((await detail(f.a.boss, id)).status).toBe(0);
    expect((await t.request("/api/blade-user/info", { token: session })).status).toBe(401);
    const revoked = await t.db.select().from(authSession).where(eq(authSession.userId, id));
    expect(revoked.every((s) => s.revoked === 1 && s.revokedReason === "user_disabled")).toBe(true);
    await expect(t.login(account, PASSWORD, { tenantId: f.a.tenantId })).rejects.toThrow(/禁用|停用/);

    // JSON bodies and BladeX's userIds work as well as the query.
    const enabled = await call(t, "/api/blade-user/changeStatus", { token: f.a.boss, json: { userIds: [id], status: 1 } });
    expect(enabled.success).toBe(true);
    await expect(t.login(account, PASSWORD, { tenantId: f.a.tenantId })).resolves.toBeTruthy();
  });

  it("refuses no ids, a status other than 1 or 0, and disabling oneself, changing nothing", async () => {
    expect(await post("changeStatus", f.a.boss, { status: "0" })).toMatchObject({ status: 400, msg: "请至少选择一个用户" });
    const bad = await post("changeStatus", f.a.boss, { ids: f.a.workerId, status: "2" });
    expect(bad).toMatchObject({ status: 400, msg: MSG_STATUS_VALUE, data: [{ field: "status", message: MSG_STATUS_VALUE }] });
    expect((await post("changeStatus", f.a.boss, { ids: f.a.workerId })).msg).toBe("请选择状态");
    expect((await post("changeStatus", f.a.boss, { ids: f.a.bossId, status: "0" })).msg).toBe(MSG_DISABLE_SELF);
    expect((await post("changeStatus", f.a.boss, { ids: "abc", status: "0" })).status).toBe(400);
    for (const bad of UNSTORABLE) expect((await post("changeStatus", f.a.boss, { ids: f.a.workerId, status: bad })).status).toBe(400);
    expect((await detail(f.a.boss, f.a.workerId)).status).toBe(1);
  });

  it("answers 401 without a token and 403 without the user_status button", async () => {
    expect((await post("changeStatus", undefined, { ids: f.a.workerId, status: "0" })).status).toBe(401);
    expect((await post("changeStatus", f.a.worker, { ids: f.a.workerId, status: "0" })).status).toBe(403);
  });

  it("answers another tenant's user like a missing one, and disables nobody when one id is foreign", async () => {
    const foreign = await post("changeStatus", f.a.boss, { ids: f.b.workerId, status: "0" });
    const missing = await post("changeStatus", f.a.boss, { ids: MISSING_ID, status: "0" });
    expect(foreign).toEqual(missing);
    expect(foreign).toMatchObject({ status: 400, msg: "用户不存在" });
    expect((await post("changeStatus", f.a.boss, { ids: `${f.a.workerId},${f.b.workerId}`, status: "0" })).status).toBe(400);
    expect((await detail(f.a.boss, f.a.workerId)).status).toBe(1);
    expect((await detail(f.b.boss, f.b.workerId)).status).toBe(1);
  });
});

describe("GET|POST /blade-user/setRole", () => {
  it("sets the users' roles to exactly the ones chosen", async () => {
    const { id } = await t.createUser({ account: "promoted", password: PASSWORD, tenantId: f.a.tenantId });
    const res = await call(t, "/api/blade-user/setRole", { token: f.a.boss, query: { ids: id, roleIds: `${f.a.roleIds.admin},${f.a.roleIds.user}` } });
    expect(res.msg).toBe("操作成功");
    expect((await detail(f.a.boss, id)).roleName).toBe("管理员,普通用户");
    await post("setRole", f.a.boss, { ids: id, roleIds: f.a.roleIds.user });
    expect((await detail(f.a.boss, id)).roleId).toBe(f.a.roleIds.user);
  });

  it("lets nobody hand out a role granting more than their own, nor the platform administrator role", async () => {
    // An operator who may set roles and holds what role `user` grants, but not the tenant admin's menus.
    const ops = await roleWith(f.a.tenantId, "ops", ["user", "user_role", ...(await codesOf(f.a.roleIds.user))]);
    await t.createUser({ account: "ops", password: PASSWORD, tenantId: f.a.tenantId, roleAliases: ["ops"] });
    const token = (await t.login("ops", PASSWORD, { tenantId: f.a.tenantId })).access_token;
    const above = await post("setRole", token, { ids: f.a.workerId, roleIds: f.a.roleIds.admin });
    expect(above.status).toBe(403);
    expect(above.msg).toBe(`${MSG_ROLE_ABOVE_OWN}: 管理员`);
    expect((await detail(f.a.boss, f.a.workerId)).roleId).toBe(f.a.roleIds.user);
    expect((await post("setRole", token, { ids: f.a.workerId, roleIds: `${f.a.roleIds.user},${ops}` })).msg).toBe("操作成功");
    await post("setRole", f.a.boss, { ids: f.a.workerId, roleIds: f.a.roleIds.user });

    // In the platform's own tenant, an operator who may set roles still cannot make an administrator.
    const [platformUser] = await t.db.select().from(role).where(and(eq(role.tenantId, "000000"), eq(role.roleAlias, "user")));
    await roleWith("000000", "hr_ops", ["user", "user_role", ...(await codesOf(platformUser.id))]);
    const { id } = await t.createUser({ account: "hrops", password: PASSWORD, roleAliases: ["hr_ops"] });
    const hr = (await t.login("hrops", PASSWORD)).access_token;
    const [administrator] = await t.db.select().from(role).where(eq(role.roleAlias, "administrator"));
    const escalate = await post("setRole", hr, { ids: id, roleIds: administrator.id });
    expect(escalate).toMatchObject({ status: 403, msg: MSG_NO_ADMIN_ROLE });
  });

  it("refuses missing or malformed ids, and another tenant's users and roles like missing ones", async () => {
    expect(await post("setRole", f.a.boss, { ids: f.a.workerId })).toMatchObject({ status: 400, msg: "请选择角色" });
    expect((await post("setRole", f.a.boss, { roleIds: f.a.roleIds.user })).msg).toBe("请至少选择一个用户");
    expect((await post("setRole", f.a.boss, { ids: f.a.workerId, roleIds: "1 or 1=1" })).status).toBe(400);
    const foreignUser = await post("setRole", f.a.boss, { ids: f.b.workerId, roleIds: f.a.roleIds.user });
    expect(foreignUser).toEqual(await post("setRole", f.a.boss, { ids: MISSING_ID, roleIds: f.a.roleIds.user }));
    const foreignRole = await post("setRole", f.a.boss, { ids: f.a.workerId, roleIds: f.b.roleIds.admin });
    expect(foreignRole).toMatchObject({ status: 400, msg: "所选角色不存在" });
    expect((await detail(f.b.boss, f.b.workerId)).roleId).toBe(f.b.roleIds.user);
  });

  it("answers 401 and 403", async () => {
    expect((await post("setRole", undefined, { ids: f.a.workerId, roleIds: f.a.roleIds.user })).status).toBe(401);
    expect((await post("setRole", f.a.worker, { ids: f.a.workerId, roleIds: f.a.roleIds.admin })).status).toBe(403);
  });
});

describe("POST /blade-user/userAddRole", () => {
  it("adds a role to each user, keeping the roles they had", async () => {
    const { id } = await t.createUser({ account: "addrole", password: PASSWORD, tenantId: f.a.tenantId });
    expect((await post("userAddRole", f.a.boss, { roleId: f.a.roleIds.admin, userIds: id })).msg).toBe("操作成功");
    expect((await detail(f.a.boss, id)).roleId).toBe(`${f.a.roleIds.user},${f.a.roleIds.admin}`);
    expect(await post("userAddRole", f.a.boss, { userIds: id })).toMatchObject({ status: 400, msg: "请选择角色" });
    expect((await post("userAddRole", f.a.boss, { roleId: f.a.roleIds.admin, userIds: f.b.workerId })).msg).toBe("用户不存在");
    expect((await post("userAddRole", undefined, { roleId: f.a.roleIds.admin, userIds: id })).status).toBe(401);
    expect((await post("userAddRole", f.a.worker, { roleId: f.a.roleIds.admin, userIds: id })).status).toBe(403);
  });
});

describe("setDept and batchInviteUserToDept", () => {
  it("sets the departments, and the department filter of the page follows", async () => {
    const sales = await deptIn(f.a.tenantId, f.a.rootDeptId, "销售部");
    const { id } = await t.createUser({ account: "mover", password: PASSWORD, tenantId: f.a.tenantId });
    expect((await post("setDept", f.a.boss, { ids: id, deptIds: sales })).msg).toBe("操作成功");
    expect((await detail(f.a.boss, id)).deptName).toBe("销售部");
    const links = await t.db.select().from(userDept).where(eq(userDept.userId, id));
    expect(links.map((l) => l.deptId)).toEqual([sales]);
    const page = await call<{ records: UserVO[] }>(t, "/api/blade-user/page", { token: f.a.boss, query: { deptId: sales } });
    expect(page.data.records.map((u) => u.account)).toEqual(["mover"]);

    // Inviting adds a department and keeps the others; inviting again changes nothing.
    expect((await post("batchInviteUserToDept", f.a.boss, { deptId: f.a.rootDeptId, userIds: id })).msg).toBe("操作成功");
    await post("batchInviteUserToDept", f.a.boss, { deptId: f.a.rootDeptId, userIds: id });
    expect((await detail(f.a.boss, id)).deptId).toBe(`${sales},${f.a.rootDeptId}`);
    expect((await t.db.select().from(userDept).where(eq(userDept.userId, id))).length).toBe(2);
  });

  it("refuses no department, and another tenant's department or user like missing ones", async () => {
    expect(await post("setDept", f.a.boss, { ids: f.a.workerId })).toMatchObject({ status: 400, msg: "请选择部门" });
    expect(await post("batchInviteUserToDept", f.a.boss, { userIds: f.a.workerId })).toMatchObject({ status: 400, msg: "请选择部门" });
    expect((await post("setDept", f.a.boss, { ids: f.a.workerId, deptIds: f.b.rootDeptId })).msg).toBe("所选机构不存在");
    expect((await post("batchInviteUserToDept", f.a.boss, { deptId: f.b.rootDeptId, userIds: f.a.workerId })).msg).toBe("所选机构不存在");
    const foreign = await post("setDept", f.a.boss, { ids: f.b.workerId, deptIds: f.a.rootDeptId });
    expect(foreign).toEqual(await post("setDept", f.a.boss, { ids: MISSING_ID, deptIds: f.a.rootDeptId }));
    expect((await detail(f.b.boss, f.b.workerId)).deptId).toBe(f.b.rootDeptId);
  });

  it("answers 401 and 403", async () => {
    for (const path of ["setDept", "batchInviteUserToDept"]) {
      expect((await post(path, undefined, { ids: f.a.workerId, userIds: f.a.workerId, deptId: f.a.rootDeptId })).status).toBe(401);
      expect((await post(path, f.a.worker, { ids: f.a.workerId, userIds: f.a.workerId, deptId: f.a.rootDeptId, deptIds: f.a.rootDeptId })).status).toBe(403);
    }
  });
});

describe("platform-detail and update-platform", () => {
  it("reads and sets a user's platform", async () => {
    const before = await call<UserVO & { userExt: string }>(t, "/api/blade-user/platform-detail", { token: f.a.boss, query: { id: f.a.workerId } });
    expect(before.data).toMatchObject({ id: f.a.workerId, userType: 1, userTypeName: "WEB", userExt: "" });
    expect((await post("update-platform", f.a.boss, { userId: f.a.workerId, userType: "2" })).msg).toBe("操作成功");
    expect((await detail(f.a.boss, f.a.workerId)).userTypeName).toBe("APP");
  });

  it("keeps an extension per platform and answers the one of the user's platform", async () => {
    const platform = async () => (await call<UserVO & { userExt: string }>(t, "/api/blade-user/platform-detail", { token: f.a.boss, query: { id: f.a.workerId } })).data!;
    expect((await post("update-platform", f.a.boss, { userId: f.a.workerId, userType: "3", userExt: '{"deviceId":"X-1"}' })).msg).toBe("操作成功");
    expect(await platform()).toMatchObject({ userType: 3, userExt: '{"deviceId":"X-1"}' });
    expect((await post("update-platform", f.a.boss, { userId: f.a.workerId, userType: "2", userExt: "app" })).msg).toBe("操作成功");
    expect(await platform()).toMatchObject({ userType: 2, userExt: "app" });
    // Back on the other platform: its own extension, kept; a save without userExt leaves it.
    expect((await post("update-platform", f.a.boss, { userId: f.a.workerId, userType: "3" })).msg).toBe("操作成功");
    expect(await platform()).toMatchObject({ userType: 3, userExt: '{"deviceId":"X-1"}' });
    expect((await post("update-platform", f.a.boss, { userId: f.a.workerId, userType: "3", userExt: "" })).msg).toBe("操作成功");
    expect(await platform()).toMatchObject({ userType: 3, userExt: "" });
    // Concurrent saves of one user's platform leave one row per platform, the last word kept.
    const saves = await Promise.all(["a", "b", "c"].map((v) => post("update-platform", f.a.boss, { userId: f.a.workerId, userType: "1", userExt: v })));
    expect(saves.map((r) => r.msg)).toEqual(["操作成功", "操作成功", "操作成功"]);
    expect(["a", "b", "c"]).toContain((await platform()).userExt);
    expect((await post("update-platform", f.a.boss, { userId: f.a.workerId, userType: "2" })).msg).toBe("操作成功");
  });

  it("refuses an unknown platform and an extension too long, changing nothing", async () => {
    const bad = await post("update-platform", f.a.boss, { userId: f.a.workerId, userType: "9" });
    expect(bad).toMatchObject({ status: 400, data: [{ field: "userType", message: "用户平台取值不正确" }] });
    const ext = await post("update-platform", f.a.boss, { userId: f.a.workerId, userType: "3", userExt: "x".repeat(2001) });
    expect(ext).toMatchObject({ status: 400, msg: MSG_USER_EXT_LONG, data: [{ field: "userExt", message: MSG_USER_EXT_LONG }] });
    expect((await detail(f.a.boss, f.a.workerId)).userType).toBe(2);
    expect((await post("update-platform", f.a.boss, { userType: "1" })).msg).toBe("用户ID不能为空");
  });

  it("answers 401, 403 and another tenant's user like a missing one", async () => {
    expect((await call(t, "/api/blade-user/platform-detail", { query: { id: f.a.workerId } })).status).toBe(401);
    expect((await call(t, "/api/blade-user/platform-detail", { token: f.a.worker, query: { id: f.a.workerId } })).status).toBe(403);
    expect((await post("update-platform", f.a.worker, { userId: f.a.workerId, userType: "1" })).status).toBe(403);
    const foreign = await call(t, "/api/blade-user/platform-detail", { token: f.a.boss, query: { id: f.b.workerId } });
    expect(foreign).toEqual(await call(t, "/api/blade-user/platform-detail", { token: f.a.boss, query: { id: MISSING_ID } }));
    expect((await post("update-platform", f.a.boss, { userId: f.b.workerId, userType: "3" })).msg).toBe("用户不存在");
    expect((await detail(f.b.boss, f.b.workerId)).userType).toBe(1);
  });
});

describe("POST /blade-user/changePwd", () => {
  const change = (token: string | undefined, json: Record<string, unknown>) => call(t, "/api/blade-user/changePwd", { token, json });

  it("gives a user the password typed, ending their sessions and lifting a lockout", async () => {
    const { id } = await t.createUser({ account: "forgetful", password: PASSWORD, tenantId: f.a.tenantId });
    const session = (await t.login("forgetful", PASSWORD, { tenantId: f.a.tenantId })).access_token;
    expect((await change(f.a.boss, { userId: id, password: "Fresh-Start-9", password2: "Fresh-Start-9" })).msg).toBe("操作成功");
    expect((await t.request("/api/blade-user/info", { token: session })).status).toBe(401);
    await expect(t.login("forgetful", PASSWORD, { tenantId: f.a.tenantId })).rejects.toThrow();
    await expect(t.login("forgetful", "Fresh-Start-9", { tenantId: f.a.tenantId })).resolves.toBeTruthy();
  });

  it("refuses a weak or mismatched password, and the caller's own account", async () => {
    const weak = await change(f.a.boss, { userId: f.a.workerId, password: "abc123", password2: "abc123" });
    expect(weak.status).toBe(400);
    expect(weak.data).toEqual([{ field: "password", message: weak.msg }]);
    expect((await change(f.a.boss, { userId: f.a.workerId, password: "Fresh-Start-9", password2: "other" })).msg).toBe("两次密码输入不一致");
    expect((await change(f.a.boss, { userId: f.a.bossId, password: "Fresh-Start-9", password2: "Fresh-Start-9" })).status).toBe(400);
    expect((await change(f.a.boss, { password: "Fresh-Start-9", password2: "Fresh-Start-9" })).msg).toBe("用户ID不能为空");
    await expect(t.login(`worker${f.a.tenantId}`, PASSWORD, { tenantId: f.a.tenantId })).resolves.toBeTruthy();
  });

  it("answers 401, 403 and another tenant's user like a missing one", async () => {
    const body = { userId: f.b.workerId, password: "Fresh-Start-9", password2: "Fresh-Start-9" };
    expect((await change(undefined, body)).status).toBe(401);
    expect((await change(f.a.worker, { ...body, userId: f.a.workerId })).status).toBe(403);
    expect(await change(f.a.boss, body)).toEqual(await change(f.a.boss, { ...body, userId: MISSING_ID }));
    await expect(t.login(`worker${f.b.tenantId}`, PASSWORD, { tenantId: f.b.tenantId })).resolves.toBeTruthy();
  });
});
