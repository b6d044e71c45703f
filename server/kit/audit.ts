import { createHash } from "node:crypto";
import type { Context } from "hono";
import { and, asc, desc, eq, getTableName, gt, is, sql, SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { AppEnv } from "../context";
import type { Db } from "../db/connection";
import { nextId } from "../db/ids";
import { loginLog, menu, operationLog } from "../db/schema";
import { formatDateTime, trimDateTime } from "../db/time";
import { clientIp } from "../http/client-ip";
import { isStorable } from "../http/text";
import type { Caller } from "../security/caller";
import type { TenantScope } from "../security/tenant-scope";

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
 * The operation log is tamper-evident: each row's hash is sha256(prev_hash ‖ canonical row),
 * chained per tenant by `seq`. Appends take a transaction-level advisory lock of the tenant's
 * chain, so concurrent writers queue instead of forking it (and the unique (tenant_id, seq) index
 * would refuse a fork anyway).
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

/** Characters, not UTF-16 units: cutting a surrogate pair would store U+FFFD and break the hash. */
const cut = (value: string, max: number): string => {
  const safe = isStorable(value) ? value : value.replaceAll("\u0000", "").replace(/[\ud800-\udfff]/g, "\ufffd");
  const chars = [...safe];
  return chars.length > max ? chars.slice(0, max).join("") : safe;
};

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
// The chain

type OperationRow = typeof operationLog.$inferSelect;
type OperationEntry = Omit<OperationRow, "id" | "seq" | "prevHash" | "hash" | "createTime">;

/** The hashed fields, in a fixed order: adding a column later does not change old hashes. */
const CHAINED = [
  "id", "tenantId", "seq", "userId", "account", "deptId", "title", "permissionCode", "method", "requestUri",
  "tableName", "action", "recordIds", "summary", "ip", "userAgent", "createTime", "prevHash",
] as const;

export function canonical(row: OperationRow): string {
  return JSON.stringify(
    CHAINED.map((f) => (f === "createTime" ? trimDateTime(row.createTime) : f === "seq" ? Number(row.seq) : String(row[f] ?? ""))),
  );
}

export const chainHash = (row: OperationRow): string =>
  createHash("sha256").update(row.prevHash).update("\n").update(canonical(row)).digest("hex");

/** Serialises appends to one tenant's chain until the transaction ends (PGlite has one connection anyway). */
const lockChain = (db: Db, tenantId: string) => db.execute(sql`select pg_advisory_xact_lock(hashtext(${`blade_log_operation:${tenantId}`}))`);

/** Appends one row to its tenant's chain. Must run inside the transaction of what it records. */
export async function appendOperation(db: Db, entry: OperationEntry, now: number): Promise<string> {
  await lockChain(db, entry.tenantId);
  const [last] = await db
    .select({ seq: operationLog.seq, hash: operationLog.hash })
    .from(operationLog)
    .where(eq(operationLog.tenantId, entry.tenantId))
    .orderBy(desc(operationLog.seq))
    .limit(1);
  const row: OperationRow = {
    ...entry,
    id: nextId(),
    seq: (last ? Number(last.seq) : 0) + 1,
    createTime: formatDateTime(new Date(now)),
    prevHash: last?.hash ?? "",
    hash: "",
  };
  row.hash = chainHash(row);
  await db.insert(operationLog).values(row);
  return row.id;
}

/** The log row of a write by `w`, appended on `db` (the write's own transaction). */
export async function recordWrite(
  db: Db,
  w: WriteContext,
  write: { table: PgTable | string; action: WriteAction; ids: string[]; summary: string },
  now: number,
): Promise<void> {
  const { caller, request } = w;
  await appendOperation(
    db,
    {
      tenantId: caller.tenantId,
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
    now,
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
  await scope.db.transaction((tx) => recordWrite(tx as unknown as Db, w, write, scope.clock()));
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

export interface ChainBreak {
  tenantId: string;
  id: string;
  seq: number;
  createTime: string;
  /** 记录被篡改 (its hash does not match), 链接断裂 (prev_hash is not the previous hash), 记录缺失 (seq gap). */
  reason: string;
}

export interface ChainReport {
  ok: boolean;
  /** Rows checked (up to and including the broken one). */
  checked: number;
  broken: ChainBreak | null;
}

export const MSG_CHAIN_TAMPERED = "记录被篡改";
export const MSG_CHAIN_RELINKED = "链接断裂";
export const MSG_CHAIN_GAP = "记录缺失";
const VERIFY_PAGE = 2000;

/**
 * Walks the chains of these tenants (all when undefined) in seq order, a page at a time (memory
 * stays flat however long the chain), and answers the first row that does not fit.
 */
export async function verifyChain(db: Db, tenantId?: string): Promise<ChainReport> {
  const tenants =
    tenantId !== undefined
      ? [tenantId]
      : (await db.selectDistinct({ t: operationLog.tenantId }).from(operationLog).orderBy(asc(operationLog.tenantId))).map((r) => r.t);
  let checked = 0;
  for (const t of tenants) {
    let prev: { seq: number; hash: string } = { seq: 0, hash: "" };
    for (;;) {
      const rows = await db
        .select()
        .from(operationLog)
        .where(and(eq(operationLog.tenantId, t), gt(operationLog.seq, prev.seq)))
        .orderBy(asc(operationLog.seq))
        .limit(VERIFY_PAGE);
      for (const row of rows) {
        checked += 1;
        const seq = Number(row.seq);
        const reason =
          seq !== prev.seq + 1 ? MSG_CHAIN_GAP : row.prevHash !== prev.hash ? MSG_CHAIN_RELINKED : chainHash(row) !== row.hash ? MSG_CHAIN_TAMPERED : null;
        if (reason) return { ok: false, checked, broken: { tenantId: t, id: row.id, seq, createTime: trimDateTime(row.createTime), reason } };
        prev = { seq, hash: row.hash };
      }
      if (rows.length < VERIFY_PAGE) break;
    }
  }
  return { ok: true, checked, broken: null };
}

// ---------------------------------------------------------------------------------------------
// Sign-in attempts

export interface SignInAttempt {
  tenantId: string;
  userId?: string;
  account: string;
  deptId?: string;
  grantType: string;
  success: boolean;
  /** The words the user was shown; never the password. */
  reason: string;
  ip: string;
  userAgent: string;
}

/** One row per attempt, in its own statement: a refused grant has nothing to roll back. */
export async function recordSignIn(db: Db, a: SignInAttempt, now: number): Promise<void> {
  await db.insert(loginLog).values({
    id: nextId(),
    tenantId: cut(a.tenantId, 12),
    userId: a.userId || "0",
    account: cut(a.account, 64),
    deptId: a.deptId || "0",
    grantType: cut(a.grantType, 32),
    success: a.success ? 1 : 0,
    reason: cut(a.reason, 255),
    ip: cut(a.ip, 64),
    userAgent: cut(a.userAgent, 500),
    createTime: formatDateTime(new Date(now)),
  });
}
