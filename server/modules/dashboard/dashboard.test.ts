import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appVisitLog, loginLog } from "../../db/schema";
import { nextId } from "../../db/ids";
import { formatDateTime } from "../../db/time";
import { freshApp, type TestApp } from "../../test/fresh-app";
import { windowOf } from "./stats";

/** Local time `daysAgo` days back at `hour`:30, as the logs store it. */
function at(daysAgo: number, hour: number): string {
  const d = new Date();
  d.setDate(d.getDate() - daysAgo);
  d.setHours(hour, 30, 0, 0);
  return formatDateTime(d);
}

describe("/blade-system/dashboard: figures computed from the real tables", () => {
  let api: TestApp;
  let admin: string;
  let deptId: string;
  let tadmin: string;
  beforeAll(async () => {
    api = await freshApp({ oauth: false });
    admin = (await api.loginAdmin()).access_token;
    const t = await api.createTenant("200002");
    deptId = t.rootDeptId;
    await api.createUser({ account: "tadmin", password: "Tadmin#2024", tenantId: "200002", roleAliases: ["admin"] });
    await api.createUser({ account: "u1", password: "Plain#2024", tenantId: "200002" });
    tadmin = (await api.login("tadmin", "Tadmin#2024", { tenantId: "200002" })).access_token;
    // Seeded logs of tenant 200002 (the sign-in above wrote its own row too: one success today).
    const login = (daysAgo: number, success: number, hour = 9) => ({
      id: nextId(), tenantId: "200002", account: "u1", deptId, grantType: "password", success, createTime: at(daysAgo, hour),
    });
    await api.db.insert(loginLog).values([login(0, 1), login(0, 1), login(0, 0), login(3, 1), login(3, 0), login(40, 1)]);
    const visit = (appId: string, appName: string, daysAgo: number, hour: number) => ({
      id: nextId(), tenantId: "200002", account: "u1", deptId, appId, appName, createTime: at(daysAgo, hour),
    });
    await api.db.insert(appVisitLog).values([
      visit("11", "OA", 0, 9), visit("11", "OA", 1, 9), visit("11", "OA", 2, 14), visit("12", "CRM", 0, 14), visit("13", "", 50, 9),
    ]);
    // Another tenant's rows must not count.
    await api.db.insert(loginLog).values({ id: nextId(), tenantId: "000000", account: "x", success: 1, createTime: at(0, 9) });
    await api.db.insert(appVisitLog).values({ id: nextId(), tenantId: "000000", appId: "11", createTime: at(0, 9) });
  });
  afterAll(() => api.close());

  const get = async (path: string, token = tadmin, query: Record<string, string> = {}) => {
    const res = await api.request(`/api/blade-system/dashboard/${path}`, { token, query });
    return { status: res.status, body: await res.json() };
  };

  it("baseInfo: users, departments, applications visited, online sessions, today's sign-ins and visits", async () => {
    const { body } = await get("baseInfo");
    expect(body.data).toEqual({
      userCount: 2,
      deptCount: 1,
      appCount: 2,
      onlineCount: 1,
      todayLoginCount: 3,
      todayLoginFailCount: 1,
      todayVisitCount: 2,
    });
  });

  it("userAuthTrend: 30 days, successes and failures per day", async () => {
    const { body } = await get("userAuthTrend");
    const days = body.data as { date: string; success: number; fail: number }[];
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({ date: at(0, 0).slice(0, 10), success: 3, fail: 1 });
    expect(days.find((d) => d.date === at(3, 0).slice(0, 10))).toMatchObject({ success: 1, fail: 1 });
    expect(days.reduce((n, d) => n + d.success + d.fail, 0)).toBe(6);
  });

  it("userAuthDeptDistribution: successful sign-ins per department on the chosen day or month", async () => {
    const today = await get("userAuthDeptDistribution");
    expect(today.body.data).toEqual([{ deptId, deptName: "租户200002", count: 3 }]);
    const day = await get("userAuthDeptDistribution", tadmin, { dateTime: `${at(3, 0).slice(0, 10)} 00:00:00` });
    expect(day.body.data).toEqual([{ deptId, deptName: "租户200002", count: 1 }]);
    const empty = await get("userAuthDeptDistribution", tadmin, { dateTime: "2001-01-01" });
    expect(empty.body.data).toEqual([]);
    const bad = await get("userAuthDeptDistribution", tadmin, { dateTime: "2001-13-01" });
    expect(bad).toMatchObject({ status: 400, body: { code: 400 } });
  });

  it("applicationAccessTop10 and accessDistribution over the recent visits", async () => {
    const top = await get("applicationAccessTop10");
    expect(top.body.data).toEqual([
      { appId: "11", appName: "OA", count: 3 },
      { appId: "12", appName: "CRM", count: 1 },
    ]);
    const dist = (await get("accessDistribution")).body.data as { hour: string; count: number }[];
    expect(dist).toHaveLength(24);
    expect(dist.find((h) => h.hour === "09:00")?.count).toBe(2);
    expect(dist.find((h) => h.hour === "14:00")?.count).toBe(2);
  });

  it("keeps tenants apart, lets the platform administrator name one, and needs the dashboard menu", async () => {
    const own = await get("applicationAccessTop10", admin);
    expect(own.body.data).toEqual([{ appId: "11", appName: "11", count: 1 }]);
    const named = await get("baseInfo", admin, { tenantId: "200002" });
    expect(named.body.data.userCount).toBe(2);
    // A tenant administrator naming another tenant still reads its own.
    expect((await get("baseInfo", tadmin, { tenantId: "000000" })).body.data.userCount).toBe(2);
    expect((await api.request("/api/blade-system/dashboard/baseInfo")).status).toBe(401);
  });

  it("reads a month or a day from the date filter", () => {
    expect(windowOf("2024-02", Date.now())).toEqual({ from: "2024-02-01 00:00:00", to: "2024-03-01 00:00:00" });
    expect(windowOf("2024-12-31 10:00:00", Date.now())).toEqual({ from: "2024-12-31 00:00:00", to: "2025-01-01 00:00:00" });
  });
});
