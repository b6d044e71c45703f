import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextId } from "../../db/ids";
import { dept } from "../../db/schema";
import { formatDateTime } from "../../db/time";
import { freshApp, type TestApp } from "../../test/fresh-app";
import { planRepair } from "./sync";

describe("planRepair", () => {
  it("leaves a consistent tree alone", () => {
    const rows = [
      { id: "1", parentId: "0", ancestors: "0" },
      { id: "2", parentId: "1", ancestors: "0,1" },
      { id: "3", parentId: "2", ancestors: "0,1,2" },
    ];
    expect(planRepair(rows).size).toBe(0);
  });

  it("rebuilds stale paths from parentId, however the rows are ordered", () => {
    const rows = [
      { id: "3", parentId: "2", ancestors: "0,9,2" },
      { id: "2", parentId: "1", ancestors: "0,9" },
      { id: "1", parentId: "0", ancestors: "0" },
    ];
    expect(Object.fromEntries(planRepair(rows))).toEqual({
      "2": { parentId: "1", ancestors: "0,1" },
      "3": { parentId: "2", ancestors: "0,1,2" },
    });
  });

  it("moves orphans and loops to the top level, keeping what hangs below them", () => {
    const rows = [
      { id: "1", parentId: "404", ancestors: "0,404" },
      { id: "2", parentId: "1", ancestors: "0,404,1" },
      { id: "5", parentId: "6", ancestors: "0,6" },
      { id: "6", parentId: "5", ancestors: "0,5" },
    ];
    const plan = Object.fromEntries(planRepair(rows));
    expect(plan["1"]).toEqual({ parentId: "0", ancestors: "0" });
    expect(plan["2"]).toEqual({ parentId: "1", ancestors: "0,1" });
    // One of the loop is cut loose, the other hangs below it.
    const loop = [plan["5"] ?? { parentId: "6", ancestors: "0,6" }, plan["6"] ?? { parentId: "5", ancestors: "0,5" }];
    expect(loop.filter((p) => p.parentId === "0")).toHaveLength(1);
  });

  it("walks a chain of 20,000 levels without overflowing the stack, cutting what no column could hold", () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ id: String(i + 1), parentId: String(i), ancestors: "0" }));
    rows[0].parentId = "0";
    const plan = planRepair(rows);
    expect([...plan.values()].every((p) => p.ancestors.length <= 2000)).toBe(true);
  });
});

describe("POST /blade-system/dept/syncDept", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await freshApp({ oauth: false });
    admin = (await t.loginAdmin()).access_token;
  });
  afterAll(() => t.close());

  it("repairs paths written behind the console's back, in the caller's tenant, and reports what it did", async () => {
    const now = formatDateTime(new Date());
    const lost = nextId();
    const child = nextId();
    // As an SQL script or an older tool might leave them: a parent that is gone, stale ancestors, no full name.
    await t.db.insert(dept).values([
      { id: lost, tenantId: "000000", parentId: "1234567890123", ancestors: "0,1234567890123", deptName: "失联机构", createTime: now, updateTime: now },
      { id: child, tenantId: "000000", parentId: lost, ancestors: "0,777", deptName: "失联下级", fullName: "失联下级全称", createTime: now, updateTime: now },
    ]);
    const res = await t.request("/api/blade-system/dept/syncDept", { method: "POST", token: admin });
    expect(res.status).toBe(200);
    const report = (await res.json()).data;
    expect(report).toMatchObject({ repaired: 2, detached: 1 });
    expect(report.total).toBeGreaterThanOrEqual(5);
    const [a] = await t.db.select().from(dept).where(eq(dept.id, lost));
    const [b] = await t.db.select().from(dept).where(eq(dept.id, child));
    expect(a).toMatchObject({ parentId: "0", ancestors: "0", fullName: "失联机构" });
    expect(b).toMatchObject({ parentId: lost, ancestors: `0,${lost}`, fullName: "失联下级全称" });
    const again = (await (await t.request("/api/blade-system/dept/syncDept", { method: "POST", token: admin })).json()).data;
    expect(again).toMatchObject({ repaired: 0, detached: 0 });
  });
});
