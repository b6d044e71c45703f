import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshApp, type TestApp } from "../../test/fresh-app";
import { dict } from "../schema";
import { seedIfFirstStart } from "./index";

/* A database seeded by an earlier version: a system dictionary added since is missing. */
let t: TestApp;
beforeAll(async () => {
  t = await freshApp();
});
afterAll(() => t.close());

const entries = async (token: string, code: string) =>
  ((await (await t.request("/api/blade-system/dict/dictionary", { token, query: { code } })).json()).data as { dictKey: string; dictValue: string }[]).map((e) => [e.dictKey, e.dictValue]);

describe("system dictionaries added since a database was seeded", () => {
  it("are added with their entries at the next start; one an operator changed stays as it is", async () => {
    const admin = (await t.loginAdmin()).access_token;
    await t.db.delete(dict).where(eq(dict.code, "menu_system_type"));
    expect(await entries(admin, "menu_system_type")).toEqual([]);
    await t.db.update(dict).set({ dictValue: "自定义启用" }).where(and(eq(dict.code, "status"), eq(dict.dictKey, "1")));

    expect(await seedIfFirstStart(t.db)).toEqual({ seeded: false });
    expect(await entries(admin, "menu_system_type")).toEqual([["1", "控制台"], ["2", "移动端"]]);
    expect(await entries(admin, "status")).toContainEqual(["1", "自定义启用"]);
    // Once added, a later start adds nothing twice.
    await seedIfFirstStart(t.db);
    expect(await t.db.select().from(dict).where(and(eq(dict.code, "menu_system_type"), eq(dict.parentId, "0")))).toHaveLength(1);
  });
});
