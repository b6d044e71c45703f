import { inArray } from "drizzle-orm";
import type { UserVO } from "../../src/contract";
import { splitIds } from "../db/ids";
import { dept, post, role, tenant, user } from "../db/schema";
import { trimDateTime } from "../db/time";
import type { TenantScope } from "../security/tenant-scope";
import { dictLabels } from "./dict-labels";

/** Shared by the user pages and the token's user-info, which answer the same UserVO. */
export type UserRow = typeof user.$inferSelect;

async function namesById<T extends typeof role | typeof dept | typeof post>(
  scope: TenantScope,
  table: T,
  ids: string[],
  name: (row: T["$inferSelect"]) => string,
) {
  if (ids.length === 0) return new Map<string, string>();
  const rows: T["$inferSelect"][] = await scope.repo(table).list(inArray(table.id, ids));
  return new Map(rows.map((r) => [r.id, name(r)]));
}

async function tenantNames(scope: TenantScope, tenantIds: string[]) {
  if (tenantIds.length === 0) return new Map<string, string>();
  const rows = await scope.repo(tenant).list(inArray(tenant.tenantId, tenantIds));
  return new Map(rows.map((t) => [t.tenantId, t.tenantName]));
}

const joinNames = (ids: string, names: Map<string, string>) =>
  splitIds(ids)
    .map((id) => names.get(id))
    .filter((n): n is string => n !== undefined)
    .join(",");

/** Rows → UserVO with names resolved in a handful of queries per page; never the password. */
export async function toUserVOs(scope: TenantScope, rows: UserRow[]): Promise<UserVO[]> {
  const all = (pick: (r: UserRow) => string) => [...new Set(rows.flatMap((r) => splitIds(pick(r))))];
  const [roles, depts, posts, sexes, types, tenants] = await Promise.all([
    namesById(scope, role, all((r) => r.roleId), (r) => r.roleName),
    namesById(scope, dept, all((r) => r.deptId), (r) => r.deptName),
    namesById(scope, post, all((r) => r.postId), (r) => r.postName),
    dictLabels(scope, "sex"),
    dictLabels(scope, "user_type"),
    tenantNames(scope, [...new Set(rows.map((r) => r.tenantId))]),
  ]);
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
    status: r.status,
    createTime: trimDateTime(r.createTime),
    updateTime: trimDateTime(r.updateTime),
  }));
}
