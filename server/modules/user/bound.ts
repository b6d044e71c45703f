import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Page } from "../../../domain/contract";
import { user, userOauth } from "../../db/schema";
import { toPage } from "../../db/query";
import { trimDateTime } from "../../db/time";
import { badRequest, forbidden } from "../../http/errors";
import { toUserVOs } from "../../kit/user-vo";
import { setBindingUser, type OauthRow } from "../../security/bindings";
import type { TenantScope } from "../../security/tenant-scope";
import { MSG_MISSING, userQuery } from "./service";

/**
 * Bound accounts: third-party identities (blade_user_oauth) bound to users. The table has no
 * logical delete: it is read through `scope.owned(userOauth)` and written by security/bindings.ts,
 * both within the caller's tenant, and users are reached only through ids the repository has
 * already shown to the caller. Unbinding clears user_id: the identity's next sign-in is a guest
 * that may register again.
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

/** bindAccountList?userId=: the identities bound to one visible user (the caller's own by default). */
export async function bindAccountList(scope: TenantScope, userId: string): Promise<BoundAccount[]> {
  const target = await scope.repo(user).get(userId, MSG_MISSING);
  const rows = await scope
    .forTenant(target.tenantId)
    .owned(userOauth)
    .list(eq(userOauth.userId, target.id), { orderBy: [asc(userOauth.source), asc(userOauth.createTime)] });
  return rows.map(toBound);
}

/**
 * The bindings named, each bound to a user the caller may see; `mayOthers` false allows only the
 * caller's own. A binding of another tenant, of nobody, or of a hidden user is missing, alike.
 */
async function findBindings(scope: TenantScope, ids: string[], mayOthers: boolean): Promise<OauthRow[]> {
  if (ids.length === 0) throw badRequest("请选择要解除的绑定");
  const rows = await scope.owned(userOauth).list(and(inArray(userOauth.id, ids), isNotNull(userOauth.userId)));
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
  await scope.transaction(async (tx) => {
    // The tenant again in the UPDATE itself, and only rows still bound.
    const done = await setBindingUser(tx, rows.map((r) => r.id), null, isNotNull(userOauth.userId));
    if (done.length !== rows.length) throw badRequest(MSG_BINDING_MISSING);
  });
}

/**
 * Users bound to `source`: identities of the caller's tenant (every tenant's, for the platform
 * administrator). An identity is only ever bound to a user of its own tenant (the sign-in and
 * registration that bind it act in one tenant), and user ids are unique across tenants.
 */
const boundTo = (scope: TenantScope, source: string) =>
  inArray(user.id, scope.owned(userOauth).select({ id: userOauth.userId }, and(eq(userOauth.source, source), isNotNull(userOauth.userId))));

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
  const bindings = await scope
    .owned(userOauth)
    .list(and(eq(userOauth.source, source), inArray(userOauth.userId, users.map((u) => u.id))), { orderBy: [asc(userOauth.createTime)] });
  const records = users.flatMap((u): BoundUser[] => {
    const mine = bindings.filter((b) => b.userId === u.id && b.tenantId === u.tenantId);
    if (mine.length === 0) return [];
    return [{ ...toBound(mine[0]), account: u.account, realName: u.realName, deptName: u.deptName, bindings: mine.length }];
  });
  return { ...page, records };
}
