import { inArray } from "drizzle-orm";
import { menu, role, roleMenu } from "../../db/schema";
import { forbidden } from "../../http/errors";
import type { TenantScope } from "../../security/tenant-scope";

export const MSG_ROLE_ABOVE_OWN = "无权分配超出自身权限的角色";

/**
 * Nobody hands out more than they hold: a role may be given to a user only when every live menu
 * and button it grants is granted to one of the caller's own roles too. Otherwise a tenant
 * administrator with a narrowed role could make someone (or themselves) the holder of a broader
 * one. The platform administrator holds everything. Answers the ids of the roles beyond the
 * caller's; role existence and the administrator role are checked apart (input.ts).
 */
export async function rolesBeyondOwn(scope: TenantScope, roleIds: string[]): Promise<Set<string>> {
  if (scope.crossTenant || roleIds.length === 0) return new Set();
  const own = new Set(scope.caller.roleIds);
  const asked = [...new Set(roleIds)].filter((id) => !own.has(id));
  if (asked.length === 0) return new Set();
  // role_menu carries no tenant: only ids of roles already found in the caller's tenant reach here.
  const rows = await scope.platform(roleMenu).select({ roleId: roleMenu.roleId, menuId: roleMenu.menuId }, inArray(roleMenu.roleId, [...asked, ...own]));
  const held = new Set(rows.filter((r) => own.has(r.roleId)).map((r) => r.menuId));
  const beyond = rows.filter((r) => !own.has(r.roleId) && !held.has(r.menuId));
  if (beyond.length === 0) return new Set();
  // A grant of a deleted menu gives nothing, so it does not count against the role.
  const live = new Set((await scope.repo(menu).list(inArray(menu.id, [...new Set(beyond.map((r) => r.menuId))]))).map((m) => m.id));
  return new Set(beyond.filter((r) => live.has(r.menuId)).map((r) => r.roleId));
}

/** 403 naming the roles beyond the caller's own, if any. */
export async function assertWithinOwnGrants(scope: TenantScope, roleIds: string[]): Promise<void> {
  const offending = await rolesBeyondOwn(scope, roleIds);
  if (offending.size === 0) return;
  const names = (await scope.repo(role).list(inArray(role.id, [...offending]))).map((r) => r.roleName);
  throw forbidden(`${MSG_ROLE_ABOVE_OWN}: ${names.join(",")}`);
}
