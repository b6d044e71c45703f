import { asc, eq, inArray } from "drizzle-orm";
import { directoryMessages as M } from "../../../domain/resources/applicationManagement/resourceDirectory/spec";
import { appDirectory, appRole, appRoleDirectory } from "../../db/schema";
import { recordChange } from "../../security/audit";
import { type TenantScope } from "../../security/tenant-scope";
import { badRequest } from "../../http/errors";

const DIRECTORY_ORDER = [asc(appDirectory.sort), asc(appDirectory.id)];

/** getAppDirectory?roleId: the directories given to an application role (ids, and names for showing them). */
export async function directoriesOfRole(scope: TenantScope, roleId: string) {
  const role = await scope.repo(appRole).get(roleId, M.roleMissing.zh);
  const links = await scope.forTenant(role.tenantId).links(appRoleDirectory).list(eq(appRoleDirectory.appRoleId, role.id));
  if (links.length === 0) return [];
  const rows = await scope.repo(appDirectory).list(inArray(appDirectory.id, links.map((l) => l.directoryId)), { orderBy: DIRECTORY_ORDER });
  return rows.map((d) => ({ id: d.id, directoryId: d.id, directoryName: d.directoryName, directoryCode: d.directoryCode, status: d.status }));
}

/**
 * addAppDirectory (roleId, directoryIds): the chosen directories become exactly the role's (an
 * empty list takes them all away). Every directory is of the role's tenant; the operation log hears
 * the role's directories before and after.
 */
export async function setRoleDirectories(scope: TenantScope, roleId: string, directoryIds: string[]): Promise<void> {
  await scope.transaction(async (tx) => {
    const role = await tx.repo(appRole).get(roleId, M.roleMissing.zh);
    const mine = tx.forTenant(role.tenantId);
    const found = directoryIds.length ? await mine.repo(appDirectory).list(inArray(appDirectory.id, directoryIds)) : [];
    if (found.length !== directoryIds.length) throw badRequest(M.directoriesMissing.zh);
    const links = mine.links(appRoleDirectory);
    const held = await links.list(eq(appRoleDirectory.appRoleId, role.id));
    const names = async (ids: string[]) =>
      (ids.length ? await mine.repo(appDirectory).list(inArray(appDirectory.id, ids)) : []).map((d) => d.directoryName).sort();
    const before = await names(held.map((h) => h.directoryId));
    await links.delete(eq(appRoleDirectory.appRoleId, role.id));
    if (directoryIds.length) await links.insert(directoryIds.map((directoryId) => ({ appRoleId: role.id, directoryId })));
    await recordChange(tx, appRole, "update", { [role.id]: { directories: [before, found.map((d) => d.directoryName).sort()] } });
  });
}
