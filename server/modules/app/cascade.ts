import { inArray } from "drizzle-orm";
import { appDirectoryApp, appRole, appRoleDirectory, roleGroupApp, roleGroupAppRole, userAppRole } from "../../db/schema";
import type { TenantScope } from "../../security/tenant-scope";

/**
 * What hangs from application roles about to be removed: the users holding them and the role
 * groups binding them, and the directories given to them. Link rows have no logical delete, so they go (through the link
 * repository, whose DELETE carries the caller's tenant).
 */
export async function unlinkAppRoles(tx: TenantScope, roleIds: string[]): Promise<void> {
  if (roleIds.length === 0) return;
  await tx.links(userAppRole).delete(inArray(userAppRole.appRoleId, roleIds));
  await tx.links(roleGroupAppRole).delete(inArray(roleGroupAppRole.appRoleId, roleIds));
  await tx.links(appRoleDirectory).delete(inArray(appRoleDirectory.appRoleId, roleIds));
}

/**
 * Removing applications removes their roles (with those roles' user links and role-group
 * bindings) and the role groups' bindings of the applications, inside the caller's transaction:
 * the console's confirmation says so before anything is sent.
 */
export async function removeAppDependants(tx: TenantScope, appIds: string[]): Promise<void> {
  if (appIds.length === 0) return;
  const roles = await tx.repo(appRole).list(inArray(appRole.appId, appIds));
  const roleIds = roles.map((r) => r.id);
  await unlinkAppRoles(tx, roleIds);
  if (roleIds.length) await tx.repo(appRole).remove(roleIds, "应用角色不存在");
  await tx.links(roleGroupApp).delete(inArray(roleGroupApp.appId, appIds));
  // The directories filing the applications no longer list them.
  await tx.links(appDirectoryApp).delete(inArray(appDirectoryApp.appId, appIds));
}
