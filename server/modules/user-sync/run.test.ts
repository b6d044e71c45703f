import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { dept, operationLog, role, user, userSynchronizer } from "../../db/schema";
import { freshApp, type TestApp } from "../../test/fresh-app";
import { idle } from "./run";
import { setTestReader } from "./sources";
import { ldapPerson, MemorySource } from "./test-source";

const API = "/api/authentication/userSynchronizers";
const TASKS = "/api/authentication/taskResult";
const T = "300001";

describe("user sync runs (engine, task results, lease)", () => {
  let t: TestApp;
  let token: string;
  let other: string;
  let roleId: string;
  let source: MemorySource;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several shapes, checked by the assertions
  const json = async (res: Response) => (await res.json()) as { code: number; msg: string; data: any };
  const create = async (extra: Record<string, unknown> = {}) =>
    (
      await json(
        await t.request(`${API}/submit`, {
          token,
          json: { name: `目录${Math.random()}`, sourceType: "ldap", endpoint: "ldap://127.0.0.1:3890", principal: "cn=admin", secret: "pw", userBaseDn: "ou=people", roleId, ...extra },
        }),
      )
    ).data.id as string;
  /** sync/{id}, then the finished task with its items. */
  const sync = async (id: string) => {
    const started = await json(await t.request(`${API}/sync/${id}`, { token }));
    expect(started.code, started.msg).toBe(200);
    expect(started.data.taskStatus).toBe(0);
    await idle(t.ctx);
    const task = (await json(await t.request(`${TASKS}/detail`, { token, query: { id: started.data.id } }))).data;
    const items = (await json(await t.request(`${TASKS}/items`, { token, query: { taskId: task.id, size: 200 } }))).data.records;
    return { task, items: items as { externalId: string; action: string; changes: Record<string, unknown>; reason: string }[] };
  };
  const preview = async (id: string) => (await json(await t.request(`${API}/preview`, { token, json: { id } }))).data;
  const users = () => t.db.select().from(user).where(and(eq(user.tenantId, T), eq(user.isDeleted, 0)));
  const shape = (items: { externalId: string; action: string; changes?: Record<string, unknown> }[]) =>
    items.map((i) => ({ externalId: i.externalId, action: i.action, changes: i.changes })).sort((a, b) => a.externalId.localeCompare(b.externalId));

  beforeAll(async () => {
    t = await freshApp({ oauth: false });
    await t.createTenant(T);
    await t.createTenant("300002");
    await t.createUser({ account: "boss", password: "Passw0rd!x", tenantId: T, roleAliases: ["admin"] });
    await t.createUser({ account: "boss2", password: "Passw0rd!x", tenantId: "300002", roleAliases: ["admin"] });
    token = (await t.login("boss", "Passw0rd!x", { tenantId: T })).access_token;
    other = (await t.login("boss2", "Passw0rd!x", { tenantId: "300002" })).access_token;
    roleId = (await t.db.select().from(role).where(and(eq(role.tenantId, T), eq(role.roleAlias, "user"))))[0].id;
    source = new MemorySource();
    setTestReader(() => source.reader());
  });
  afterEach(() => idle(t.ctx));
  afterAll(async () => {
    setTestReader(undefined);
    await t.close();
  });

  it("previews, then runs exactly what it previewed: the department tree, the users in it; a second run changes nothing", async () => {
    source.depts = [
      { externalId: "ou-rd", parentExternalId: "ou-hq", name: "研发部", sort: 2 },
      { externalId: "ou-hq", parentExternalId: "", name: "总部", sort: 1 },
    ];
    source.users = [ldapPerson("e1", "ann", { deptExternalIds: ["ou-rd"] }), ldapPerson("e2", "ben", { deptExternalIds: ["ou-hq"] }), ldapPerson("e3", "cid")];
    const id = await create({ missingPolicy: "keep" });
    const before = await users();
    const planned = await preview(id);
    expect(planned.summary).toEqual({ create: 5, update: 0, disable: 0, delete: 0, skip: 0, fail: 0 });
    expect(await users()).toEqual(before);
    const { task, items } = await sync(id);
    expect(task).toMatchObject({ taskStatus: 1, trigger: "manual", created: 5, updated: 0, failed: 0 });
    expect(shape(items)).toEqual(shape(planned.items));
    const [hq] = await t.db.select().from(dept).where(and(eq(dept.tenantId, T), eq(dept.deptName, "总部")));
    const [rd] = await t.db.select().from(dept).where(and(eq(dept.tenantId, T), eq(dept.deptName, "研发部")));
    expect(rd).toMatchObject({ parentId: hq.id, ancestors: `${hq.ancestors},${hq.id}` });
    expect((await users()).find((u) => u.account === "ann")).toMatchObject({ deptId: rd.id, realName: "名ann", roleId });
    const again = await sync(id);
    expect(again.task).toMatchObject({ taskStatus: 1, created: 0, updated: 0, message: "没有需要同步的变更" });
    expect(again.items).toEqual([]);
    // The list shows each synchroniser's latest run.
    const listed = (await json(await t.request(`${API}/page`, { token, query: { size: 100 } }))).data.records.find((r: { id: string }) => r.id === id);
    expect(listed).toMatchObject({ lastTaskStatus: 1, lastRunTime: again.task.startTime, targetDeptName: "" });
    // Every change is the synchroniser's in the operation log.
    const logs = await t.db.select().from(operationLog).where(eq(operationLog.tenantId, T));
    expect(logs.filter((l) => l.tableName === "blade_user" && l.requestUri.startsWith("sync:目录")).length).toBeGreaterThan(0);
  });

  it("updates a changed field old → new, a renamed account in place, a moved department with its path", async () => {
    const id = await create({ missingPolicy: "keep" });
    source.depts = [{ externalId: "ou-x", parentExternalId: "", name: "X", sort: 0 }, { externalId: "ou-y", parentExternalId: "", name: "Y", sort: 0 }, { externalId: "ou-z", parentExternalId: "ou-x", name: "Z", sort: 0 }];
    source.users = [ldapPerson("r1", "dora", { attrs: { mobile: "13800000001" } })];
    await sync(id);
    source.users = [ldapPerson("r1", "dora2", { attrs: { mobile: "13800000002" } })];
    source.depts[2] = { externalId: "ou-z", parentExternalId: "ou-y", name: "Z", sort: 0 };
    const { items } = await sync(id);
    expect(items.find((i) => i.externalId === "r1")).toMatchObject({ action: "update", changes: { account: ["dora", "dora2"], phone: ["13800000001", "13800000002"] } });
    expect(items.find((i) => i.externalId === "ou-z")).toMatchObject({ action: "update", changes: { parentId: ["X", "Y"] } });
    expect((await users()).filter((u) => u.account.startsWith("dora")).map((u) => u.account)).toEqual(["dora2"]);
    const [y] = await t.db.select().from(dept).where(and(eq(dept.tenantId, T), eq(dept.deptName, "Y")));
    const [z] = await t.db.select().from(dept).where(and(eq(dept.tenantId, T), eq(dept.deptName, "Z")));
    expect(z).toMatchObject({ parentId: y.id, ancestors: `${y.ancestors},${y.id}` });
  });

  it("reads an unchanged source once, yet sees a person whose unit only now comes in, and one changed person", async () => {
    let reads = 0;
    setTestReader(() => {
      const reader = source.reader();
      return { ...reader, users: () => (reads++, reader.users()) };
    });
    try {
      // The default policy for people gone from the source (disable): each run first checks the threshold.
      const id = await create({ deleteThreshold: 100 });
      source.depts = [{ externalId: "ou-ops", parentExternalId: "", name: "", sort: 0 }];
      source.users = [ldapPerson("o1", "olga", { deptExternalIds: ["ou-ops"] }), ldapPerson("o2", "otto")];
      const first = await sync(id);
      expect(first.task).toMatchObject({ created: 2, failed: 1 });
      reads = 0;
      const unchanged = await sync(id);
      expect([unchanged.task.taskStatus, unchanged.items.filter((i) => i.action !== "fail").length, reads]).toEqual([2, 0, 1]);
      // The unit gets its name: it is created, and olga (unchanged herself) moves into it.
      source.depts = [{ externalId: "ou-ops", parentExternalId: "", name: "运维部", sort: 0 }];
      const named = await sync(id);
      const [ops] = await t.db.select().from(dept).where(and(eq(dept.tenantId, T), eq(dept.deptName, "运维部")));
      expect(named.items.map((i) => [i.externalId, i.action]).sort()).toEqual([["o1", "update"], ["ou-ops", "create"]]);
      expect((await users()).find((u) => u.account === "olga")?.deptId).toBe(ops.id);
      source.users[1] = ldapPerson("o2", "otto", { attrs: { mobile: "13900000000" } });
      reads = 0;
      const changed = await sync(id);
      expect([changed.items.map((i) => [i.externalId, i.action]), reads]).toEqual([[["o2", "update"]], 2]);
    } finally {
      setTestReader(() => source.reader());
    }
  });

  it("skips an existing unlinked account with the reason, and a bad user makes the run 部分成功", async () => {
    await t.createUser({ account: "eve", password: "Passw0rd!x", tenantId: T });
    const id = await create({ conflictPolicy: "skip", missingPolicy: "keep" });
    source.depts = [];
    source.users = [ldapPerson("s1", "eve"), ldapPerson("s2", ""), ldapPerson("s3", "fay")];
    const { task, items } = await sync(id);
    expect(task).toMatchObject({ taskStatus: 2, created: 1, skipped: 1, failed: 1 });
    expect(items.find((i) => i.externalId === "s1")).toMatchObject({ action: "skip", reason: "账号 eve 已存在" });
    expect(items.find((i) => i.externalId === "s2")).toMatchObject({ action: "fail", reason: "缺少账号" });
  });

  it("disables, deletes or keeps users gone from the source", async () => {
    source.depts = [];
    for (const policy of ["disable", "delete", "keep"] as const) {
      const id = await create({ missingPolicy: policy, deleteThreshold: 100 });
      source.users = [ldapPerson(`${policy}1`, `${policy}-a`), ldapPerson(`${policy}2`, `${policy}-b`)];
      await sync(id);
      source.users = [ldapPerson(`${policy}1`, `${policy}-a`)];
      const { items } = await sync(id);
      const gone = (await t.db.select().from(user).where(and(eq(user.tenantId, T), eq(user.account, `${policy}-b`))))[0];
      if (policy === "disable") expect([items.map((i) => i.action), gone.status, gone.isDeleted]).toEqual([["disable"], 0, 0]);
      if (policy === "delete") expect([items.map((i) => i.action), gone.isDeleted]).toEqual([["delete"], 1]);
      if (policy === "keep") expect([items, gone.status, gone.isDeleted]).toEqual([[], 1, 0]);
    }
  });

  it("stops as 失败 over the deletion threshold, and changes nothing at all", async () => {
    const id = await create({ missingPolicy: "delete", deleteThreshold: 20 });
    source.depts = [];
    source.users = ["t1", "t2", "t3", "t4"].map((e) => ldapPerson(e, `th-${e}`));
    await sync(id);
    // Half gone, and one new user and one change that must not be written either.
    source.users = [ldapPerson("t1", "th-t1", { attrs: { displayName: "改名" } }), ldapPerson("t2", "th-t2"), ldapPerson("t9", "th-t9")];
    source.users.splice(1, 1);
    const before = await users();
    const { task, items } = await sync(id);
    expect(task).toMatchObject({ taskStatus: 3, deleted: 0, created: 0 });
    expect(task.message).toBe("本次将停用或删除 3 个用户(占已关联用户的 75%),超过删除阈值 20%,未做任何修改");
    expect(items).toEqual([]);
    expect(await users()).toEqual(before);
  });

  it("answers a source failure in its own words: a run as 失败, a preview as a refusal", async () => {
    const id = await create({ missingPolicy: "keep" });
    source.failWith = "无法连接 LDAP 服务器 127.0.0.1:3890:连接被拒绝";
    try {
      const { task } = await sync(id);
      expect(task).toMatchObject({ taskStatus: 3, message: "无法连接 LDAP 服务器 127.0.0.1:3890:连接被拒绝" });
      const res = await t.request(`${API}/preview`, { token, json: { id } });
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({ code: 400, msg: "无法连接 LDAP 服务器 127.0.0.1:3890:连接被拒绝" });
    } finally {
      source.failWith = undefined;
    }
  });

  it("runs a synchroniser once at a time: a second sync while the first runs is refused", async () => {
    const id = await create({ missingPolicy: "keep" });
    source.depts = [];
    source.users = [ldapPerson("l1", "lease-a")];
    let release = () => {};
    source.gate = new Promise<void>((done) => (release = done));
    try {
      const [a, b] = await Promise.all([t.request(`${API}/sync/${id}`, { token }), t.request(`${API}/sync/${id}`, { token })]);
      const answers = [await json(a), await json(b)];
      expect(answers.map((x) => x.code).sort()).toEqual([200, 400]);
      expect(answers.find((x) => x.code === 400)!.msg).toBe("该同步器正在运行,请稍后再试");
      expect((await json(await t.request(`${API}/detail`, { token, query: { id } }))).data.running).toBe(true);
    } finally {
      release();
      source.gate = undefined;
    }
    await idle(t.ctx);
    const [row] = await t.db.select().from(userSynchronizer).where(eq(userSynchronizer.id, id));
    expect(row).toMatchObject({ leaseOwner: "", leaseUntil: 0 });
    expect((await t.request(`${API}/sync/${id}`, { token })).status).toBe(200);
  });

  it("keeps synchronisers and their runs to their tenant", async () => {
    const id = await create({ missingPolicy: "keep" });
    source.users = [];
    const { task } = await sync(id);
    expect((await json(await t.request(`${API}/sync/${id}`, { token: other }))).msg).toBe("同步器不存在");
    expect((await json(await t.request(`${API}/preview`, { token: other, json: { id } }))).msg).toBe("同步器不存在");
    expect((await json(await t.request(`${TASKS}/detail`, { token: other, query: { id: task.id } }))).msg).toBe("同步记录不存在");
    expect((await json(await t.request(`${TASKS}/page`, { token: other }))).data.total).toBe(0);
    const mine = (await json(await t.request(`${TASKS}/page`, { token, query: { synchronizerId: id } }))).data;
    expect(mine.records.map((r: { id: string }) => r.id)).toEqual([task.id]);
  });
});
