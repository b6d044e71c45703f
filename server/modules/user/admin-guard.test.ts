/**
 * The last administrator (spec: "deleting … the last administrator is refused with a clear
 * message"): no user call — setRole, update, remove, changeStatus, a covering import — leaves a
 * tenant without an enabled user holding its administrator role (`admin` in a tenant,
 * `administrator` in the platform's 000000), and a refused call changes nothing at all.
 */
import ExcelJS from "exceljs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserVO } from "../../../domain/contract";
import { role } from "../../db/schema";
import { basicAuth, type TestApp } from "../../test/fresh-app";
import { lastAdministrator } from "../../security/admin-guard";
import { PASSWORD, call, userFixture, type UserFixture } from "./test-fixture";

let f: UserFixture;
let t: TestApp;
beforeAll(async () => {
  f = await userFixture();
  t = f.t;
});
afterAll(() => t.close());

const post = (path: string, token: string, query: Record<string, string>) => call(t, `/api/blade-user/${path}`, { method: "POST", token, query });
const detail = async (token: string, id: string) => (await call<UserVO>(t, "/api/blade-user/detail", { token, query: { id } })).data;
/** Tenant 100002's administrator role is named 管理员; the platform administrator hears which tenant. */
const lastOfB = (change: "remove" | "disable" | "role") => lastAdministrator(change, "管理员", f.b.tenantId);

/** What a refusal must have left alone: the user, enabled, with these roles, and signed in. */
async function unchanged(id: string, token: string, roleId: string) {
  expect(await detail(f.admin, id)).toMatchObject({ status: 1, roleId });
  expect((await t.request("/api/blade-user/info", { token })).status).toBe(200);
}

describe("a tenant's last enabled administrator", () => {
  it("is refused to the platform administrator for every call that would take them away, changing nothing", async () => {
    const { bossId, boss, roleIds, workerId } = f.b;
    const disable = await post("changeStatus", f.admin, { ids: bossId, status: "0" });
    expect(disable).toMatchObject({ status: 400, msg: "不能停用租户「100002」最后一名启用的管理员：至少要保留一名拥有角色「管理员」的启用用户" });
    expect(await post("remove", f.admin, { ids: bossId })).toMatchObject({ status: 400, msg: lastOfB("remove") });
    expect(await post("setRole", f.admin, { ids: bossId, roleIds: roleIds.user })).toMatchObject({ status: 400, msg: lastOfB("role") });
    const update = await call(t, "/api/blade-user/update", { token: f.admin, json: { id: bossId, roleId: roleIds.user } });
    expect(update).toMatchObject({ status: 400, msg: lastOfB("role") });
    // All or none: a batch that contains the last administrator writes nobody.
    expect(await post("changeStatus", f.admin, { ids: `${workerId},${bossId}`, status: "0" })).toMatchObject({ status: 400, msg: lastOfB("disable") });
    expect((await detail(f.admin, workerId)).status).toBe(1);
    await unchanged(bossId, boss, roleIds.admin);
    // Other changes of the administrator stay possible.
    const renamed = await call(t, "/api/blade-user/update", { token: f.admin, json: { id: bossId, realName: "老板", roleId: roleIds.admin } });
    expect(renamed.success).toBe(true);
  });

  it("may go once another enabled administrator remains, and a disabled one does not count", async () => {
    const { tenantId, roleIds, bossId, boss } = f.a;
    const deputyId = (await t.createUser({ account: "deputy", password: PASSWORD, tenantId, roleAliases: ["admin"] })).id;
    // The tenant's own administrator acts here: the message names no tenant.
    expect(await post("changeStatus", boss, { ids: deputyId, status: "0" })).toMatchObject({ success: true });
    expect(await post("setRole", boss, { ids: bossId, roleIds: roleIds.user })).toMatchObject({ status: 400, msg: lastAdministrator("role", "管理员") });
    expect(await post("changeStatus", boss, { ids: deputyId, status: "1" })).toMatchObject({ success: true });
    // Two now: taking both at once is refused, and neither changes.
    expect(await post("setRole", boss, { ids: `${bossId},${deputyId}`, roleIds: roleIds.user })).toMatchObject({ status: 400 });
    expect((await detail(boss, deputyId)).roleId).toBe(roleIds.admin);
    await unchanged(bossId, boss, roleIds.admin);
    // One at a time, the deputy may lose the role or go.
    expect(await post("setRole", boss, { ids: deputyId, roleIds: roleIds.user })).toMatchObject({ success: true });
    expect(await post("setRole", boss, { ids: deputyId, roleIds: roleIds.admin })).toMatchObject({ success: true });
    expect(await post("remove", boss, { ids: deputyId })).toMatchObject({ success: true });
    expect((await call(t, "/api/blade-user/detail", { token: boss, query: { id: deputyId } })).msg).toBe("用户不存在");
  });

  it("lets only one of two simultaneous calls take away the last two administrators", async () => {
    const { tenantId } = f.a;
    const twinIds = await Promise.all(
      ["twin1", "twin2"].map(async (account) => (await t.createUser({ account, password: PASSWORD, tenantId, roleAliases: ["admin"] })).id),
    );
    // Leave the twins as the tenant's only enabled administrators.
    const [adminRole] = await t.db.select().from(role).where(and(eq(role.tenantId, tenantId), eq(role.roleAlias, "admin")));
    expect(await post("setRole", f.admin, { ids: f.a.bossId, roleIds: f.a.roleIds.user })).toMatchObject({ success: true });
    const results = await Promise.all(twinIds.map((id) => post("changeStatus", f.admin, { ids: id, status: "0" })));
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(results.find((r) => !r.success)).toMatchObject({ status: 400, msg: lastAdministrator("disable", adminRole.roleName, tenantId) });
    expect((await Promise.all(twinIds.map((id) => detail(f.admin, id)))).map((u) => u.status).sort()).toEqual([0, 1]);
    // Put the boss back for the tests below.
    expect(await post("setRole", f.admin, { ids: f.a.bossId, roleIds: f.a.roleIds.admin })).toMatchObject({ success: true });
  });
});

