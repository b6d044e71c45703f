import { lockNamed } from "./locks";
import { createHash } from "node:crypto";
import { asc, desc, getTableColumns, gt } from "drizzle-orm";
import { loginLog, operationLog } from "../db/schema";
import { trimDateTime } from "../db/time";
import { isStorable } from "../http/text";
import type { TenantScope } from "./tenant-scope";
import { dbOf } from "./handle";

/**
 * What the audit trail writes to its logs, through the log repository (log-repository.ts) like
 * every reader of them: the operation log's hash chain (appended by audit.ts with each
 * administrative write, checked by the log module) and the sign-in attempts.
 *
 * The operation log is tamper-evident: each row's hash is sha256(prev_hash ‖ canonical row),
 * chained per tenant by `seq`. Appends take a transaction-level advisory lock of the tenant's
 * chain, so concurrent writers queue instead of forking it (and the unique (tenant_id, seq) index
 * would refuse a fork anyway).
 */

/** Characters, not UTF-16 units: cutting a surrogate pair would store U+FFFD and break the hash. */
export const cut = (value: string, max: number): string => {
  const safe = isStorable(value) ? value : value.replaceAll("\u0000", "").replace(/[\ud800-\udfff]/g, "\ufffd");
  const chars = [...safe];
  return chars.length > max ? chars.slice(0, max).join("") : safe;
};

// ---------------------------------------------------------------------------------------------
// The chain

type OperationRow = typeof operationLog.$inferSelect;
export type OperationEntry = Omit<OperationRow, "id" | "tenantId" | "seq" | "prevHash" | "hash" | "createTime">;

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
const lockChain = (scope: TenantScope) => lockNamed(dbOf(scope), scope.tenantId, "blade_log_operation");

/**
 * Appends one row to the chain of the scope's tenant (the caller's: an administrator's write in
 * another tenant is logged in its own). Must run on the transaction of what it records.
 */
export async function appendOperation(scope: TenantScope, entry: OperationEntry): Promise<string> {
  await lockChain(scope);
  const log = scope.log(operationLog);
  const [last] = await log
    .select({ seq: operationLog.seq, hash: operationLog.hash }, undefined, scope.tenantId)
    .orderBy(desc(operationLog.seq))
    .limit(1);
  const row = log.stamp({ ...entry, seq: (last ? Number(last.seq) : 0) + 1, prevHash: last?.hash ?? "", hash: "" }) as OperationRow;
  row.hash = chainHash(row);
  return log.insert(row);
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
 * Walks the chains the caller may read — its own tenant's; the administrator's every tenant's, or
 * the one it names — in seq order, a page at a time (memory stays flat however long the chain),
 * and answers the first row that does not fit.
 */
export async function verifyChain(scope: TenantScope, requested?: string): Promise<ChainReport> {
  const log = scope.log(operationLog);
  const named = scope.readTenant(requested, true);
  const tenants =
    named !== undefined ? [named] : (await log.distinct({ t: operationLog.tenantId }).orderBy(asc(operationLog.tenantId))).map((r) => r.t);
  let checked = 0;
  for (const t of tenants) {
    let prev: { seq: number; hash: string } = { seq: 0, hash: "" };
    for (;;) {
      // Straight from the database: a check answered from memory would miss a row changed behind the server's back.
      const rows = await log.select(getTableColumns(operationLog), gt(operationLog.seq, prev.seq), t).orderBy(asc(operationLog.seq)).limit(VERIFY_PAGE);
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

/** The tenant an attempt is logged in: the one it named, cut to the column (it may name none that exists). */
export const signInTenant = (tenantId: string) => cut(tenantId, 12);

/**
 * One row per attempt, in its own statement (a refused grant has nothing to roll back), in the
 * tenant of `scope`: the system's in the tenant the attempt named (see signInTenant).
 */
export async function recordSignIn(scope: TenantScope, a: SignInAttempt): Promise<void> {
  await scope.log(loginLog).insert({
    userId: a.userId || "0",
    account: cut(a.account, 64),
    deptId: a.deptId || "0",
    grantType: cut(a.grantType, 32),
    success: a.success ? 1 : 0,
    reason: cut(a.reason, 255),
    ip: cut(a.ip, 64),
    userAgent: cut(a.userAgent, 500),
  });
}
