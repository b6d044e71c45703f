import { and, eq, inArray, ne, notInArray } from "drizzle-orm";
import { validateResource, valuesOf } from "../../../domain/validation";
import { GROUP_NAME_TAKEN, roleGroupSpec } from "../../../domain/resources/system/role/group-spec";
import { appRole, roleGroup, roleGroupApp, roleGroupAppRole } from "../../db/schema";
import { badRequest } from "../../http/errors";
import { fieldErrors, plainVO, requireId } from "../../kit/crud";
import type { TenantScope } from "../../security/tenant-scope";
import { MSG_APP_MISSING, MSG_GROUP_MISSING, appsOfTenant, findApp, findGroup, findGroups, type GroupRow } from "./group-read";
import { findRole } from "./role-read";

/** A group as submit answers it: the row, audit dates trimmed, without the delete flag. */
const toVO = (g: GroupRow) => {
  const { isDeleted: _d, ...row } = plainVO(g);
  return row;
};

/**
 * POST submit: creates a group under a role the caller may manage (no id) or updates one (id; the
 * fields given). A role holds one group of a name. One transaction.
 */
export async function submitGroup(scope: TenantScope, body: Record<string, unknown>, updating: boolean) {
  const mode = updating ? "update" : "create";
  const errors = validateResource(roleGroupSpec, body, mode);
  if (errors.length) fieldErrors(errors);
  const values = valuesOf(roleGroupSpec, body, mode);
  const id = await scope.transaction(async (tx) => {
    const existing = updating ? await findGroup(tx, requireId(body.id)) : undefined;
    const owner = existing ? { id: existing.roleId, tenantId: existing.tenantId } : await findRole(tx, values.roleId as string);
    const name = values.groupName as string | undefined;
    if (name !== undefined) {
      const clash = and(eq(roleGroup.roleId, owner.id), eq(roleGroup.groupName, name), existing ? ne(roleGroup.id, existing.id) : undefined);
      if ((await tx.repo(roleGroup).count(clash)) > 0) fieldErrors([{ field: "groupName", message: GROUP_NAME_TAKEN.zh }]);
    }
    if (existing) {
      await tx.repo(roleGroup).update([existing.id], values, MSG_GROUP_MISSING);
      return existing.id;
    }
    return tx.repo(roleGroup).insert(values, owner.tenantId);
  });
  return toVO(await findGroup(scope, id));
}

/** DELETE remove: the groups and their bindings (applications, application roles), all or none. */
export async function removeGroups(scope: TenantScope, ids: string[]): Promise<void> {
  if (ids.length === 0) throw badRequest("请选择要删除的数据");
  await scope.transaction(async (tx) => {
    await findGroups(tx, ids);
    await tx.repo(roleGroup).remove(ids, MSG_GROUP_MISSING);
    await tx.links(roleGroupApp).delete(inArray(roleGroupApp.groupId, ids));
    await tx.links(roleGroupAppRole).delete(inArray(roleGroupAppRole.groupId, ids));
  });
}

/** The groups of roles being deleted go with them (inside the caller's transaction). */
export async function removeGroupsOfRoles(tx: TenantScope, roleIds: string[]): Promise<void> {
  const groups = await tx.repo(roleGroup).list(inArray(roleGroup.roleId, roleIds));
  const ids = groups.map((g) => g.id);
  if (ids.length === 0) return;
  await tx.repo(roleGroup).remove(ids, MSG_GROUP_MISSING);
  await tx.links(roleGroupApp).delete(inArray(roleGroupApp.groupId, ids));
  await tx.links(roleGroupAppRole).delete(inArray(roleGroupAppRole.groupId, ids));
}

/** GET enable: a group enabled (1) or disabled (0); a disabled group gives its role's users no application. */
export async function enableGroup(scope: TenantScope, id: string, status: 0 | 1): Promise<void> {
  await scope.transaction(async (tx) => {
    await findGroup(tx, id);
    await tx.repo(roleGroup).update([id], { status }, MSG_GROUP_MISSING);
  });
}

/**
 * POST bindApp: the group's applications become exactly `appIds`; the application roles of
 * applications no longer bound go with them. Every application is a live one of the group's
 * tenant (another tenant's is answered as missing), and every newly bound one is enabled. One
 * transaction.
 */
export async function bindApps(scope: TenantScope, groupId: string, appIds: string[]): Promise<void> {
  await scope.transaction(async (tx) => {
    const group = await findGroup(tx, groupId);
    const apps = await appsOfTenant(tx, group.tenantId, appIds);
    if (apps.length !== appIds.length) throw badRequest(MSG_APP_MISSING);
    const links = tx.forTenant(group.tenantId).links(roleGroupApp);
    const current = await links.list(eq(roleGroupApp.groupId, group.id));
    const had = new Set(current.map((r) => r.appId));
    // One disabled since it was bound may stay (it gives nobody anything while disabled): the
    // group's other applications can still be changed without first taking it out.
    const disabled = apps.find((a) => a.status !== 1 && !had.has(a.id));
    if (disabled) throw badRequest(`应用「${disabled.appName}」已停用，不能绑定`);
    await links.delete(and(eq(roleGroupApp.groupId, group.id), appIds.length ? notInArray(roleGroupApp.appId, appIds) : undefined)!);
    await links.insert(appIds.filter((id) => !had.has(id)).map((appId) => ({ groupId: group.id, appId })));
    // The group keeps only roles of the applications it still has.
    const kept = appIds.length ? await tx.repo(appRole).list(inArray(appRole.appId, appIds), { tenantId: group.tenantId }) : [];
    const keptIds = kept.map((r) => r.id);
    await tx
      .links(roleGroupAppRole)
      .delete(and(eq(roleGroupAppRole.groupId, group.id), keptIds.length ? notInArray(roleGroupAppRole.appRoleId, keptIds) : undefined)!);
    // Who changed the bindings, and when: the group's audit columns.
    await tx.repo(roleGroup).update([group.id], {}, MSG_GROUP_MISSING);
  });
}

/**
 * POST bingGroup (BladeX's spelling): the group's roles of this application become exactly
 * `appRoleIds`. The application must be bound to the group, and each id a live role of it.
 */
export async function bindAppRoles(scope: TenantScope, groupId: string, appId: string, appRoleIds: string[]): Promise<void> {
  await scope.transaction(async (tx) => {
    const group = await findGroup(tx, groupId);
    const a = await findApp(tx, group.tenantId, appId);
    const inGroup = tx.forTenant(group.tenantId);
    const [binding] = await inGroup.links(roleGroupApp).list(and(eq(roleGroupApp.groupId, group.id), eq(roleGroupApp.appId, a.id)), { limit: 1 });
    if (!binding) throw badRequest(`应用「${a.appName}」未绑定到该角色组，请先绑定应用`);
    const roles = await tx.repo(appRole).list(eq(appRole.appId, a.id), { tenantId: a.tenantId });
    const ofApp = new Set(roles.map((r) => r.id));
    if (appRoleIds.some((id) => !ofApp.has(id))) throw badRequest("应用角色不存在");

    const held = inGroup.links(roleGroupAppRole);
    if (ofApp.size) await held.delete(and(eq(roleGroupAppRole.groupId, group.id), inArray(roleGroupAppRole.appRoleId, [...ofApp]))!);
    await held.insert(appRoleIds.map((appRoleId) => ({ groupId: group.id, appRoleId })));
    await tx.repo(roleGroup).update([group.id], {}, MSG_GROUP_MISSING);
  });
}
