import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { getTableColumns, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../db/schema";

/**
 * The design's promise that module code cannot reach tenant-owned rows except through the scoped
 * repository (server/security/repository.ts). A text scan, so it is cheap and needs no compiler;
 * aliases of table imports are followed. That modules do not lean on each other's files is the
 * lint step's (import-x/no-restricted-paths in eslint.config.js).
 */

const serverDir = dirname(dirname(fileURLToPath(import.meta.url)));
const rootDir = dirname(serverDir);
const modulesDir = join(serverDir, "modules");
const kitDir = join(serverDir, "kit");

/** Tables that server/security and the sign-in of server/modules/auth use directly, and why. */
const EXEMPT: Record<string, string> = {
  authSession: "sessions: read on every request before any caller exists (security/sessions.ts)",
  loginFailure: "lockout counters, keyed by tenant and account before sign-in (security/lockout.ts)",
  captcha: "single-use captcha answers, no tenant (security/captcha.ts)",
  verifyCode: "single-use SMS and mail codes (security/codes.ts)",
  userOauth: "third-party identities, resolved during sign-in (modules/auth/social.ts)",
  oauthNonce: "consumed OAuth states, no tenant (security/oauth-state.ts)",
  setting: "server-internal secrets, never exposed (db/settings.ts)",
  client: "OAuth2 clients, authenticated on every token request (security/client.ts)",
};

const schemaTables = Object.entries(schema).filter(([, value]) => is(value, PgTable)) as [string, PgTable][];

/** Every table with logical delete, i.e. whose rows only the repository may read or write. */
const GUARDED = new Set(
  schemaTables.filter(([name, table]) => "isDeleted" in getTableColumns(table) && !(name in EXEMPT)).map(([name]) => name),
);

const QUERY = String.raw`\.(?:from|update|insert|delete|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*`;
const IMPORT = /import\s+(?:type\s+)?(\{[^}]*\}|\*\s+as\s+\w+)\s+from\s+["']([^"']+)["']/g;

const lineOf = (text: string, index: number) => text.slice(0, index).split("\n").length;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Local name → table export name, for tables imported from a schema file (aliases included). */
function tableNames(source: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const [, clause, from] of source.matchAll(IMPORT)) {
    if (!/(^|\/)(security-)?schema$/.test(from)) continue;
    if (clause.startsWith("*")) {
      const ns = clause.split(/\s+/).pop()!;
      for (const [name] of schemaTables) names.set(`${ns}.${name}`, name);
      continue;
    }
    for (const part of clause.slice(1, -1).split(",")) {
      const [exported, local] = part.replace(/\btype\s+/, "").trim().split(/\s+as\s+/);
      if (exported) names.set(local ?? exported, exported);
    }
  }
  return names;
}

/** `file:line  .from(user)` for every query of a guarded table that bypasses the repository. */
function directQueries(file: string, source: string, guarded: Set<string>): string[] {
  const out: string[] = [];
  for (const [local, table] of tableNames(source)) {
    if (!guarded.has(table)) continue;
    const name = escape(local);
    const patterns = [new RegExp(`${QUERY}${name}\\s*[,)]`, "g"), new RegExp(String.raw`\b(?:from|join|update|into)\s+\$\{\s*${name}\s*\}`, "gi")];
    for (const pattern of patterns) {
      for (const m of source.matchAll(pattern)) out.push(`${file}:${lineOf(source, m.index)}  ${m[0].replace(/\s+/g, " ")}  → scope.repo(${table})`);
    }
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sourceFiles(path);
      return name.endsWith(".ts") ? [path] : [];
    });
}

const files = [...sourceFiles(modulesDir), ...sourceFiles(kitDir)];
const isTest = (path: string) => path.endsWith(".test.ts");
const read = (path: string) => readFileSync(path, "utf8");

describe("module boundaries", () => {
  it("knows which tables are guarded, and exempts only real tables", () => {
    expect(GUARDED).toContain("user");
    expect(GUARDED).toContain("dept");
    expect(GUARDED).not.toContain("client");
    const names = new Set(schemaTables.map(([name]) => name));
    expect(Object.keys(EXEMPT).filter((name) => !names.has(name))).toEqual([]);
  });

  it("catches direct queries, aliases and raw SQL in a sample", () => {
    const sample = [
      'import { user, role as r, userDept } from "../../db/schema";',
      "db.select().from(user).innerJoin(r, eq(r.id, x));",
      "db.delete(userDept); db.update(\n  user\n).set({});",
      "sql`select 1 from ${user}`; scope.repo(user).update([id], {});",
    ].join("\n");
    expect(directQueries("x.ts", sample, GUARDED).map((o) => o.split("  ")[0] + " " + o.split("→ ")[1])).toEqual([
      "x.ts:2 scope.repo(user)",
      "x.ts:3 scope.repo(user)",
      "x.ts:6 scope.repo(user)",
      "x.ts:2 scope.repo(role)",
    ]);
  });

  it("reaches tables with logical delete only through the scoped repository", () => {
    const offences = files.filter((f) => !isTest(f)).flatMap((f) => directQueries(relative(rootDir, f), read(f), GUARDED));
    expect(offences, `direct queries of guarded tables:\n${offences.join("\n")}`).toEqual([]);
  });

});