describe("the platform's last administrator", () => {
  it("keeps the role administrator in tenant 000000 with an enabled holder", async () => {
    const [administrator] = await t.db.select().from(role).where(and(eq(role.tenantId, "000000"), eq(role.roleAlias, "administrator")));
    const [userRole] = await t.db.select().from(role).where(and(eq(role.tenantId, "000000"), eq(role.roleAlias, "user")));
    const secondId = (await t.createUser({ account: "second", password: PASSWORD, roleAliases: ["administrator"] })).id;
    const me = (await call<UserVO>(t, "/api/blade-user/info", { token: f.admin })).data.id;
    expect(await post("changeStatus", f.admin, { ids: secondId, status: "0" })).toMatchObject({ success: true });
    const refused = await post("setRole", f.admin, { ids: me, roleIds: userRole.id });
    expect(refused).toMatchObject({ status: 400, msg: lastAdministrator("role", administrator.roleName, "000000") });
    expect((await detail(f.admin, me)).roleId).toBe(administrator.id);
    // With the second administrator enabled again, the platform administrator may hand over.
    expect(await post("changeStatus", f.admin, { ids: secondId, status: "1" })).toMatchObject({ success: true });
    expect(await post("remove", f.admin, { ids: secondId })).toMatchObject({ success: true });
  });
});

describe("an import that covers existing users", () => {
  const headers = (token: string) => ({ Authorization: basicAuth(), "Blade-Auth": `bearer ${token}` });

  /** The caller's template, with these rows (by header) from row 2, uploaded with isCovered. */
  async function importRows(token: string, rows: Record<string, string>[]) {
    const book = new ExcelJS.Workbook();
    const res = await t.app.request("/api/blade-user/export-template", { headers: headers(token) });
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = book.worksheets[0];
    const columns = (sheet.getRow(1).values as string[]).map((h) => (h ?? "").replace("*", ""));
    rows.forEach((values, i) => {
      for (const [header, value] of Object.entries(values)) sheet.getCell(i + 2, columns.indexOf(header)).value = value;
    });
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await book.xlsx.writeBuffer()) as BlobPart]), "用户.xlsx");
    form.append("isCovered", "1");
    const answer = await t.app.request("/api/blade-user/import", { method: "POST", headers: headers(token), body: form });
    return { status: answer.status, ...((await answer.json()) as { code: number; msg: string }) };
  }

  it("is refused whole when it would take the last administrator's role, and writes nobody", async () => {
    const { tenantId, bossId, boss, roleIds } = f.b;
    const dept = `租户${tenantId}`;
    const rows = [
      { 登录账号: `worker${tenantId}`, 用户姓名: "改了名", 所属角色: "普通用户", 所属部门: dept },
      { 登录账号: `boss${tenantId}`, 用户姓名: "老板", 所属角色: "普通用户", 所属部门: dept },
    ];
    expect(await importRows(boss, rows)).toMatchObject({ status: 400, msg: lastAdministrator("role", "管理员") });
    expect((await detail(f.admin, f.b.workerId)).realName).not.toBe("改了名");
    await unchanged(bossId, boss, roleIds.admin);
  });
});
