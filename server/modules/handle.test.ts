import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../db/schema";
import { freshApp, type TestApp } from "../test/fresh-app";

/**
 * Module code has no raw database handle at all (DESIGN.md "One tenant data layer"), and cannot
 * even name one: the context a module gets has no `db`, a scope's handle is private, a
 * repository's is protected — tsc checks the `@ts-expect-error` lines below, so giving any of them
 * back a public handle fails the type check — and the lint step refuses a module file importing
 * the Drizzle client or its type (db/connection) or the accessor of server/security (handle.ts).
 */

const rootDir = fileURLToPath(new URL("../..", import.meta.url));

let t: TestApp;
beforeAll(async () => {
  t = await freshApp();
});
afterAll(() => t.close());

describe("no raw database handle in module code", () => {
  it("finds no handle on the context, a scope or a repository", async () => {
    const { ctx } = t;
    const scope = ctx.system("000000");
    // @ts-expect-error -- the context carries its handle for server/security only (security/handle.ts)
    expect(ctx.db).toBeUndefined();
    // @ts-expect-error -- a scope's handle is a private field (#db)
    expect(scope.db).toBeUndefined();
    // @ts-expect-error -- a repository's handle is protected: module code reads through its methods
    expect(scope.repo(user).db).toBeDefined();
    expect(Object.keys(ctx)).not.toContain("db");
    expect(Object.keys(scope)).not.toContain("db");
    // What modules get still works: the system scope of a tenant reads its users.
    expect(await scope.repo(user).count()).toBeGreaterThan(0);
  });

  it("refuses a module file importing the database client or the handle's accessor", async () => {
    const eslint = new ESLint({ cwd: rootDir });
    // The same file at `path`, its imports relative to it.
    const lint = async (path: string) => {
      const up = "../".repeat(path.split("/").length - 2);
      const source = [
        `import type { Db } from "${up}db/connection";`,
        `import { dbOf } from "${up}security/handle";`,
        `import type { TenantScope } from "${up}security/tenant-scope";`,
        "export const handleOf = (scope: TenantScope): Db => dbOf(scope);",
        "",
      ].join("\n");
      const [result] = await eslint.lintText(source, { filePath: `${rootDir}/${path}` });
      return result.messages.filter((m) => m.ruleId === "import-x/no-restricted-paths").map((m) => m.line);
    };
    // Lines 1 and 2; the scope itself (line 3) is what modules are meant to hold.
    expect(await lint("server/modules/sample/probe.ts")).toEqual([1, 2]);
    expect(await lint("server/kit/probe.ts")).toEqual([1, 2]);
    // server/security is the layer below the modules: it holds the handle.
    expect(await lint("server/security/probe.ts")).toEqual([]);
  });
});
