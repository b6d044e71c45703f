import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../db/schema";
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
