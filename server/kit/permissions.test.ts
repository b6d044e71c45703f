import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permissionCodes, type ResourceSpec } from "../../domain/validation";
import { menuRows } from "../db/seed";
import { declaredCodes } from "../security/authorize";
import { freshApp, type TestApp } from "../test/fresh-app";

const seeded = new Set(menuRows().map((m) => m.code));
const RESOURCES = join(import.meta.dirname, "../../domain/resources");

/** Every `domain/resources/<module>/<resource>/spec.ts` and the specs it exports. */
async function allSpecs(): Promise<ResourceSpec[]> {
  const specs: ResourceSpec[] = [];
  for (const module of readdirSync(RESOURCES, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const resource of readdirSync(join(RESOURCES, module.name), { withFileTypes: true }).filter((d) => d.isDirectory())) {
      const file = join(RESOURCES, module.name, resource.name, "spec.ts");
      if (!existsSync(file)) continue;
      const exports = (await import(file)) as Record<string, unknown>;
      for (const v of Object.values(exports)) if (v && typeof v === "object" && "menuCode" in v && "fields" in v) specs.push(v as ResourceSpec);
    }
  }
  return specs;
}

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
