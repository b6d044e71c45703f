import { and, eq, inArray, sql } from "drizzle-orm";
import { ADMINISTRATOR_ALIAS, DEFAULT_TENANT_ID } from "../../../domain/contract";
import { validateResource, valuesOf } from "../../../domain/validation";
import { roleSpec } from "../../../domain/resources/system/role/spec";
import { TENANT_ADMIN_ALIAS, type RoleVO } from "../../../domain/resources/system/role/contract";
import { role, roleCategory, user } from "../../db/schema";
import { badRequest } from "../../http/errors";
import { fieldErrors, requireId } from "../../kit/crud";
import { TenantScope } from "../../security/tenant-scope";
import { removeGroupsOfRoles } from "./group-write";
import { MSG_ROLE_MISSING, assignable, findRole, findRoles, holdsRole, toRoleVOs } from "./role-read";
import { checkParent, parentOf } from "./tree-rows";

export const MSG_NO_ADMINISTRATOR = "无权限创建超管角色！";

const refuseField = (field: string, message: string): never => fieldErrors([{ field, message }]);

/**
 * POST /blade-system/role/submit: create without `id`, update of the fields given with one, in one
 * transaction with the role's category link. Only the platform administrator creates or keeps a
 * role aliased `administrator`; its alias never changes; aliases are unique in a tenant; a parent
 * is a role of the same tenant and never the role itself or one below it.
 */
export async function submitRole(scope: TenantScope, body: Record<string, unknown>, updating: boolean): Promise<RoleVO> {
  const mode = updating ? "update" : "create";
  const errors = validateResource(roleSpec, body, mode);
  if (errors.length) fieldErrors(errors);
  const { categoryId: _c, ...values } = valuesOf(roleSpec, body, mode);
  const parentId = parentOf(body.parentId, "上级角色") ?? (updating ? undefined : "0");
  const categoryId = parentOf(body.categoryId, "角色分类") ?? (updating ? undefined : "0");
  if (parentId !== undefined) values.parentId = parentId;
  else delete values.parentId;
  // The category is a column of the role: written with it, so a create is one insert (one
  // 新增 row in the operation log), not an insert followed by an update (新增 and 修改).
  if (categoryId !== undefined) values.categoryId = categoryId;
  if (values.roleAlias === ADMINISTRATOR_ALIAS && !scope.crossTenant) refuseField("roleAlias", MSG_NO_ADMINISTRATOR);

  const id = await scope.transaction(async (tx) => {
    const existing = updating ? await findRole(tx, requireId(body.id)) : undefined;
    if (existing?.roleAlias === ADMINISTRATOR_ALIAS && values.roleAlias !== undefined && values.roleAlias !== ADMINISTRATOR_ALIAS) {
      refuseField("roleAlias", "超级管理员角色的别名不能修改");
    }
    const tenantId = existing?.tenantId ?? (await tx.writeTenant(body.tenantId));
    const tenantRoles = await tx.repo(role).list(undefined, { tenantId });
    if (parentId !== undefined) {
      const parents = tenantRoles.filter((r) => scope.crossTenant || r.roleAlias !== ADMINISTRATOR_ALIAS);
      checkParent(parents, parentId, tenantId, "上级角色", existing?.id);
    }
    if (values.roleAlias !== undefined && tenantRoles.some((r) => r.roleAlias === values.roleAlias && r.id !== existing?.id)) {
      refuseField("roleAlias", roleSpec.unique![0].message.zh);
    }
    if (categoryId !== undefined && categoryId !== "0") {
      const [category] = await tx.repo(roleCategory).list(eq(roleCategory.id, categoryId), { tenantId });
      if (category?.tenantId !== tenantId) refuseField("categoryId", "角色分类不存在");
    }
    const repo = tx.repo(role);
    return existing ? (await repo.update([existing.id], values, MSG_ROLE_MISSING), existing.id) : await repo.insert(values, tenantId);
  });
  return (await toRoleVOs(scope, [await findRole(scope, id)]))[0];
}

/** Users of the role's tenant holding it, all of them (a data scope of the caller must not hide one). */
async function holders(tx: TenantScope, r: { id: string; tenantId: string }): Promise<number> {
  const everyone = tx.systemIn(r.tenantId);
  return everyone.repo(user).count(holdsRole(r.id));
}

/**
 * POST /blade-system/role/remove?ids=: logical delete of roles nobody holds, in one transaction.
 * Refused, with the role named: the administrator role, a role with sub-roles or with users, and
 * a tenant's last administrator role (`admin`): the tenant would have no one to manage it.
 */
export async function removeRoles(scope: TenantScope, ids: string[]): Promise<void> {
  if (ids.length === 0) throw badRequest("请选择要删除的数据");
  await scope.transaction(async (tx) => {
    const rows = await findRoles(tx, ids);
    for (const r of rows) {
      if (r.roleAlias === ADMINISTRATOR_ALIAS) throw badRequest(`「${r.roleName}」是超级管理员角色，不能删除`);
      const [child] = await tx.repo(role).list(and(eq(role.parentId, r.id), sql`not (${inArray(role.id, ids)})`, assignable(tx)), {
        tenantId: r.tenantId,
        limit: 1,
      });
      if (child) throw badRequest(`角色「${r.roleName}」下还有子角色「${child.roleName}」，请先删除子角色`);
      const count = await holders(tx, r);
      if (count > 0) throw badRequest(`角色「${r.roleName}」下仍有${count}个用户，请先将用户移出该角色`);
    }
    // Tenant 000000 is managed by the administrator role, which cannot be deleted.
    const tenantAdmins = rows.filter((r) => r.roleAlias === TENANT_ADMIN_ALIAS && r.tenantId !== DEFAULT_TENANT_ID);
    for (const tenantId of new Set(tenantAdmins.map((r) => r.tenantId))) {
      const left = await tx.forTenant(tenantId).repo(role).count(and(eq(role.roleAlias, TENANT_ADMIN_ALIAS), sql`not (${inArray(role.id, ids)})`));
      if (left === 0) throw badRequest("不能删除租户的最后一个管理员角色");
    }
    await tx.repo(role).remove(ids, MSG_ROLE_MISSING);
    await removeGroupsOfRoles(tx, ids);
  });
}
