import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { getTableColumns, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../db/schema";

/**
 * The design's promise that module code cannot reach tenant-owned rows except through the scoped
 * repository (server/security/repository.ts) or its variant for a table's shape (the logs:
 * server/security/log-repository.ts; link tables: server/security/link-repository.ts). A text
 * scan, so it is cheap and needs no compiler; aliases of table imports are followed. That
 * modules do not lean on each other's files is the lint step's (import-x/no-restricted-paths in
 * eslint.config.js).
 */

const serverDir = dirname(dirname(fileURLToPath(import.meta.url)));
const rootDir = dirname(serverDir);
const modulesDir = join(serverDir, "modules");
const kitDir = join(serverDir, "kit");

/** Tables that server/security and the sign-in of server/modules/auth use directly, and why. */
const EXEMPT: Record<string, string> = {
  loginFailure: "lockout counters, keyed by tenant and account before sign-in (security/lockout.ts)",
  captcha: "single-use captcha answers, no tenant (security/captcha.ts)",
  verifyCode: "single-use SMS and mail codes (security/codes.ts)",
  oauthNonce: "consumed OAuth states, no tenant (security/oauth-state.ts)",
  setting: "server-internal secrets, never exposed (db/settings.ts)",
  client: "OAuth2 clients, authenticated on every token request (security/client.ts)",
  tenantLock: "named row locks a transaction holds until it ends, no data (security/locks.ts, TenantScope.lock)",
};

const schemaTables = Object.entries(schema).filter(([, value]) => is(value, PgTable)) as [string, PgTable][];

/** Append-only logs (no logical delete, no update): read and appended only through `scope.log`. */
const LOGS = ["loginLog", "appVisitLog", "operationLog"];

/**
 * Tenant-owned tables without logical delete: read only through `scope.owned`. Their writes are
 * server/security's, which also acts before any caller (and so any scope) exists — server/security
 * is the layer below the repositories, not module code: security/sessions.ts authenticates and
 * revokes sessions, security/password-policy.ts keeps each tenant's password policy and the
 * password history that sign-in, password changes and resets check, security/bindings.ts saves
 * third-party identities at sign-in and binds or frees them.
 */
const OWNED = ["authSession", "passwordHistory", "passwordPolicy", "userOauth"];

/** Link (join) tables: read, inserted and deleted only through `scope.links`. */
const LINKS = ["roleGroupApp", "roleGroupAppRole", "userAppRole", "appDirectoryApp", "appRoleDirectory", "commonApp", "syncLink", "taskResultItem"];

/**
 * Tenant-owned tables that module code would still reach by hand, each with its own tenant
 * condition, until a repository variant covers its shape (none left). A new tenant-owned table
 * cannot join this list silently: the test below fails for any table that is neither guarded,
 * exempt nor named here.
 */
const NOT_YET: Record<string, string> = {};

const columnsOf = (table: PgTable) => getTableColumns(table) as Record<string, unknown>;

/** Guarded table → the only way module code may reach it. */
const GUARDED = new Map<string, string>([
  ...schemaTables.filter(([name, table]) => "isDeleted" in columnsOf(table) && !(name in EXEMPT)).map(([name]) => [name, `scope.repo(${name})`] as const),
  ...LOGS.map((name) => [name, `scope.log(${name})`] as const),
  ...OWNED.map((name) => [name, `scope.owned(${name})`] as const),
  ...LINKS.map((name) => [name, `scope.links(${name})`] as const),
]);

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

/** `file:line  .from(user)  → scope.repo(user)` for every query of a guarded table that bypasses its repository. */
function directQueries(file: string, source: string, guarded: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [local, table] of tableNames(source)) {
    const way = guarded.get(table);
    if (!way) continue;
    const name = escape(local);
    const patterns = [new RegExp(`${QUERY}${name}\\s*[,)]`, "g"), new RegExp(String.raw`\b(?:from|join|update|into)\s+\$\{\s*${name}\s*\}`, "gi")];
    for (const pattern of patterns) {
      for (const m of source.matchAll(pattern)) out.push(`${file}:${lineOf(source, m.index)}  ${m[0].replace(/\s+/g, " ")}  → ${way}`);
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
    expect(GUARDED.get("user")).toBe("scope.repo(user)");
    expect(GUARDED.get("dept")).toBe("scope.repo(dept)");
    expect(GUARDED.get("operationLog")).toBe("scope.log(operationLog)");
    expect(GUARDED.has("client")).toBe(false);
    const names = new Set(schemaTables.map(([name]) => name));
    expect([...Object.keys(EXEMPT), ...LOGS, ...OWNED, ...LINKS, ...Object.keys(NOT_YET)].filter((name) => !names.has(name))).toEqual([]);
  });

  it("leaves no tenant-owned table unaccounted for", () => {
    const tenantOwned = schemaTables.filter(([, table]) => "tenantId" in columnsOf(table)).map(([name]) => name);
    const open = tenantOwned.filter((name) => !GUARDED.has(name) && !(name in EXEMPT) && !(name in NOT_YET));
    expect(open, "tenant-owned tables that no repository guards").toEqual([]);
    // A table that a repository now covers leaves NOT_YET.
    expect(Object.keys(NOT_YET).filter((name) => GUARDED.has(name) || name in EXEMPT)).toEqual([]);
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

  it("catches a log or a session table queried by hand in a sample", () => {
    const sample = [
      'import { authSession, loginLog, operationLog as ops } from "../../db/schema";',
      "db.select({ n: count() }).from(loginLog).where(eq(loginLog.tenantId, t));",
      "await tx.insert(ops).values(row); scope.log(loginLog).list(eq(loginLog.account, a));",
      "ctx.db.select().from(authSession).where(eq(authSession.tenantId, t)); scope.owned(authSession).count();",
    ].join("\n");
    expect(directQueries("x.ts", sample, GUARDED).map((o) => o.split("  ")[0] + " " + o.split("→ ")[1])).toEqual([
      "x.ts:4 scope.owned(authSession)",
      "x.ts:2 scope.log(loginLog)",
      "x.ts:3 scope.log(operationLog)",
    ]);
  });

  it("catches a link table or a password table queried by hand in a sample", () => {
    const sample = [
      'import { passwordPolicy, roleGroupApp as links, userAppRole } from "../../db/schema";',
      "await tx.db.delete(links).where(inArray(links.groupId, ids));",
      "await tx.db.insert(userAppRole).values(rows); scope.links(userAppRole).list(eq(userAppRole.userId, u));",
      "db.select().from(passwordPolicy);",
    ].join("\n");
    expect(directQueries("x.ts", sample, GUARDED).map((o) => o.split("  ")[0] + " " + o.split("→ ")[1])).toEqual([
      "x.ts:4 scope.owned(passwordPolicy)",
      "x.ts:2 scope.links(roleGroupApp)",
      "x.ts:3 scope.links(userAppRole)",
    ]);
  });

  it("reaches tables with logical delete, logs, sessions, password tables and links only through their repository", () => {
    const offences = files.filter((f) => !isTest(f)).flatMap((f) => directQueries(relative(rootDir, f), read(f), GUARDED));
    expect(offences, `direct queries of guarded tables:\n${offences.join("\n")}`).toEqual([]);
  });

});
