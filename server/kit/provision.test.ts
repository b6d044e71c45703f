import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dept, operationLog, syncLink, tenant as tenantTable, user, userDept } from "../db/schema";
import { freshApp, type TestApp } from "../test/fresh-app";
import type { TenantScope } from "../security/tenant-scope";
import { Provisioner, UNUSABLE_PASSWORD_PREFIX, type ExternalUser, type ProvisionOptions } from "./provision";

const person = (id: string, account: string, extra: Partial<ExternalUser> = {}): ExternalUser => ({
  externalId: id,
  account,
  name: account,
  realName: `真名${account}`,
  phone: "",
  email: `${account}@example.com`,
  deptExternalIds: [],
  active: true,
  ...extra,
});

describe("Provisioner (server/kit/provision.ts)", () => {
  let t: TestApp;
  let roleId: string;
  let scope: TenantScope;
  const base: ProvisionOptions = { synchronizerId: "42", conflictPolicy: "skip", roleId: "", targetDeptId: "0" };
  const run = async (options: Partial<ProvisionOptions>, work: (p: Provisioner, tx: TenantScope) => Promise<unknown>) => {
    const p = await Provisioner.open(scope, { ...base, roleId, ...options });
    return scope.transaction((tx) => work(p, tx)) as Promise<Awaited<ReturnType<Provisioner["users"]>>>;
  };
  const users = () => t.db.select().from(user).where(eq(user.tenantId, "777001"));

  beforeAll(async () => {
    t = await freshApp({ oauth: false });
    const tenant = await t.createTenant("777001", "同步租户");
    roleId = tenant.roleIds.user;
    scope = t.ctx.system("777001").audited({ method: "SYNC", uri: "sync:测试", ip: "", userAgent: "", codes: ["userSynchronizer_sync"] });
  });
  afterAll(() => t.close());

  it("creates departments as a tree (ancestors right) and users in them, with the default role and no usable password", async () => {
    const items = await run({}, async (p, tx) => [
      ...(await p.departments(tx, [
        { externalId: "d2", parentExternalId: "d1", name: "研发部", sort: 1 },
        { externalId: "d1", parentExternalId: "", name: "总部", sort: 0 },
      ])),
      ...(await p.users(tx, [person("u1", "alice", { deptExternalIds: ["d2"] }), person("u2", "bob", { active: false })])),
    ]);
    expect(items.map((i) => [i.externalId, i.action])).toEqual([["d1", "create"], ["d2", "create"], ["u1", "create"], ["u2", "create"]]);
    const [top] = await t.db.select().from(dept).where(and(eq(dept.tenantId, "777001"), eq(dept.deptName, "总部")));
    const [rd] = await t.db.select().from(dept).where(eq(dept.deptName, "研发部"));
    expect(rd).toMatchObject({ parentId: top.id, ancestors: `0,${top.id}` });
    const alice = (await users()).find((u) => u.account === "alice")!;
    expect(alice).toMatchObject({ realName: "真名alice", deptId: rd.id, roleId, status: 1 });
    expect(alice.password.startsWith(UNUSABLE_PASSWORD_PREFIX)).toBe(true);
    expect(await t.db.select().from(userDept).where(eq(userDept.userId, alice.id))).toMatchObject([{ deptId: rd.id }]);
    expect((await users()).find((u) => u.account === "bob")!.status).toBe(0);
    // Logged as the synchroniser's, with before/after.
    const logs = await t.db.select().from(operationLog).where(and(eq(operationLog.tenantId, "777001"), eq(operationLog.requestUri, "sync:测试")));
    expect(logs.some((l) => l.tableName === "blade_user" && l.summary.includes("alice"))).toBe(true);
  });

  it("changes nothing the second time over the same data, and updates only the field that changed", async () => {
    const again = await run({}, (p, tx) => p.users(tx, [person("u1", "alice", { deptExternalIds: ["d2"] }), person("u2", "bob", { active: false })]));
    expect(again).toEqual([]);
    const renamed = await run({}, (p, tx) => p.users(tx, [person("u1", "alice2", { deptExternalIds: ["d2"] })]));
    expect(renamed).toMatchObject([{ externalId: "u1", action: "update", changes: { account: ["alice", "alice2"] } }]);
    expect((await users()).filter((u) => u.account.startsWith("alice")).map((u) => u.account)).toEqual(["alice2"]);
  });

  it("skips, links or overwrites an account that exists unlinked, as the policy says", async () => {
    await t.createUser({ tenantId: "777001", account: "carol", password: "x", realName: "旧名", roleAliases: ["admin"] });
    const skipped = await run({}, (p, tx) => p.users(tx, [person("u3", "carol")]));
    expect(skipped).toMatchObject([{ action: "skip", reason: "账号 carol 已存在" }]);
    const dry = await run({ conflictPolicy: "link", dryRun: true }, (p, tx) => p.users(tx, [person("u3", "carol")]));
    expect(dry).toMatchObject([{ action: "update", changes: { realName: ["旧名", "真名carol"] } }]);
    expect((await users()).find((u) => u.account === "carol")!.realName).toBe("旧名");
    const linked = await run({ conflictPolicy: "link" }, (p, tx) => p.users(tx, [person("u3", "carol")]));
    expect(linked).toEqual(dry);
    const carol = (await users()).find((u) => u.account === "carol")!;
    expect(carol.realName).toBe("真名carol");
    expect(carol.roleId).not.toBe(roleId);
    expect(await t.db.select().from(syncLink).where(eq(syncLink.localId, carol.id))).toMatchObject([{ externalId: "u3", synchronizerId: "42" }]);
    await t.createUser({ tenantId: "777001", account: "dave", password: "x", roleAliases: ["admin"] });
    await run({ conflictPolicy: "overwrite" }, (p, tx) => p.users(tx, [person("u4", "dave")]));
    expect((await users()).find((u) => u.account === "dave")!.roleId).toBe(roleId);
  });

  it("fails one bad user without stopping the others", async () => {
    const items = await run({}, (p, tx) => p.users(tx, [person("u5", ""), person("u6", "erin")]));
    expect(items.map((i) => [i.externalId, i.action, i.reason])).toEqual([["u5", "fail", "缺少账号"], ["u6", "create", undefined]]);
  });

  it("keeps to the tenant's account quota: the accounts past it fail with the quota's message, the others are created", async () => {
    const held = (await users()).filter((u) => u.isDeleted === 0).length;
    await t.db.update(tenantTable).set({ accountNumber: held + 1 }).where(eq(tenantTable.tenantId, "777001"));
    try {
      const items = await run({}, (p, tx) => p.users(tx, [person("q1", "quota1"), person("q2", "quota2")]));
      expect(items.map((i) => [i.externalId, i.action, i.reason])).toEqual([["q1", "create", undefined], ["q2", "fail", "当前租户已到最大账号额度!"]]);
      expect((await users()).map((u) => u.account)).not.toContain("quota2");
    } finally {
      await t.db.update(tenantTable).set({ accountNumber: -1 }).where(eq(tenantTable.tenantId, "777001"));
    }
  });

  it("disables or deletes users gone from the source", async () => {
    const links = await t.db.select().from(syncLink).where(and(eq(syncLink.synchronizerId, "42"), eq(syncLink.objectType, "user")));
    const erin = links.find((l) => l.externalId === "u6")!;
    const alice = links.find((l) => l.externalId === "u1")!;
    expect(await run({}, (p, tx) => p.retire(tx, [erin], "disable"))).toMatchObject([{ action: "disable", changes: { status: [1, 0] } }]);
    expect((await users()).find((u) => u.id === erin.localId)!.status).toBe(0);
    expect(await run({}, (p, tx) => p.retire(tx, [alice], "delete"))).toMatchObject([{ action: "delete" }]);
    expect((await users()).find((u) => u.id === alice.localId)!.isDeleted).toBe(1);
    // Back in the source: re-enabled.
    expect(await run({}, (p, tx) => p.users(tx, [person("u6", "erin")]))).toMatchObject([{ action: "update", changes: { status: [0, 1] } }]);
  });
});
