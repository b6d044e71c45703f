import { and, eq, inArray, sql } from "drizzle-orm";
import { ADMINISTRATOR_ALIAS, DEFAULT_TENANT_ID } from "../../../domain/contract";
import { TENANT_ADMIN_ALIAS } from "../../../domain/resources/system/role/contract";
import { role, roleCategory, user } from "../../db/schema";
import { badRequest } from "../../http/errors";
import { fieldErrors } from "../../kit/crud";
import { TenantScope } from "../../security/tenant-scope";
import { assignable, holdsRole, type RoleRow } from "./role-read";
import { checkParent, parentOf } from "./tree-rows";

/**
 * The write and remove hooks of /blade-system/role (routes.ts hands them to the kit, which runs
 * each submit and remove in one transaction): only the platform administrator creates or keeps a
 * role aliased `administrator`, and its alias never changes; aliases are unique in a tenant (the
 * spec's `unique`); a parent is a role of the same tenant, never the role itself or one below it.
 */

export const MSG_NO_ADMINISTRATOR = "无权限创建超管角色！";

const refuseField = (field: string, message: string): never => fieldErrors([{ field, message }]);

/** A field given as `value`, or dropped from the write (an update keeps the row's own). */
function setOrDrop(values: Record<string, unknown>, field: string, value: string | undefined): void {
  if (value !== undefined) values[field] = value;
  else delete values[field];
}

/**
 * The parent and the category as written ("0", the top or none, for blanks and on create); the
 * category is a column of the role, so a create is one insert (one 新增 row in the operation log).
 */
export function prepareRole(values: Record<string, unknown>, body: Record<string, unknown>, scope: TenantScope, updating: boolean): void {
  setOrDrop(values, "parentId", parentOf(body.parentId, "上级角色") ?? (updating ? undefined : "0"));
  setOrDrop(values, "categoryId", parentOf(body.categoryId, "角色分类") ?? (updating ? undefined : "0"));
  if (values.roleAlias === ADMINISTRATOR_ALIAS && !scope.crossTenant) refuseField("roleAlias", MSG_NO_ADMINISTRATOR);
}

/** The checks that need the other roles and categories of the role's tenant, inside the write's transaction. */
export async function checkRoleWrite(tx: TenantScope, values: Record<string, unknown>, existing: RoleRow | undefined, tenantId: string | undefined) {
  if (existing?.roleAlias === ADMINISTRATOR_ALIAS && values.roleAlias !== undefined && values.roleAlias !== ADMINISTRATOR_ALIAS) {
    refuseField("roleAlias", "超级管理员角色的别名不能修改");
  }
  if (!tenantId) return;
  if (values.parentId !== undefined) {
    // Only roles the caller may see can be a parent: the administrator role is answered as missing.
    const parents = await tx.repo(role).list(assignable(tx), { tenantId });
    checkParent(parents, String(values.parentId), tenantId, "上级角色", existing?.id);
  }
  if (values.categoryId !== undefined && values.categoryId !== "0") {
    const [category] = await tx.repo(roleCategory).list(eq(roleCategory.id, String(values.categoryId)), { tenantId });
    if (category?.tenantId !== tenantId) refuseField("categoryId", "角色分类不存在");
  }
}

/** Users of the role's tenant holding it, all of them (a data scope of the caller must not hide one). */
async function holders(tx: TenantScope, r: { id: string; tenantId: string }): Promise<number> {
  const everyone = tx.systemIn(r.tenantId);
  return everyone.repo(user).count(holdsRole(r.id));
}

/**
 * Refuses a remove, with the role named: the administrator role, a role with sub-roles (not removed
 * with it) or with users, and a tenant's last administrator role (`admin`): the tenant would have
 * no one to manage it.
 */
export async function refuseRoleRemove(tx: TenantScope, rows: RoleRow[]): Promise<void> {
  const ids = rows.map((r) => r.id);
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
}
