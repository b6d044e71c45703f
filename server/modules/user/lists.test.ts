/**
 * The other readings of users: userRolePage, usesPage, usesList, getSelectUserInfo, user-list and
 * page/project. Same tenant rules as the page: another tenant's users are never listed, and its
 * role is answered like a missing one.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, UserVO } from "../../../domain/contract";
import { nextId } from "../../db/ids";
import { menu, role, roleMenu } from "../../db/schema";
import type { TestApp } from "../../test/fresh-app";
import type { PickedUser } from "./lists";
import { PASSWORD, call, userFixture, type UserFixture } from "./test-fixture";

let f: UserFixture;
let t: TestApp;
/** A user of tenant 100001 who may open the role page (code `role`) but not the users page. */
let roleViewer: string;
/** A user of tenant 100001 who may add directories of 资源目录, and nothing of users or roles. */
let dirKeeper: string;
beforeAll(async () => {
  f = await userFixture();
  t = f.t;
  const id = nextId();
  await t.db.insert(role).values({ id, tenantId: f.a.tenantId, roleName: "角色查看", roleAlias: "role_viewer" });
  const menus = await t.db.select({ id: menu.id }).from(menu).where(inArray(menu.code, ["role"]));
  await t.db.insert(roleMenu).values(menus.map((m) => ({ id: nextId(), roleId: id, menuId: m.id })));
  await t.createUser({ account: "viewer", password: PASSWORD, tenantId: f.a.tenantId, roleAliases: ["role_viewer"] });
  roleViewer = (await t.login("viewer", PASSWORD, { tenantId: f.a.tenantId })).access_token;
  await t.createUser({ account: "zhang", password: PASSWORD, tenantId: f.a.tenantId, realName: "张三", phone: "13800138000" });
  // A keeper of 资源目录 who may add directories (and so pick their owner), without the users page.
  const keeperRole = nextId();
  await t.db.insert(role).values({ id: keeperRole, tenantId: f.a.tenantId, roleName: "目录维护", roleAlias: "dir_keeper" });
  const keeperMenus = await t.db.select({ id: menu.id }).from(menu).where(inArray(menu.code, ["resourceDirectory", "resourceDirectory_add"]));
  expect(keeperMenus).toHaveLength(2);
  await t.db.insert(roleMenu).values(keeperMenus.map((m) => ({ id: nextId(), roleId: keeperRole, menuId: m.id })));
  await t.createUser({ account: "keeper", password: PASSWORD, tenantId: f.a.tenantId, roleAliases: ["dir_keeper"] });
  dirKeeper = (await t.login("keeper", PASSWORD, { tenantId: f.a.tenantId })).access_token;
});
afterAll(() => t.close());

const get = <T>(path: string, token: string | undefined, query: Record<string, string> = {}) =>
  call<T>(t, `/api/blade-user/${path}`, { token, query });
const accounts = (rows: { account: string }[]) => rows.map((r) => r.account).sort();

describe("GET /blade-user/userRolePage", () => {
  it("pages the users holding a role, for the users page and the role page alike", async () => {
    const page = await get<Page<UserVO>>("userRolePage", f.a.boss, { roleId: f.a.roleIds.admin });
    expect(accounts(page.data.records)).toEqual(["boss100001"]);
    const viewed = await get<Page<UserVO>>("userRolePage", roleViewer, { roleId: f.a.roleIds.user, realName: "张" });
    expect(accounts(viewed.data.records)).toEqual(["zhang"]);
  });

  it("needs a role, and answers another tenant's role like a missing one", async () => {
    expect(await get("userRolePage", f.a.boss)).toMatchObject({ status: 400, msg: "请选择角色" });
    expect((await get("userRolePage", f.a.boss, { roleId: "x" })).status).toBe(400);
    const foreign = await get("userRolePage", f.a.boss, { roleId: f.b.roleIds.user });
    expect(foreign).toEqual(await get("userRolePage", f.a.boss, { roleId: "1234567890123" }));
    expect(foreign.msg).toBe("角色不存在");
  });

  it("answers the platform's administrator role like a missing one to everyone but the platform administrator", async () => {
    const [administrator] = await t.db.select({ id: role.id }).from(role).where(and(eq(role.tenantId, "000000"), eq(role.roleAlias, "administrator")));
    // A role page viewer of the platform's own tenant, without the administrator role.
    const viewerRole = nextId();
    await t.db.insert(role).values({ id: viewerRole, tenantId: "000000", roleName: "角色查看", roleAlias: "role_viewer" });
    const [roleMenuRow] = await t.db.select({ id: menu.id }).from(menu).where(eq(menu.code, "role"));
    await t.db.insert(roleMenu).values({ id: nextId(), roleId: viewerRole, menuId: roleMenuRow.id });
    await t.createUser({ account: "rootviewer", password: PASSWORD, roleAliases: ["role_viewer"] });
    const localAdmin = (await t.login("rootviewer", PASSWORD)).access_token;
    expect(await get("userRolePage", localAdmin, { roleId: administrator.id })).toMatchObject({ status: 400, msg: "角色不存在" });
    const root = (await t.loginAdmin()).access_token;
    const page = await get<Page<UserVO>>("userRolePage", root, { roleId: administrator.id });
    expect(accounts(page.data.records)).toContain("admin");
  });

  it("answers 401 and 403", async () => {
    expect((await get("userRolePage", undefined, { roleId: f.a.roleIds.user })).status).toBe(401);
    expect((await get("userRolePage", f.a.worker, { roleId: f.a.roleIds.user })).status).toBe(403);
  });
});

