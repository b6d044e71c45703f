import { and, asc, eq, inArray } from "drizzle-orm";
import type { BoundApp, GroupApp, PermissionGroup, RoleGroupVO, Status } from "../../../domain/resources/system/role/group-contract";
import { splitIds } from "../../db/ids";
import { app, appRole, role, roleGroup, roleGroupApp, roleGroupAppRole, user } from "../../db/schema";
import { badRequest } from "../../http/errors";
import type { TenantScope } from "../../security/tenant-scope";
import { assignable, findRoles } from "./role-read";

export type GroupRow = typeof roleGroup.$inferSelect;
type AppRow = typeof app.$inferSelect;

export const MSG_GROUP_MISSING = "角色组不存在";
export const MSG_APP_MISSING = "应用不存在";

export const GROUP_ORDER = [asc(roleGroup.sort), asc(roleGroup.id)];
const APP_ORDER = [asc(app.sort), asc(app.id)];

/**
 * Groups of these ids whose role the caller may see, or 400 角色组不存在: a group of another
 * tenant, or of a role the caller may not manage (the administrator role), is answered as missing.
 */
export async function findGroups(scope: TenantScope, ids: string[]): Promise<GroupRow[]> {
  const groups = await scope.repo(roleGroup).find([...new Set(ids)], MSG_GROUP_MISSING);
  const roleIds = [...new Set(groups.map((g) => g.roleId))];
  const roles = await scope.repo(role).list(and(inArray(role.id, roleIds), assignable(scope)));
  if (roles.length !== roleIds.length) throw badRequest(MSG_GROUP_MISSING);
  return groups;
}

export const findGroup = async (scope: TenantScope, id: string) => (await findGroups(scope, [id]))[0];

/** Live applications of the group's tenant among these ids (in application order). */
export async function appsOfTenant(scope: TenantScope, tenantId: string, ids: string[]): Promise<AppRow[]> {
  if (ids.length === 0) return [];
  return scope.forTenant(tenantId).repo(app).list(inArray(app.id, ids), { orderBy: APP_ORDER });
}

/** A live application of that tenant, or 400 应用不存在 (another tenant's alike). */
export async function findApp(scope: TenantScope, tenantId: string, id: string): Promise<AppRow> {
  const [found] = await appsOfTenant(scope, tenantId, [id]);
  if (!found) throw badRequest(MSG_APP_MISSING);
  return found;
}

/** The ids of the applications bound to each of these groups (binding rows; the apps may since be gone). */
async function boundAppIds(scope: TenantScope, groupIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map(groupIds.map((id) => [id, [] as string[]]));
  if (groupIds.length === 0) return out;
  const rows = await scope.links(roleGroupApp).list(inArray(roleGroupApp.groupId, groupIds));
  for (const r of rows) out.get(r.groupId)?.push(r.appId);
  return out;
}

/** The application role ids bound to each of these groups. */
async function boundRoleIds(scope: TenantScope, groupIds: string[]): Promise<Map<string, Set<string>>> {
  const out = new Map(groupIds.map((id) => [id, new Set<string>()]));
  if (groupIds.length === 0) return out;
  const rows = await scope.links(roleGroupAppRole).list(inArray(roleGroupAppRole.groupId, groupIds));
  for (const r of rows) out.get(r.groupId)?.add(r.appRoleId);
  return out;
}

/** The live applications bound to the group, in application order. */
export async function appsOfGroup(scope: TenantScope, group: GroupRow): Promise<BoundApp[]> {
  const ids = (await boundAppIds(scope, [group.id])).get(group.id) ?? [];
  return (await appsOfTenant(scope, group.tenantId, ids)).map((a) => ({ id: a.id, appName: a.appName, appCode: a.appCode, status: a.status as Status }));
}

/**
 * GET listGroupAppByRoleId: the role's groups in sort order, each with its live applications and,
 * per application, the live application roles the group holds in it.
 */
