import type { Context } from "hono";
import { eq, getTableName, is, SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { AppEnv } from "../context";
import { menu } from "../db/schema";
import { formatDateTime } from "../db/time";
import { clientIp } from "../http/client-ip";
import { appendOperation, cut } from "./audit-log";
import type { Caller } from "./caller";
import type { TenantScope } from "./tenant-scope";

/**
 * The audit trail: sign-in attempts and administrative writes.
 *
 * An administrative write is one made by a request whose route demands a permission code (the
 * codes the guard asked about are the keys of `caller.granted`): the scoped repository records it
 * in the operation log inside the same transaction as the change (repository.ts), so a write that
 * rolls back leaves no log row and no module has to remember to log. The few writes that bypass the
 * repository (link tables, sessions, lockout counters) call `recordChange` in their transaction
 * instead. Writes outside a request
 * (seed, sign-in bookkeeping) or by routes open to any signed-in user (personal centre, error
 * upload, app visits) are not administrative.
 *
 * The log rows themselves — the operation log's hash chain and the sign-in attempts — are written
 * by security/audit-log.ts through the log repository, the only way to reach a log table.
 */

/** What a request contributes to the rows it writes. */
export interface RequestAudit {
  method: string;
  uri: string;
  ip: string;
  userAgent: string;
  /** The permission codes the route demands (any one of them). */
  codes: string[];
}

export type WriteAction = "insert" | "update" | "remove" | "export";

/** The request's audit context, or undefined when its writes are not administrative. */
export function requestAuditOf(c: Context<AppEnv>): RequestAudit | undefined {
  const granted = c.var.caller?.granted;
  if (!granted || granted.size === 0) return undefined;
  return {
    method: c.req.method,
    uri: cut(c.req.path, 500),
    ip: cut(clientIp(c), 64),
    userAgent: cut(c.req.header("user-agent") ?? "", 500),
    codes: [...granted.keys()],
  };
}

const ACTION_CODE: Record<WriteAction, RegExp> = { insert: /_add$/, update: /_edit$/, remove: /_delete$/, export: /_export$/ };

/** The code that names this write best: submit admits add or edit, and the write says which. */
const codeFor = (codes: string[], action: WriteAction) => codes.find((c) => ACTION_CODE[action].test(c)) ?? codes[0] ?? "";

/** 部门管理-新增: the menu and button the code belongs to, as the menu tree names them today. */
async function titleOf(scope: TenantScope, code: string): Promise<string> {
  if (!code) return "";
  const [row] = await scope.repo(menu).list(eq(menu.code, code), { limit: 1 });
  if (!row) return cut(code, 255);
  if (row.category !== 2 || row.parentId === "0") return cut(row.name, 255);
  const [parent] = await scope.repo(menu).list(eq(menu.id, row.parentId), { limit: 1 });
  return cut(parent ? `${parent.name}-${row.name}` : row.name, 255);
}

/** Who and what, resolved before the write's savepoint opens (every statement then runs on it). */
export interface WriteContext {
  caller: Caller;
  request: RequestAudit;
  title: string;
  code: string;
}

export async function writeContext(scope: TenantScope, request: RequestAudit, action: WriteAction): Promise<WriteContext> {
  const code = codeFor(request.codes, action);
  return { caller: scope.caller, request, code: cut(code, 255), title: await titleOf(scope, code) };
}

// ---------------------------------------------------------------------------------------------
// Before/after summaries

/** Never in a summary: secrets and hashes, whatever the table (password, clientSecret, salt …). */
export const HIDDEN_FIELD = /password|secret|key|salt/i;
/** Bookkeeping every write changes; the log row says who and when already. */
const BOOKKEEPING = new Set(["id", "createUser", "createDept", "createTime", "updateUser", "updateTime"]);
const MAX_VALUE = 200;

/** A value as a summary shows it: short, JSON-safe, never an SQL expression's internals. */
function shown(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value === "bigint") return String(value);
  if (typeof value === "string") return value.length > MAX_VALUE ? `${cut(value, MAX_VALUE)}…` : value;
  if (value instanceof Date) return formatDateTime(value);
  if (value instanceof Uint8Array) return `[${value.length} bytes]`;
  if (is(value, SQL)) return "[expression]";
  const text = JSON.stringify(value) ?? "";
  return text.length > MAX_VALUE ? `${cut(text, MAX_VALUE)}…` : text;
}

