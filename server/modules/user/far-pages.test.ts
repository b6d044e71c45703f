import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserVO } from "../../../domain/contract";
import { freshApp, type TestApp } from "../../test/fresh-app";

/*
 * Pages in the far half are read from the other end once the total is known (Repository.page).
 * Whatever end a page is read from, it must list exactly the rows of one forward listing,
 * including ties on the sort column (users created within the same second).
 */
let t: TestApp;
let admin: string;
const USERS = 23;

beforeAll(async () => {
  t = await freshApp();
  admin = (await t.loginAdmin()).access_token;
  for (let i = 0; i < USERS; i++) await t.createUser({ account: `far${String(i).padStart(2, "0")}`, password: "Passw0rd!x" });
});
afterAll(() => t.close());

const ids = async (query: Record<string, string | number>) => {
  const body = await (await t.request("/api/blade-user/page", { token: admin, query })).json();
  return { ids: (body.data.records as UserVO[]).map((u) => u.id), total: body.data.total as number };
};

describe("far pages of /blade-user/page", () => {
  it.each([
    [{}, 4],
    [{}, 7],
    [{ descs: "account" }, 5],
    [{ ascs: "create_time" }, 3],
  ])("with %j and size %i, every page is the matching slice of one listing", async (sort, size) => {
    const all = await ids({ ...sort, size: 200 });
    expect(all.ids).toHaveLength(all.total);
    expect(all.total).toBeGreaterThan(USERS);
    const pages = Math.ceil(all.total / size);
    for (let current = 1; current <= pages + 1; current++) {
      const page = await ids({ ...sort, size, current });
      expect(page.total).toBe(all.total);
      expect(page.ids).toEqual(all.ids.slice((current - 1) * size, current * size));
    }
  });
});
