import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "drizzle-orm/logger";
import { citusLayout } from "./citus";

/**
 * Issue 23's statement check: on Citus a statement on a distributed table that does not name its
 * tenant is sent to every shard, so each one a request sends must carry the tenant — in its WHERE
 * (`"t"."tenant_id" = …`) or, for an insert, among its columns. The platform administrator's reads
 * across tenants are the reasoned exception and say so in the statement itself
 * (TenantScope.tenantCondition writes ALL_TENANTS where the tenant condition would be).
 *
 * On in the test suites (BLADE_STATEMENT_CHECK=1, vitest.setup.ts): every statement sent while a
 * request is being served (and by the work it started) is checked as it is sent, and a file whose
 * tests sent one that fails, and that KNOWN_UNSCOPED does not list, fails.
 */
export const ALL_TENANTS = "/* all tenants */";

/** Statements sent outside any request (test fixtures, the seed, migrations) are not checked. */
export const servingRequest = new AsyncLocalStorage<true>();

const KEYWORDS = new Set(["where", "on", "set", "left", "right", "inner", "join", "group", "order", "limit", "union", "as", "returning", "values"]);

/** The hand-written (unquoted) references to `t`, each with its alias when it has one. */
const bareReferences = (sql: string, t: string) => [...sql.matchAll(new RegExp(`\\b(?:from|join|update|into)\\s+${t}\\b(?:\\s+(?:as\\s+)?(\\w+))?`, "gi"))];

/**
 * Whether each hand-written reference to a table has a tenant predicate: `alias.tenant_id =` for an
 * aliased one, an unqualified `tenant_id =` for one without. A text check, not a parser: it can be
 * fooled by a tenant predicate on another table of the same statement, never the other way.
 */
function bareReferencesScoped(sql: string, refs: RegExpExecArray[]): boolean {
  return refs.every((m) => {
    const alias = m[1] && !KEYWORDS.has(m[1].toLowerCase()) ? m[1] : undefined;
    const predicate = alias ? `\\b${alias}\\.tenant_id` : `(?<![.\\w"])tenant_id`;
    return new RegExp(`${predicate}\\s*(?:=|in\\b)`, "i").test(sql);
  });
}

/** The distributed tables a statement names without a tenant condition for them. */
export function tablesWithoutTenant(sql: string, distributed: readonly string[]): string[] {
  if (sql.includes(ALL_TENANTS)) return [];
  return distributed.filter((t) => {
    // Most statements name one or two of the tables: the rest cost a substring search each.
    if (!sql.includes(t)) return false;
    const quoted = sql.includes(`"${t}"`);
    const bare = bareReferences(sql, t);
    if (!quoted && bare.length === 0) return false;
    if (bare.length > 0 && !bareReferencesScoped(sql, bare)) return true;
    if (!quoted) return false;
    if (sql.includes(`"${t}"."tenant_id"`)) return false;
    if (new RegExp(`^insert into "${t}" \\([^)]*"tenant_id"`).test(sql)) return false;
    return true;
  });
}

/**
 * Statements that reach a distributed table without its tenant by design, each with why: by the
 * table and a piece of its text. On Citus each is one statement per shard, so adding to the list
 * needs a reason a reviewer accepts.
 */
export const KNOWN_UNSCOPED: { table: string; text: RegExp; why: string }[] = [
  {
    table: "blade_login_failure",
    text: /^select distinct "tenant_id" from "blade_login_failure"$/,
    why: "the lockout sweep lists the tenants that have counters, then purges each by its own policy (lockout.ts purgeStaleFailures): one read per shard, from the periodic sweep",
  },
  {
    table: "blade_verify_code",
    text: /^delete from "blade_verify_code" where "blade_verify_code"\."expires_at" < \$1$/,
    why: "the expiry sweep of verification codes of every tenant (codes.ts): one statement per shard, from the periodic sweep",
  },
  {
    table: "blade_third_login",
    text: /^select "id" from "blade_third_login" where \("blade_third_login"\."source" = /,
    why: "whether any tenant offers a sign-in source, asked before a third-party sign-in knows its tenant (social/configured.ts sourceExists); only for sources the environment does not configure",
  },
  {
    table: "blade_verify_code",
    text: /^select "id" from "blade_verify_code" where \("blade_verify_code"\."channel" = \$1 and "blade_verify_code"\."target" = \$2 and /,
    why: "the resend limit, one code per phone or mailbox a minute, counts the target's codes in every tenant (security/codes.ts issueCode), so a phone cannot be flooded through many tenants",
  },
];

// One shape per statement: a list of n parameters is the same statement for every n.
const normalise = (sql: string) => sql.replace(/\s+/g, " ").replace(/\((\$\d+)(, \$\d+)+\)/g, "($1, …)").trim();

/** What the check found since the last `takeStatementFindings`: table → distinct statements. */
const findings = new Map<string, Set<string>>();

export function statementCheckLogger(env: NodeJS.ProcessEnv = process.env): Logger | undefined {
  if (env.BLADE_STATEMENT_CHECK !== "1") return undefined;
  const distributed = citusLayout().distributed;
  return {
    logQuery(query) {
      if (!servingRequest.getStore()) return;
      const sql = normalise(query);
      for (const table of tablesWithoutTenant(sql, distributed)) {
        if (KNOWN_UNSCOPED.some((k) => k.table === table && k.text.test(sql))) continue;
        let set = findings.get(table);
        if (!set) findings.set(table, (set = new Set()));
        set.add(sql.length > 4000 ? `${sql.slice(0, 4000)}…` : sql);
      }
    },
  };
}

/** The statements found lacking a tenant since the last call, one line each (then forgotten). */
export function takeStatementFindings(): string[] {
  const out = [...findings].flatMap(([table, set]) => [...set].map((s) => `${table}: ${s}`));
  findings.clear();
  return out;
}