type Fields = Record<string, unknown>;

/**
 * `{"<id>": {"field": [before, after]}}`, changed fields only (an insert's before is null).
 * Secret-looking fields are dropped by name, whatever their values.
 */
export function summarize(before: Fields[], after: Fields[], action: WriteAction, extra: Record<string, Record<string, [unknown, unknown]>> = {}): string {
  const old = new Map(before.map((r) => [String(r.id), r]));
  const out: Record<string, Record<string, [unknown, unknown]>> = {};
  for (const row of after) {
    const id = String(row.id);
    const prior = old.get(id);
    const changes: Record<string, [unknown, unknown]> = {};
    for (const [field, value] of Object.entries(row)) {
      if (BOOKKEEPING.has(field) || HIDDEN_FIELD.test(field)) continue;
      if (action === "insert" && field === "isDeleted") continue;
      const a = shown(value);
      const b = prior ? shown(prior[field]) : null;
      if (prior && JSON.stringify(a) === JSON.stringify(b)) continue;
      if (!prior && a === null) continue;
      changes[field] = [b, a];
    }
    // Changes the row's columns do not show (a role's grants live in link tables).
    out[id] = { ...changes, ...extra[id] };
  }
  return JSON.stringify(out);
}

// ---------------------------------------------------------------------------------------------
// Log rows of writes

/**
 * The log row of a write by `w`, appended with `scope` — the write's own transaction, whose caller
 * `w` names (the row goes into that caller's tenant).
 */
export async function recordWrite(
  scope: TenantScope,
  w: WriteContext,
  write: { table: PgTable | string; action: WriteAction; ids: string[]; summary: string },
): Promise<void> {
  const { caller, request } = w;
  await appendOperation(
    scope,
    {
      userId: caller.userId,
      account: cut(caller.account, 64),
      deptId: caller.deptIds[0] ?? "0",
      title: w.title,
      permissionCode: w.code,
      method: cut(request.method, 10),
      requestUri: request.uri,
      tableName: cut(typeof write.table === "string" ? write.table : getTableName(write.table), 64),
      action: write.action,
      recordIds: write.ids.join(","),
      summary: write.summary,
      ip: request.ip,
      userAgent: request.userAgent,
    },
  );
}

/**
 * An operation that writes through no repository (an export): recorded in its own transaction,
 * when the request is administrative.
 */
export async function recordOperation(
  scope: TenantScope,
  write: { table: PgTable | string; action: WriteAction; ids: string[]; summary: string },
): Promise<void> {
  const request = scope.request;
  if (!request) return;
  const w = await writeContext(scope, request, write.action);
  await scope.transaction((tx) => recordWrite(tx, w, write));
}

/** Before and after per record id: `{"<id>": {"field": [before, after]}}`, as `summarize` writes them. */
export type Changes = Record<string, Record<string, [unknown, unknown]>>;

/**
 * A write that bypasses the repository (link tables, sessions, lockout counters), logged as the
 * repository logs its own: who, what, the ids `changes` names and their before/after. Called with
 * the scope of the write's transaction, the row commits or rolls back with the change (the
 * transaction of `recordOperation` is then a savepoint inside it).
 */
export async function recordChange(scope: TenantScope, table: PgTable | string, action: WriteAction, changes: Changes): Promise<void> {
  const visible = Object.entries(changes).map(([id, fields]) => [id, Object.fromEntries(Object.entries(fields).filter(([f]) => !HIDDEN_FIELD.test(f)))] as const);
  await recordOperation(scope, { table, action, ids: visible.map(([id]) => id), summary: JSON.stringify(Object.fromEntries(visible)) });
}
