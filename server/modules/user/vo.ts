import { and, eq, inArray, ne } from "drizzle-orm";
import type { UserVO } from "../../../src/contract";
import type { Db } from "../../db/connection";
import { splitIds } from "../../db/ids";
import { dept, dict, post, role, tenant, user } from "../../db/schema";
import { trimDateTime } from "../../db/time";

export type UserRow = typeof user.$inferSelect;

async function namesById(db: Db, table: typeof role | typeof dept | typeof post, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const nameCol = table === role ? role.roleName : table === dept ? dept.deptName : post.postName;
  const rows = await db
    .select({ id: table.id, name: nameCol })
    .from(table)
    .where(and(inArray(table.id, ids), eq(table.isDeleted, 0)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function dictLabels(db: Db, code: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: dict.dictKey, value: dict.dictValue })
    .from(dict)
    .where(and(eq(dict.code, code), ne(dict.parentId, "0"), eq(dict.isDeleted, 0)));
  return new Map(rows.map((r) => [r.key, r.value]));
}

const joinNames = (ids: string, names: Map<string, string>) =>
  splitIds(ids)
    .map((id) => names.get(id))
    .filter((n): n is string => n !== undefined)
    .join(",");

/** Rows → UserVO with names resolved in a handful of queries per page; never the password. */
export async function toUserVOs(db: Db, rows: UserRow[]): Promise<UserVO[]> {
  const all = (pick: (r: UserRow) => string) => [...new Set(rows.flatMap((r) => splitIds(pick(r))))];
  const [roles, depts, posts, sexes, types, tenants] = await Promise.all([
    namesById(db, role, all((r) => r.roleId)),
    namesById(db, dept, all((r) => r.deptId)),
    namesById(db, post, all((r) => r.postId)),
    dictLabels(db, "sex"),
    dictLabels(db, "user_type"),
    rows.length
      ? db
          .select({ id: tenant.tenantId, name: tenant.tenantName })
          .from(tenant)
          .where(and(inArray(tenant.tenantId, [...new Set(rows.map((r) => r.tenantId))]), eq(tenant.isDeleted, 0)))
      : Promise.resolve([]),
  ]);
  const tenantNames = new Map(tenants.map((t) => [t.id, t.name]));
  return rows.map((r) => ({
    id: r.id,
    tenantId: r.tenantId,
    tenantName: tenantNames.get(r.tenantId) ?? "",
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
