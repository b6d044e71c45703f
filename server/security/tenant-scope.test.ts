import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user, userAppRole } from "../db/schema";
import { systemCaller } from "./caller";
import { freshApp, type TestApp } from "../test/fresh-app";
import { TenantScope } from "./tenant-scope";

let t: TestApp;
let mine: string;
let theirs: string;
beforeAll(async () => {
  t = await freshApp({ oauth: false });
  await t.createTenant("900001");
  await t.createTenant("900002");
  ({ id: mine } = await t.createUser({ account: "mine", password: "Passw0rd!x", tenantId: "900001" }));
  ({ id: theirs } = await t.createUser({ account: "theirs", password: "Passw0rd!x", tenantId: "900002" }));
});
afterAll(() => t.close());

const system = (tenantId: string, onBehalfOf?: string) => TenantScope.system(t.db, tenantId, t.ctx.now, onBehalfOf);

describe("TenantScope.system", () => {
  it("is the system, never an administrator, and stays in its tenant", async () => {
    const scope = system("900001");
    expect(scope.caller).toMatchObject({ isSystem: true, isAdministrator: false, roleIds: [], tenantId: "900001" });
    expect(scope.crossTenant).toBe(false);
    expect(scope.readTenant("900002", true)).toBe("900001");
    const accounts = (await scope.repo(user).list()).map((r) => r.account);
    expect(accounts).toContain("mine");
    expect(accounts).not.toContain("theirs");
  });

  it("answers another tenant's id like a missing one, and its UPDATE changes nothing there", async () => {
    const users = system("900001").repo(user);
    await expect(users.get(theirs, "用户不存在")).rejects.toMatchObject({ status: 400, message: "用户不存在" });
    await expect(users.update([mine, theirs], { realName: "改名" }, "用户不存在")).rejects.toMatchObject({ status: 400 });
    const rows = await t.db.select().from(user).where(eq(user.tenantId, "900002"));
    expect(rows.map((r) => r.realName)).not.toContain("改名");
    expect((await t.db.select().from(user).where(eq(user.id, mine)))[0].realName).not.toBe("改名");
  });

  it("leaves update_user alone when acting for nobody, and names the account it acts for", async () => {
    await t.db.update(user).set({ updateUser: mine }).where(eq(user.id, mine));
    await system("900001").repo(user).update([mine], { realName: "系统" });
    const [row] = await t.db.select().from(user).where(eq(user.id, mine));
    expect(row).toMatchObject({ realName: "系统", updateUser: mine });
    const id = await system("900001", "1234567890123").repo(user).insert({ account: "self", password: "x" }, undefined, "1234567890123");
    const [created] = await t.db.select().from(user).where(eq(user.id, id));
    expect(created).toMatchObject({ tenantId: "900001", createUser: id, updateUser: id });
  });
});

/** The platform administrator (role administrator in 000000), who crosses tenants. */
const administrator = () => new TenantScope(t.db, { ...systemCaller("000000", "1123598821738675201"), isSystem: false, isAdministrator: true }, t.ctx.now);
const accountsOf = async (scope: TenantScope) => (await scope.repo(user).list()).map((r) => r.account);

describe("TenantScope.forTenant", () => {
  it("confines the administrator's reads and inserts to the tenant it names", async () => {
    expect(await accountsOf(administrator())).toEqual(expect.arrayContaining(["mine", "theirs"]));
    const there = administrator().forTenant("900002");
    expect(await accountsOf(there)).toContain("theirs");
    expect(await accountsOf(there)).not.toContain("mine");
    expect(there.readTenant()).toBe("900002");
    await there.links(userAppRole).insert([{ userId: theirs, appRoleId: "1000000000000000001" }]);
    const [row] = await t.db.select().from(userAppRole).where(eq(userAppRole.userId, theirs));
    expect(row.tenantId).toBe("900002");
  });

  it("shows anyone else nothing of another tenant and lets it insert nothing there", async () => {
    expect(await accountsOf(system("900001").forTenant("900002"))).toEqual([]);
    expect(await accountsOf(system("900001").forTenant("900001"))).toContain("mine");
    const refused = system("900001").forTenant("900002").links(userAppRole).insert([{ userId: mine, appRoleId: "1000000000000000002" }]);
    await expect(refused).rejects.toMatchObject({ status: 400 });
    expect(await t.db.select().from(userAppRole).where(eq(userAppRole.userId, mine))).toEqual([]);
  });
});

describe("TenantScope.links", () => {
  it("stamps the caller's tenant, skips a pair already linked on request, and deletes only the caller's tenant's links", async () => {
    const links = system("900001").links(userAppRole);
    await links.insert([{ userId: mine, appRoleId: "1000000000000000003" }]);
    await links.insert([{ userId: mine, appRoleId: "1000000000000000003" }], { skipExisting: true });
    await expect(links.insert([{ userId: mine, appRoleId: "1000000000000000003" }])).rejects.toThrow();
    await administrator().forTenant("900002").links(userAppRole).insert([{ userId: theirs, appRoleId: "1000000000000000003" }]);
    expect((await links.list(eq(userAppRole.appRoleId, "1000000000000000003"))).map((r) => [r.userId, r.tenantId])).toEqual([[mine, "900001"]]);

    await links.delete(eq(userAppRole.appRoleId, "1000000000000000003"));
    const left = await t.db.select().from(userAppRole).where(eq(userAppRole.appRoleId, "1000000000000000003"));
    expect(left.map((r) => r.tenantId)).toEqual(["900002"]);
  });
});
