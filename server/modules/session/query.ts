import { and, desc, eq, gt, gte, inArray, lt, lte, ne, sql, type SQL } from "drizzle-orm";
import { authSession, user } from "../../db/schema";
import { idField, parseQuery, text, type ParsedQuery } from "../../db/query";
import { parseDateTime } from "../../db/time";
import { badRequest } from "../../http/errors";
import type { TenantScope } from "../../security/tenant-scope";

/**
 * The filters of the session lists over blade_auth_session, read through `scope.owned` (it has no
 * logical delete), which adds the tenant to every statement: a tenant administrator sees only its
 * tenant's sessions; the platform administrator all of them, or the tenant it names.
 */

/** Which sessions a list covers: the console's own client (the caller's) or every other client. */
export type SessionKind = "user" | "app";

const FILTERS = {
  ip: text(authSession.ip),
  clientId: text(authSession.clientId),
  userAgent: text(authSession.userAgent),
  userId: idField(authSession.userId),
};

/** Blade sends snake_case (create_time); parseQuery converts. Sign-in time is the session's creation. */
const SORTABLE = {
  id: idField(authSession.id),
  createTime: idField(authSession.createdAt),
  lastActiveTime: idField(authSession.lastUsedAt),
  expireTime: idField(authSession.expiresAt),
};

const DATE_KEYS = ["createTime_dategt", "createTime_datelt", "createTime_datege", "createTime_datele"] as const;
const RESERVED = ["account", "tenantId", "authFlag", ...DATE_KEYS];

/** Most accounts an account filter may expand to (a LIKE over the tenant's users). */
const MAX_ACCOUNTS = 1000;

/** `YYYY-MM-DD HH:mm:ss` (server local time, as Blade writes dates) → epoch ms. */
function epochOf(key: string, value: string): number {
  const parsed = parseDateTime(value);
  if (!parsed) throw badRequest(`日期格式错误: ${key}，应为 YYYY-MM-DD HH:mm:ss`);
  const [d, t] = parsed.split(" ");
  const [y, mo, day] = d.split("-").map(Number);
  const [h, mi, s] = t.split(":").map(Number);
  const date = new Date(2000, 0, 1);
  date.setFullYear(y, mo - 1, day);
  date.setHours(h, mi, s, 0);
  return date.getTime();
}

/** Live: not stopped, not logged out, not expired. */
export const liveSession = (now: number) => and(eq(authSession.revoked, 0), gt(authSession.expiresAt, now))!;

export interface SessionQuery extends ParsedQuery {
  /** The filters can match nothing (an account no user has). */
  empty: boolean;
  /** The tenant the platform administrator names (the repository confines everyone else to theirs). */
  tenantId?: string;
}

/**
 * The WHERE of a session list besides the tenant: the Blade grammar over an allow-list, the kind,
 * and live sessions only unless an application-session list asks for its history (authFlag=false).
 */
export async function sessionQuery(scope: TenantScope, kind: SessionKind, params: Record<string, string>, now: number): Promise<SessionQuery> {
  const q = parseQuery(params, FILTERS, {
    reserved: RESERVED,
    sortable: SORTABLE,
    defaultOrder: [desc(authSession.createdAt), desc(authSession.id)],
  });
  const ops = { createTime_dategt: gt, createTime_datelt: lt, createTime_datege: gte, createTime_datele: lte } as const;
  const dates = DATE_KEYS.filter((k) => params[k]?.trim()).map((k) => ops[k](authSession.createdAt, epochOf(k, params[k])));

  const authFlag = params.authFlag?.trim();
  if (authFlag && authFlag !== "true" && authFlag !== "false") throw badRequest("请求参数格式错误: authFlag");
  const liveOnly = kind === "user" || authFlag !== "false";
  const client = scope.caller.clientId;
  const ofKind = kind === "user" ? eq(authSession.clientId, client) : ne(authSession.clientId, client);

  let accounts: SQL | undefined;
  const account = params.account?.trim();
  let empty = false;
  if (account) {
    // Accounts live on blade_user: the matching users of the caller's view, then their sessions.
    const pattern = `%${account.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const users = await scope.repo(user).list(sql`${user.account} like ${pattern} escape '\\'`, { limit: MAX_ACCOUNTS });
    if (users.length === 0) empty = true;
    else accounts = inArray(authSession.userId, users.map((u) => u.id));
  }
  const where = and(
    ofKind,
    liveOnly ? liveSession(now) : undefined,
    q.where,
    accounts,
    ...dates,
  );
  return { ...q, where, empty, tenantId: params.tenantId?.trim() || undefined };
}
