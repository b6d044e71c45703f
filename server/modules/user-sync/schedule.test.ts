import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { role, taskResult, user, userSynchronizer } from "../../db/schema";
import { freshApp, type TestApp } from "../../test/fresh-app";
import { runDue } from "./schedule";
import { setTestReader } from "./sources";
import { ldapPerson, MemorySource } from "./test-source";

const API = "/api/authentication/userSynchronizers";
const T = "400001";

describe("the synchronisers' schedule (on the app's clock)", () => {
  let t: TestApp;
  let token: string;
  let roleId: string;
  const source = new MemorySource();
  const create = async (extra: Record<string, unknown>) =>
    ((await (await t.request(`${API}/submit`, { token, json: { name: `定时${Math.random()}`, sourceType: "ldap", endpoint: "ldap://127.0.0.1:3890", principal: "cn=admin", secret: "pw", userBaseDn: "ou=people", roleId, missingPolicy: "keep", ...extra } })).json()) as { data: { id: string } }).data.id;
  const tasks = (id: string) => t.db.select().from(taskResult).where(eq(taskResult.synchronizerId, id));

  beforeAll(async () => {
    t = await freshApp({ oauth: false });
    await t.createTenant(T);
    await t.createUser({ account: "sched", password: "Passw0rd!x", tenantId: T, roleAliases: ["admin"] });
    token = (await t.login("sched", "Passw0rd!x", { tenantId: T })).access_token;
    roleId = (await t.db.select().from(role).where(and(eq(role.tenantId, T), eq(role.roleAlias, "user"))))[0].id;
    source.users = [ldapPerson("p1", "timed")];
    setTestReader(() => source.reader());
  });
  afterAll(async () => {
    setTestReader(undefined);
    await t.close();
  });

  it("runs an interval synchroniser when due, once, as 定时, and sets its next run", async () => {
    const id = await create({ scheduleType: "interval", intervalMinutes: 10 });
    const manual = await create({});
    const off = await create({ scheduleType: "interval", intervalMinutes: 5 });
    await t.request(`${API}/status`, { token, body: `id=${off}&status=0`, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(await runDue(t.ctx)).toBe(0);
    t.advanceTime(11 * 60_000);
    // Two server processes ticking at once: the lease lets exactly one run it.
    const ran = await Promise.all([runDue(t.ctx), runDue(t.ctx)]);
    expect(ran[0] + ran[1]).toBe(1);
    expect(await tasks(id)).toMatchObject([{ trigger: "schedule", taskStatus: 1, created: 1 }]);
    expect(await tasks(manual)).toEqual([]);
    expect(await tasks(off)).toEqual([]);
    expect((await t.db.select().from(user).where(and(eq(user.tenantId, T), eq(user.account, "timed")))).length).toBe(1);
    const [row] = await t.db.select().from(userSynchronizer).where(eq(userSynchronizer.id, id));
    expect(row.nextRunAt! - t.ctx.now()).toBeGreaterThan(9 * 60_000);
    expect(row.leaseOwner).toBe("");
    expect(await runDue(t.ctx)).toBe(0);
  });

  it("runs a cron synchroniser at its next minute", async () => {
    const id = await create({ scheduleType: "cron", cron: "*/15 * * * *" });
    const [row] = await t.db.select().from(userSynchronizer).where(eq(userSynchronizer.id, id));
    expect(new Date(row.nextRunAt!).getMinutes() % 15).toBe(0);
    t.advanceTime(16 * 60_000);
    await runDue(t.ctx);
    expect(await tasks(id)).toMatchObject([{ trigger: "schedule" }]);
  });
});
