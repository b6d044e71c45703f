import { and, inArray } from "drizzle-orm";
import { ADMINISTRATOR_ALIAS, type Page, type UserVO } from "../../../domain/contract";
import { role, user } from "../../db/schema";
import { MAX_IDS } from "../../http/body";
import { badRequest } from "../../http/errors";
import { toUserVOs } from "../../kit/user-vo";
import type { TenantScope } from "../../security/tenant-scope";
import { idList } from "./params";
import { userPage, userQuery } from "./service";

/**
 * The other readings of users that §7 names: a role's users, the pickers other pages open
 * (usesPage, usesList, getSelectUserInfo), BladeX's user-list and page/project. All read through
 * the repository, so tenant and data scope apply as on the users page.
 */

/** What a picker shows of a user: enough to recognise them, nothing of their roles or contact details. */
export interface PickedUser {
  id: string;
  tenantId: string;
  account: string;
  name: string;
  realName: string;
  avatar: string;
  deptId: string;
  deptName: string;
  status: number;
}

const picked = (u: UserVO): PickedUser => ({
  id: u.id,
  tenantId: u.tenantId,
  account: u.account,
  name: u.name,
  realName: u.realName,
  avatar: u.avatar,
  deptId: u.deptId,
  deptName: u.deptName,
  status: u.status,
});

/** At most this many rows from a call that answers a list rather than a page. */
export const MAX_LIST_ROWS = MAX_IDS;

/** userRolePage?roleId=: the users holding a role of the caller's tenant (another's is missing). */
export async function userRolePage(scope: TenantScope, params: Record<string, string>): Promise<Page<UserVO>> {
  const roleId = params.roleId?.trim();
  if (!roleId) throw badRequest("请选择角色");
  const [id] = idList(roleId, "roleId");
  // The administrator role is the platform's own: to anyone else it does not exist (§6).
  const found = await scope.repo(role).get(id, "角色不存在");
  if (found.roleAlias === ADMINISTRATOR_ALIAS && !scope.crossTenant) throw badRequest("角色不存在");
  return userPage(scope, { ...params, roleId: id });
}

/** usesPage: the users page's filters and paging, answered as picker rows. */
export async function usesPage(scope: TenantScope, params: Record<string, string>): Promise<Page<PickedUser>> {
  const page = await userPage(scope, params);
  return { ...page, records: page.records.map(picked) };
}

async function userList(scope: TenantScope, params: Record<string, string>): Promise<UserVO[]> {
  const { q, extra } = await userQuery(scope, params);
  if (extra === null) return [];
  const rows = await scope.repo(user).list(and(q.where, extra), { orderBy: q.orderBy, limit: MAX_LIST_ROWS });
  return toUserVOs(scope, rows);
}

/** usesList: picker rows matching the filters, without paging (the first MAX_LIST_ROWS). */
export async function usesList(scope: TenantScope, params: Record<string, string>): Promise<PickedUser[]> {
  return (await userList(scope, params)).map(picked);
}

const SUFFIXED = /_(equal|notequal|like|likeleft|likeright|notlike|ge|le|gt|lt|datege|dategt|dateequal|datele|datelt|null|notnull|ignore)$/;
const NOT_FILTERS = new Set(["current", "size", "ascs", "descs", "deptId", "roleId"]);

/**
 * user-list: BladeX binds the query to a User entity, so a bare key is an equality there (not the
 * LIKE of the page); suffixed keys keep their meaning. The first MAX_LIST_ROWS users.
 */
export async function userListByEntity(scope: TenantScope, params: Record<string, string>): Promise<UserVO[]> {
  const entity: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    entity[NOT_FILTERS.has(key) || SUFFIXED.test(key) ? key : `${key}_equal`] = value;
  }
  return userList(scope, entity);
}

/** getSelectUserInfo?userIds=: picker rows of the ids a form holds; ids the caller cannot see are left out. */
export async function selectUserInfo(scope: TenantScope, ids: string[]): Promise<PickedUser[]> {
  if (ids.length === 0) return [];
  const rows = await scope.repo(user).list(inArray(user.id, ids));
  const byId = new Map((await toUserVOs(scope, rows)).map((u) => [u.id, picked(u)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
