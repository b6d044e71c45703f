import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Page, UserVO } from "../../../domain/contract";
import { isId, isIdOrRoot, splitIds } from "../../db/ids";
import { userSpec } from "../../../domain/resources/system/user/spec";
import { idField, type ParsedQuery } from "../../db/query";
import { listReaders, type CrudDefinition } from "../../kit/crud";
import { user, userDept } from "../../db/schema";
import { badRequest, forbidden } from "../../http/errors";
import { deptSubtreeIds } from "../../kit/dept-subtree";
import { toUserVOs, type UserRow } from "../../kit/user-vo";
import type { TenantScope } from "../../security/tenant-scope";
import { hasAdministratorRole } from "./input";

export const MSG_ACCOUNT_TAKEN = "当前账号已被使用!";
export const MSG_MISSING = "用户不存在";

const listed = (column: SQL | typeof user.roleId, id: string) => sql`(',' || ${column} || ',') like ${`%,${id},%`}`;

/**
 * What a user list's own keys add: deptId means that department and everything below it (BladeX),
 * roleId means "holds this role". false when deptId names no department (nothing matches).
 */
async function narrowUsers(scope: TenantScope, params: Record<string, string>): Promise<SQL | undefined | false> {
  const conditions: SQL[] = [];
  if (params.deptId) {
    const ids = splitIds(params.deptId);
    if (ids.length !== 1 || !isIdOrRoot(ids[0])) throw badRequest("请求参数格式错误: deptId");
    const subtree = await deptSubtreeIds(scope, ids[0]);
    if (subtree.length === 0) return false;
    // user_dept holds no tenant of its own: it only narrows rows the repository already scopes.
    conditions.push(inArray(user.id, scope.platform(userDept).select({ id: userDept.userId }, inArray(userDept.deptId, subtree))));
  }
  if (params.roleId) {
    if (!isId(params.roleId)) throw badRequest("请求参数格式错误: roleId");
    conditions.push(listed(user.roleId, params.roleId));
  }
  return and(...conditions);
}

/**
 * How users are listed, by the kit's /page and by the module's own lists, exports and pickers:
 * the spec's filters plus the id (and the tenant, for the platform administrator only), deptId and
 * roleId (narrowUsers), newest first, as UserVO with who is locked out.
 */
export const userListing = {
  table: user,
  missing: MSG_MISSING,
  // BladeX's user API has no /list: /page only.
  list: false,
  filters: { id: idField(user.id) },
  tenantFilter: true,
  reserved: ["deptId", "roleId"],
  defaultOrder: [desc(user.createTime), desc(user.id)],
  narrow: narrowUsers,
  toVO: (rows, scope) => toUserVOs(scope, rows),
} satisfies Partial<CrudDefinition<typeof user>>;

const reads = listReaders({ spec: userSpec, ...userListing });

/** A user list's reading of a request; extra null when nothing can match. Unknown keys are refused before anything is read. */
export interface UserQuery {
  q: ParsedQuery;
  extra: SQL | undefined | null;
}

export async function userQuery(scope: TenantScope, params: Record<string, string>): Promise<UserQuery> {
  const { q, extra } = await reads.parse(scope, params, false);
  return { q, extra: extra === false ? null : extra };
}

/** A page of UserVO, as /blade-user/page answers it, for lists that set some of the parameters themselves. */
export function userPage(scope: TenantScope, params: Record<string, string>): Promise<Page<UserVO>> {
  return reads.pageOf(scope, params) as Promise<Page<UserVO>>;
}

export async function userDetail(scope: TenantScope, id: string): Promise<UserVO> {
  return (await toUserVOs(scope, [await scope.repo(user).get(id, MSG_MISSING)]))[0];
}

export async function assertAccountFree(scope: TenantScope, tenantId: string, account: string, exceptId?: string) {
  const rows = await scope.repo(user).list(eq(user.account, account), { tenantId });
  if (rows.some((r) => r.id !== exceptId)) throw badRequest(MSG_ACCOUNT_TAKEN, [{ field: "account", message: MSG_ACCOUNT_TAKEN }]);
}

export const MSG_ID_NUMBER_TAKEN = "证件号码已被本租户的其他用户使用";

/**
 * An ID number names one person: within a tenant, at most one live user holds it. No unique index
 * backs this, so every write of ID numbers takes this per-tenant lock inside its transaction before
 * it looks: two writes racing for one number wait for each other, and the second sees the first.
 * Taken before the administrators' lock (admin-guard.ts) wherever both are, so none waits in a cycle.
 */
export async function lockIdNumbers(tx: TenantScope, tenantIds: Iterable<string>): Promise<void> {
  for (const tenantId of [...new Set(tenantIds)].sort()) {
    await tx.lock(tenantId, "blade-user-id-number");
  }
}

/** Who holds each of these ID numbers in the tenant: every live user, whatever the caller's data scope shows. */
export async function idNumberHolders(tx: TenantScope, tenantId: string, numbers: string[]): Promise<Map<string, string[]>> {
  const wanted = [...new Set(numbers.filter(Boolean))];
  const holders = new Map<string, string[]>();
  for (let i = 0; i < wanted.length; i += 1000) {
    const rows = await tx.systemIn(tenantId).repo(user).list(inArray(user.idNumber, wanted.slice(i, i + 1000)), { tenantId });
    for (const r of rows) holders.set(r.idNumber, [...(holders.get(r.idNumber) ?? []), r.id]);
  }
  return holders;
}

/** Refuses, beside the field, an ID number another user of the tenant holds (under lockIdNumbers). */
export async function assertIdNumberFree(tx: TenantScope, tenantId: string, idNumber: string | undefined, exceptId?: string) {
  if (!idNumber) return;
  await lockIdNumbers(tx, [tenantId]);
  const holders = (await idNumberHolders(tx, tenantId, [idNumber])).get(idNumber) ?? [];
  if (holders.some((id) => id !== exceptId)) throw badRequest(MSG_ID_NUMBER_TAKEN, [{ field: "idNumber", message: MSG_ID_NUMBER_TAKEN }]);
}

/** user_dept mirrors user.dept_id; it carries no tenant, so only ids of a row already checked reach it. */
export async function syncUserDepts(tx: TenantScope, userId: string, deptIds: string) {
  const links = tx.platform(userDept);
  await links.delete(eq(userDept.userId, userId));
  await links.insert(splitIds(deptIds).map((deptId) => ({ userId, deptId })));
}

/** The unique index catches what the pre-check cannot: two creates racing for one account. */
export async function uniqueAccount<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    if (e.code === "23505" || e.cause?.code === "23505") throw badRequest(MSG_ACCOUNT_TAKEN, [{ field: "account", message: MSG_ACCOUNT_TAKEN }]);
    throw error;
  }
}

export async function guardAdministrators(scope: TenantScope, rows: UserRow[]) {
  if (scope.crossTenant) return;
  for (const row of rows) {
    if (await hasAdministratorRole(scope, row.roleId)) throw forbidden("无权操作超级管理员");
  }
}
