import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permissionCodes } from "../../domain/validation";
import { menuRows } from "../db/seed";
import { declaredCodes } from "../security/authorize";
import { allSpecs } from "../test/all-specs";
import { freshApp, type TestApp } from "../test/fresh-app";

const seeded = new Set(menuRows().map((m) => m.code));
describe("permission codes", () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await freshApp({ oauth: false }); // builds every module's routes
  });
  afterAll(() => api.close());

  it("every code a route requires is a menu or button of the seeded menu tree", () => {
    expect(declaredCodes.size).toBeGreaterThan(10);
    expect([...declaredCodes].filter((c) => !seeded.has(c))).toEqual([]);
  });

  it("every code a resource spec derives (list, add, edit, delete, view) is in the seeded menu tree", async () => {
    const specs = await allSpecs();
    expect(specs.map((s) => s.name)).toEqual(expect.arrayContaining(["user", "post", "param", "dict", "dictbiz"]));
    const missing = specs.flatMap((s) => Object.values(permissionCodes(s)).filter((c) => !seeded.has(c)).map((c) => `${s.name}: ${c}`));
    expect(missing).toEqual([]);
  });
});
