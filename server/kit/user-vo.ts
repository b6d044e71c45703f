import { inArray } from "drizzle-orm";
import type { UserVO } from "../../domain/contract";
import { splitIds } from "../db/ids";
import { dept, post, role, tenant, user } from "../db/schema";
import { formatDateTime, trimDateTime } from "../db/time";
import { lockEnds, lockKey } from "../security/lockout";
import type { LookupPart, TenantScope } from "../security/tenant-scope";
import { dictPart } from "./dict-labels";

/** Shared by the user pages and the token's user-info, which answer the same UserVO. */
export type UserRow = typeof user.$inferSelect;

const byIds = (name: string, table: typeof role | typeof dept | typeof post, ids: string[], label: LookupPart["label"]): LookupPart[] =>
  ids.length ? [{ name, table, key: table.id, label, where: inArray(table.id, ids) }] : [];

const joinNames = (ids: string, names: Map<string, string>) =>
  splitIds(ids)
    .map((id) => names.get(id))
    .filter((n): n is string => n !== undefined)
    .join(",");

/** Rows → UserVO with every name resolved in one statement per page; never the password. */
export async function toUserVOs(scope: TenantScope, rows: UserRow[]): Promise<UserVO[]> {
  if (rows.length === 0) return [];
  const all = (pick: (r: UserRow) => string) => [...new Set(rows.flatMap((r) => splitIds(pick(r))))];
  const tenantIds = [...new Set(rows.map((r) => r.tenantId))];
  const [names, locks] = await Promise.all([
    scope.lookup([
      ...byIds("role", role, all((r) => r.roleId), role.roleName),
      ...byIds("dept", dept, all((r) => r.deptId), dept.deptName),
      ...byIds("post", post, all((r) => r.postId), post.postName),
      dictPart("sex", "sex"),
      dictPart("type", "user_type"),
      { name: "tenant", table: tenant, key: tenant.tenantId, label: tenant.tenantName, where: inArray(tenant.tenantId, tenantIds) },
    ]),
    // The sign-in lockout's ends (security/lockout.ts): the list shows 已锁定 rather than 启用.
    lockEnds(scope, tenantIds),
  ]);
  const of = (name: string) => names.get(name) ?? new Map<string, string>();
  const [roles, depts, posts, sexes, types, tenants] = ["role", "dept", "post", "sex", "type", "tenant"].map(of);
  const now = scope.clock();
  const lockedUntil = (r: UserRow) => {
    const until = locks.get(lockKey(r.tenantId, r.account)) ?? 0;
    return until > now ? { lockedUntil: formatDateTime(new Date(until)) } : {};
  };
  return rows.map((r) => ({
    id: r.id,
    tenantId: r.tenantId,
    tenantName: tenants.get(r.tenantId) ?? "",
    code: r.code,
    userType: r.userType,
    userTypeName: types.get(String(r.userType)) ?? "",
    account: r.account,
    name: r.name,
    realName: r.realName,
    avatar: r.avatar,
    email: r.email,
    phone: r.phone,
    birthday: trimDateTime(r.birthday),
    sex: r.sex,
    sexName: sexes.get(String(r.sex)) ?? "",
    roleId: r.roleId,
    roleName: joinNames(r.roleId, roles),
    deptId: r.deptId,
    deptName: joinNames(r.deptId, depts),
    postId: r.postId,
    postName: joinNames(r.postId, posts),
    idType: r.idType,
    idNumber: r.idNumber,
    status: r.status,
    createTime: trimDateTime(r.createTime),
    updateTime: trimDateTime(r.updateTime),
    ...lockedUntil(r),
  }));
}
