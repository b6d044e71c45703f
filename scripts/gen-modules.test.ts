import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { modules } from "../server/modules";
import * as schema from "../server/db/schema";
import { MODULES_INDEX, SCHEMA_INDEX, moduleFolders, modulesIndexSource, schemaIndexSource } from "./gen-modules";

describe("the server's module list", () => {
  it("is what the generator writes from the module folders now", () => {
    expect(readFileSync(MODULES_INDEX, "utf8"), "run `npm run gen`").toBe(modulesIndexSource(moduleFolders()));
  });

  it("and the schema index are what the generator writes from the module folders now", () => {
    expect(readFileSync(SCHEMA_INDEX, "utf8"), "run `npm run gen`").toBe(schemaIndexSource(moduleFolders()));
    // Every module's tables and the platform's own reach the Drizzle client through it.
    expect(Object.keys(schema)).toEqual(expect.arrayContaining(["post", "user", "operationLog", "authSession"]));
  });

  it("mounts each folder's modules once", () => {
    expect(modules.length).toBeGreaterThan(30);
    expect(modules.filter((m, i) => modules.indexOf(m) !== i).map((m) => m.base)).toEqual([]);
    expect(modules.map((m) => m.base)).toEqual(expect.arrayContaining(["/blade-system/post", "/blade-user", "/blade-log"]));
  });

  it("refuses a module folder without its module.ts, naming it", () => {
    const dir = mkdtempSync(join(tmpdir(), "modules-"));
    mkdirSync(join(dir, "post"));
    writeFileSync(join(dir, "post", "module.ts"), "");
    mkdirSync(join(dir, "stray"));
    expect(() => moduleFolders(dir)).toThrow(/server\/modules\/stray: a module folder needs a module\.ts/);
    expect(modulesIndexSource(["post", "third-login"])).toContain('import { modules as thirdLoginModules } from "./third-login/module";');
  });
});
