import { and, inArray } from "drizzle-orm";
import type { AppContext } from "../../context";
import { authSession, user } from "../../db/schema";
import { formatDateTime } from "../../db/time";
import { badRequest } from "../../http/errors";
import { revokeSession, type SessionRow } from "../../security/sessions";
import type { TenantScope } from "../../security/tenant-scope";
import { recordChange } from "../../security/audit";
import { type CsvColumn } from "../../kit/csv";
import { logReads } from "../../kit/log-mode";
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

/**
 * The sessions of the caller's view as a read-only list (kit/log-mode.ts) over blade_auth_session,
 * read through `scope.owned` (it has no logical delete), which adds the tenant to every statement:
 * a page and exactly those rows as CSV, streamed batch by batch (keyset on id, newest first).
 */
export function sessionReads(ctx: AppContext, kind: SessionKind) {
  return logReads<typeof authSession, SessionVO>(ctx, {
    table: authSession,
    title: kind === "user" ? "用户会话" : "应用会话",
    source: (scope) => scope.owned(authSession),
    query: (scope, params) => sessionQuery(scope, kind, params, ctx.now()),
    toVO: (scope, rows) => toVOs(scope, rows, ctx.now()),
    file: { ascii: `${kind}-sessions`, name: kind === "user" ? "用户会话" : "应用会话", columns: COLUMNS, tenantColumn: false },
  });
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
      .select({ id: authSession.id, tenantId: authSession.tenantId }, and(inArray(authSession.id, ids), liveSession(now)))
      .for("update");
    if (found.length !== ids.length) throw badRequest(MSG_NO_SESSION);
    for (const session of found) await revokeSession(tx, session, "stopped");
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
