import { and, asc, eq, inArray, isNotNull, type SQL } from "drizzle-orm";
import type { Page } from "../../../domain/contract";
import { user, userOauth } from "../../db/schema";
import { toPage } from "../../db/query";
import { trimDateTime } from "../../db/time";
import { badRequest, forbidden } from "../../http/errors";
import { toUserVOs } from "../../kit/user-vo";
import type { TenantScope } from "../../security/tenant-scope";
import { MSG_MISSING, userQuery } from "./service";

/**
 * Bound accounts: third-party identities (blade_user_oauth) bound to users. The table has no
 * logical delete and sits outside the repository, so every statement here names the tenant
 * itself, and reaches users only through ids the repository has already shown to the caller.
 * Unbinding clears user_id: the identity's next sign-in is a guest that may register again.
 */

export const MSG_BINDING_MISSING = "绑定信息不存在";
export const MSG_SOURCE = "第三方平台编码格式不正确";

export interface BoundAccount {
  id: string;
  userId: string;
  tenantId: string;
  source: string;
  username: string;
  nickname: string;
  avatar: string;
  email: string;
  createTime: string;
  updateTime: string;
}

type OauthRow = typeof userOauth.$inferSelect;

const toBound = (r: OauthRow): BoundAccount => ({
  id: r.id,
  userId: r.userId ?? "",
  tenantId: r.tenantId,
  source: r.source,
  username: r.username,
  nickname: r.nickname,
  avatar: r.avatar,
  email: r.email,
  createTime: trimDateTime(r.createTime),
  updateTime: trimDateTime(r.updateTime),
});

/** A provider's source code as the sign-in routes use it (`oauth2`, `wechat_open` …). */
export function parseSource(value: string | undefined): string {
  const v = (value ?? "").trim();
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(v)) throw badRequest(v === "" ? "请选择第三方平台" : MSG_SOURCE);
  return v;
}

/** The tenant condition of user_oauth for this caller (none for the platform administrator). */
function tenantOf(scope: TenantScope): SQL | undefined {
  const tenantId = scope.readTenant(undefined, true);
  return tenantId === undefined ? undefined : eq(userOauth.tenantId, tenantId);
}

/** bindAccountList?userId=: the identities bound to one visible user (the caller's own by default). */
export async function bindAccountList(scope: TenantScope, userId: string): Promise<BoundAccount[]> {
  const target = await scope.repo(user).get(userId, MSG_MISSING);
  const rows = await scope.db
    .select()
    .from(userOauth)
    .where(and(eq(userOauth.userId, target.id), eq(userOauth.tenantId, target.tenantId)))
    .orderBy(asc(userOauth.source), asc(userOauth.createTime));
  return rows.map(toBound);
}

/**
 * The bindings named, each bound to a user the caller may see; `mayOthers` false allows only the
 * caller's own. A binding of another tenant, of nobody, or of a hidden user is missing, alike.
 */
async function findBindings(scope: TenantScope, ids: string[], mayOthers: boolean): Promise<OauthRow[]> {
  if (ids.length === 0) throw badRequest("请选择要解除的绑定");
  const rows = await scope.db
    .select()
    .from(userOauth)
    .where(and(inArray(userOauth.id, ids), isNotNull(userOauth.userId), tenantOf(scope)));
  if (rows.length !== ids.length) throw badRequest(MSG_BINDING_MISSING);
  const others = rows.filter((r) => r.userId !== scope.caller.userId);
  if (others.length && !mayOthers) throw forbidden();
  const userIds = [...new Set(others.map((r) => r.userId!))];
  if (userIds.length) {
    const visible = await scope.repo(user).list(inArray(user.id, userIds));
    if (visible.length !== userIds.length) throw badRequest(MSG_BINDING_MISSING);
  }
  return rows;
}

/** unBind?id= and unBatchBind(ids): all of them or none. */
export async function unbind(scope: TenantScope, ids: string[], mayOthers: boolean): Promise<void> {
  const rows = await findBindings(scope, ids, mayOthers);
  const { updateTime } = scope.touch();
  await scope.transaction(async (tx) => {
    // The tenant again in the UPDATE itself, and only rows still bound.
    const done = await tx.db
      .update(userOauth)
      .set({ userId: null, updateTime })
      .where(and(inArray(userOauth.id, rows.map((r) => r.id)), isNotNull(userOauth.userId), tenantOf(tx)))
      .returning({ id: userOauth.id });
    if (done.length !== rows.length) throw badRequest(MSG_BINDING_MISSING);
  });
}

/** Users bound to `source`, correlated on the tenant so a stray row of another tenant never counts. */
const boundTo = (scope: TenantScope, source: string) =>
  inArray(
    user.id,
    scope.db
      .select({ id: userOauth.userId })
      .from(userOauth)
      .where(and(eq(userOauth.source, source), isNotNull(userOauth.userId), eq(userOauth.tenantId, user.tenantId))),
  );

/** bindUserCount?source=: how many users the caller can see are bound to that provider. */
export async function bindUserCount(scope: TenantScope, source: string): Promise<number> {
  return scope.repo(user).count(boundTo(scope, source));
}

export interface BoundUser extends BoundAccount {
  account: string;
  realName: string;
  deptName: string;
  /** How many identities of this source the user has (usually 1; the row shows the first). */
  bindings: number;
}

/** thirdAppBindUserList/{source}: a page of the users bound to a provider, with their identity. */
export async function boundUsers(scope: TenantScope, source: string, params: Record<string, string>): Promise<Page<BoundUser>> {
  const { q, extra } = await userQuery(scope, params);
  if (extra === null) return toPage([], 0, q.current, q.size);
  const page = await scope.repo(user).page(q, and(extra, boundTo(scope, source)));
  if (page.records.length === 0) return { ...page, records: [] };
  const users = await toUserVOs(scope, page.records);
  const bindings = await scope.db
    .select()
    .from(userOauth)
    .where(and(eq(userOauth.source, source), inArray(userOauth.userId, users.map((u) => u.id)), tenantOf(scope)))
    .orderBy(asc(userOauth.createTime));
  const records = users.flatMap((u): BoundUser[] => {
    const mine = bindings.filter((b) => b.userId === u.id && b.tenantId === u.tenantId);
    if (mine.length === 0) return [];
    return [{ ...toBound(mine[0]), account: u.account, realName: u.realName, deptName: u.deptName, bindings: mine.length }];
  });
  return { ...page, records };
}