describe("the pickers: usesPage, usesList, getSelectUserInfo", () => {
  it("list the tenant's users with what a picker shows, and nothing of their contact details or roles", async () => {
    const page = await get<Page<PickedUser>>("usesPage", roleViewer, { size: "200" });
    expect(accounts(page.data.records)).toEqual(["boss100001", "keeper", "viewer", "worker100001", "zhang"]);
    const zhang = page.data.records.find((u) => u.account === "zhang")!;
    expect(Object.keys(zhang).sort()).toEqual(["account", "avatar", "deptId", "deptName", "id", "name", "realName", "status", "tenantId"]);
    const list = await get<PickedUser[]>("usesList", f.a.boss, { account: "zh" });
    expect(accounts(list.data)).toEqual(["zhang"]);
    const info = await get<PickedUser[]>("getSelectUserInfo", roleViewer, { userIds: `${zhang.id},${f.a.workerId}` });
    expect(info.data.map((u) => u.id)).toEqual([zhang.id, f.a.workerId]);
  });

  it("never show another tenant's users, even when named", async () => {
    const info = await get<PickedUser[]>("getSelectUserInfo", f.a.boss, { userIds: `${f.b.workerId},${f.a.workerId}` });
    expect(info.data.map((u) => u.id)).toEqual([f.a.workerId]);
    const page = await get<Page<PickedUser>>("usesPage", f.a.boss, { size: "200" });
    expect(page.data.records.every((u) => u.tenantId === f.a.tenantId)).toBe(true);
  });

  it("serve whoever may add directories, to pick a directory's owner (负责人), and not user-list", async () => {
    const found = await get<Page<PickedUser>>("usesPage", dirKeeper, { realName: "张", status_equal: "1" });
    expect(accounts(found.data.records)).toEqual(["zhang"]);
    const zhang = found.data.records[0];
    expect((await get<PickedUser[]>("getSelectUserInfo", dirKeeper, { userIds: zhang.id })).data).toEqual([zhang]);
    expect((await get("user-list", dirKeeper)).status).toBe(403);
  });

  it("refuse unknown filters and malformed ids, 401 and 403", async () => {
    expect((await get("usesPage", f.a.boss, { password_equal: "x" })).status).toBe(400);
    expect((await get("usesList", f.a.boss, { phone_equal: "1\u0000" })).status).toBe(400);
    expect((await get("getSelectUserInfo", f.a.boss, { userIds: "1,abc" })).status).toBe(400);
    for (const path of ["usesPage", "usesList", "getSelectUserInfo"]) {
      expect((await get(path, undefined)).status).toBe(401);
      expect((await get(path, f.a.worker)).status).toBe(403);
    }
  });
});

describe("GET /blade-user/user-list and /page/project", () => {
  it("user-list binds bare keys as equality (BladeX binds a User entity), and suffixed keys as they say", async () => {
    expect(accounts((await get<UserVO[]>("user-list", f.a.boss, { account: "zhang" })).data)).toEqual(["zhang"]);
    expect((await get<UserVO[]>("user-list", f.a.boss, { account: "zh" })).data).toEqual([]);
    expect(accounts((await get<UserVO[]>("user-list", f.a.boss, { account_like: "zh" })).data)).toEqual(["zhang"]);
    expect((await get("user-list", f.a.boss, { tenantId: f.b.tenantId })).status).toBe(400);
  });

  it("page/project pages like the users page, with its department filter", async () => {
    const page = await get<Page<UserVO>>("page/project", f.a.boss, { deptId: f.a.rootDeptId, size: "200" });
    expect(page.data.records.length).toBeGreaterThan(0);
    expect(page.data.records.every((u) => u.tenantId === f.a.tenantId)).toBe(true);
    expect((await get("page/project", f.a.boss, { deptId: f.b.rootDeptId })).data).toMatchObject({ total: 0 });
  });

  it("answer 401 and 403", async () => {
    for (const path of ["user-list", "page/project"]) {
      expect((await get(path, undefined)).status).toBe(401);
      expect((await get(path, roleViewer)).status).toBe(403);
    }
  });
});
