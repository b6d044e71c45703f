import { and, inArray } from "drizzle-orm";
import type { AppContext } from "../../context";
import { authSession, user } from "../../db/schema";
import { toPage } from "../../db/query";
import { formatDateTime } from "../../db/time";
import { badRequest } from "../../http/errors";
import { revokeSession, type SessionRow } from "../../security/sessions";
import type { TenantScope } from "../../security/tenant-scope";
import { recordChange } from "../../security/audit";
import { csvResponse, type CsvColumn } from "../../kit/csv";
import { liveSession, sessionQuery, type SessionKind } from "./query";

export const MSG_NO_SESSION = "会话不存在或已下线";
export const MSG_OWN_SESSION = "不能强制下线当前会话，请使用退出登录";
export const MSG_PICK_SESSION = "请选择要下线的会话";

/** A session as the lists show it: never its refresh jti. */
export interface SessionVO {
  id: string;
  tenantId: string;
  userId: string;
  account: string;
  realName: string;
  clientId: string;
  ip: string;
  userAgent: string;
  /** Sign-in time. */
  createTime: string;
  /** The last token issued (sign-in or refresh): access tokens are not written back per request. */
  lastActiveTime: string;
  expireTime: string;
  /** 1 live, 0 ended (stopped, logged out or expired). */
  status: number;
  /** Why it ended: stopped, logout, locked … ("" while live). */
  endReason: string;
  /** The caller's own session (the list marks it; stopping it is refused). */
  current: boolean;
}

const time = (ms: number) => formatDateTime(new Date(ms));

async function toVOs(scope: TenantScope, rows: SessionRow[], now: number): Promise<SessionVO[]> {
  const ids = [...new Set(rows.map((r) => r.userId))].filter((id) => id !== "-1");
  const names = ids.length
    ? await scope.lookup([
        { name: "account", table: user, key: user.id, label: user.account, where: inArray(user.id, ids) },
        { name: "realName", table: user, key: user.id, label: user.realName, where: inArray(user.id, ids) },
      ])
    : new Map<string, Map<string, string>>();
  return rows.map((r) => {
    const live = r.revoked === 0 && r.expiresAt > now;
    return {
      id: r.id,
      tenantId: r.tenantId,
      userId: r.userId,
      account: names.get("account")?.get(r.userId) ?? "",
      realName: names.get("realName")?.get(r.userId) ?? "",
      clientId: r.clientId,
      ip: r.ip,
      userAgent: r.userAgent,
      createTime: time(r.createdAt),
      lastActiveTime: time(r.lastUsedAt),
      expireTime: time(r.expiresAt),
      status: live ? 1 : 0,
      endReason: live ? "" : r.revoked ? r.revokedReason : "expired",
      current: r.id === scope.caller.sessionId,
    };
  });
}

/** One page of sessions of the caller's view, with their total. */
export async function sessionPage(ctx: AppContext, scope: TenantScope, kind: SessionKind, params: Record<string, string>) {
  const now = ctx.now();
  const q = await sessionQuery(scope, kind, params, now);
  if (q.empty) return toPage([], 0, q.current, q.size);
  // q.where already holds the filters: the repository adds the tenant to them.
  const found = await scope.owned(authSession).page({ ...q, where: undefined }, q.where, q.tenantId);
  return { ...found, records: await toVOs(scope, found.records, now) };
}

/**
 * Ends the named live sessions of the caller's view at once: authenticate.ts reads the session on
 * every request, so the next call with one of their access tokens is a 401, and grants.ts refuses
 * their refresh tokens. All or nothing: an id of another tenant, an ended or unknown session is
 * refused like a missing one. The caller's own session is refused (logging out is its way out).
 */
export async function stopSessions(ctx: AppContext, scope: TenantScope, ids: string[]): Promise<void> {
  if (ids.length === 0) throw badRequest(MSG_PICK_SESSION);
  if (ids.includes(scope.caller.sessionId)) throw badRequest(MSG_OWN_SESSION);
  const now = ctx.now();
  await scope.transaction(async (tx) => {
    const found = await tx
      .owned(authSession)
      .select({ id: authSession.id }, and(inArray(authSession.id, ids), liveSession(now)))
      .for("update");
    if (found.length !== ids.length) throw badRequest(MSG_NO_SESSION);
    for (const { id } of found) await revokeSession(tx.db, id, "stopped");
    // Sessions are no repository table: the operation log hears of the stop from here.
    await recordChange(tx, authSession, "update", Object.fromEntries(found.map(({ id }) => [id, { revoked: [0, 1], revokedReason: ["", "stopped"] }])));
  });
}

const COLUMNS: CsvColumn<SessionVO>[] = [
  { header: "账号", value: (r) => r.account },
  { header: "姓名", value: (r) => r.realName },
  { header: "租户ID", value: (r) => r.tenantId },
  { header: "客户端", value: (r) => r.clientId },
  { header: "IP地址", value: (r) => r.ip },
  { header: "浏览器", value: (r) => r.userAgent },
  { header: "登录时间", value: (r) => r.createTime },
  { header: "最后活动时间", value: (r) => r.lastActiveTime },
  { header: "过期时间", value: (r) => r.expireTime },
  { header: "状态", value: (r) => (r.status === 1 ? "在线" : "已下线") },
];

/** Rows read per statement of a download. */
export const DOWNLOAD_BATCH = 500;

/**
 * Exactly the sessions the list's filters show (paging ignored), as CSV streamed batch by batch
 * (keyset on id). The filters are checked before the first byte, so a bad one is still a 400.
 */
export async function downloadSessions(ctx: AppContext, scope: TenantScope, kind: SessionKind, params: Record<string, string>): Promise<Response> {
  const now = ctx.now();
  const q = await sessionQuery(scope, kind, params, now);
  const stamp = time(now).replace(/\D/g, "");
  const name = kind === "user" ? "用户会话" : "应用会话";
  // Newest first by id, keyset on it: batches neither skip nor repeat a session.
  async function* batches(): AsyncGenerator<SessionVO[]> {
    if (q.empty) return;
    for await (const rows of scope.owned(authSession).batches(q.where, q.tenantId, DOWNLOAD_BATCH)) yield await toVOs(scope, rows, now);
  }
  return csvResponse(
    { ascii: `${kind}-sessions-${stamp}.csv`, name: `${name}${stamp}.csv` },
    COLUMNS,
    batches,
    (error) => ctx.logError(error, `download ${name}`),
  );
}