export async function groupsOfRole(scope: TenantScope, roleId: string): Promise<RoleGroupVO[]> {
  const [r] = await findRoles(scope, [roleId]);
  const groups = await scope.repo(roleGroup).list(eq(roleGroup.roleId, r.id), { orderBy: GROUP_ORDER, tenantId: r.tenantId });
  const groupIds = groups.map((g) => g.id);
  const appIds = await boundAppIds(scope, groupIds);
  const roleIds = await boundRoleIds(scope, groupIds);
  const apps = await appsOfTenant(scope, r.tenantId, [...new Set([...appIds.values()].flat())]);
  const allRoleIds = [...new Set([...roleIds.values()].flatMap((s) => [...s]))];
  const appRoles = allRoleIds.length
    ? await scope.repo(appRole).list(inArray(appRole.id, allRoleIds), { orderBy: [asc(appRole.sort), asc(appRole.id)], tenantId: r.tenantId })
    : [];
  return groups.map((g) => {
    const mine = new Set(appIds.get(g.id));
    const held = roleIds.get(g.id) ?? new Set<string>();
    const bound: GroupApp[] = apps
      .filter((a) => mine.has(a.id))
      .map((a) => ({
        appId: a.id,
        appName: a.appName,
        appCode: a.appCode,
        status: a.status as Status,
        appRoles: appRoles.filter((ar) => ar.appId === a.id && held.has(ar.id)).map((ar) => ({ id: ar.id, roleName: ar.roleName })),
      }));
    return { id: g.id, tenantId: g.tenantId, roleId: g.roleId, groupName: g.groupName, sort: g.sort, remark: g.remark, status: g.status as Status, apps: bound };
  });
}

/**
 * GET listPermissionGroupByApp: the application's live roles in sort order; with a group, those
 * the group holds are `checked`. The application must be of the caller's tenant (of the group's,
 * when one is named).
 */
export async function permissionGroups(scope: TenantScope, appId: string, groupId?: string): Promise<PermissionGroup[]> {
  const group = groupId ? await findGroup(scope, groupId) : undefined;
  const a = await findApp(scope, group?.tenantId ?? scope.tenantId, appId);
  const roles = await scope.repo(appRole).list(eq(appRole.appId, a.id), { orderBy: [asc(appRole.sort), asc(appRole.id)], tenantId: a.tenantId });
  const held = group ? ((await boundRoleIds(scope, [group.id])).get(group.id) ?? new Set<string>()) : new Set<string>();
  return roles.map((r) => ({ id: r.id, appId: r.appId, roleName: r.roleName, roleCode: r.roleCode, sort: r.sort, checked: held.has(r.id) }));
}

/** An application a user may use, as the later 'my applications' list shows it. */
export interface UsableApp {
  id: string;
  appName: string;
  appCode: string;
  appUrl: string;
  icon: string;
  categoryId: string;
  sort: number;
}

/**
 * The applications a user may use: the enabled, live applications bound to the enabled groups of
 * the user's live roles, each once, in application order. A role group's applications are what
 * its role's users may use (§6 "Role groups bind to applications"). Read in the user's tenant,
 * through `scope` (the caller's own scope for 'my applications').
 */
export async function appsOfUser(scope: TenantScope, userId: string): Promise<UsableApp[]> {
  const [u] = await scope.repo(user).list(eq(user.id, userId));
  if (!u) return [];
  const roleIds = splitIds(u.roleId);
  if (roleIds.length === 0) return [];
  const roles = await scope.repo(role).list(inArray(role.id, roleIds), { tenantId: u.tenantId });
  if (roles.length === 0) return [];
  const groups = await scope.repo(roleGroup).list(
    and(inArray(roleGroup.roleId, roles.map((r) => r.id)), eq(roleGroup.status, 1)),
    { tenantId: u.tenantId },
  );
  const bound = await boundAppIds(scope, groups.map((g) => g.id));
  const ids = [...new Set([...bound.values()].flat())];
  if (ids.length === 0) return [];
  const apps = await scope.forTenant(u.tenantId).repo(app).list(and(inArray(app.id, ids), eq(app.status, 1)), { orderBy: APP_ORDER });
  return apps.map((a) => ({ id: a.id, appName: a.appName, appCode: a.appCode, appUrl: a.appUrl, icon: a.icon, categoryId: a.categoryId, sort: a.sort }));
}
