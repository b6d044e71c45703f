import { splitIds } from "../../db/ids";
import { user } from "../../db/schema";
import { badRequest } from "../../http/errors";
import type { TenantScope } from "../../security/tenant-scope";
import { checkReferences } from "./input";
import type { UserRow } from "../../kit/user-vo";
import { MSG_MISSING, guardAdministrators, syncUserDepts } from "./service";
import { MSG_CHOOSE_USER } from "./unlock";
import { keepingAdministrators } from "../../security/admin-guard";

export const MSG_CHOOSE_ROLE = "请选择角色";
export const MSG_CHOOSE_DEPT = "请选择部门";

/**
 * The users of one request, each a visible row (another tenant's id is answered like a missing
 * one), none of them an administrator unless the caller is the platform's; and the references
 * checked in every tenant they belong to (a role or department of another tenant does not exist).
 */
async function loadTargets(scope: TenantScope, ids: string[], refs: { roleId?: string; deptId?: string }): Promise<UserRow[]> {
  if (ids.length === 0) throw badRequest(MSG_CHOOSE_USER);
  const rows = await scope.repo(user).find(ids, MSG_MISSING);
  await guardAdministrators(scope, rows);
  for (const tenantId of new Set(rows.map((r) => r.tenantId))) await checkReferences(scope, tenantId, refs);
  return rows;
}

const joinIds = (ids: string[]) => [...new Set(ids)].join(",");

/**
 * setRole (ids, roleIds): the users' roles become exactly these, for all of them or none, and
 * never so that a tenant is left without an enabled administrator (admin-guard.ts).
 */
export async function setRoles(scope: TenantScope, ids: string[], roleIds: string[]): Promise<void> {
  if (roleIds.length === 0) throw badRequest(MSG_CHOOSE_ROLE, [{ field: "roleIds", message: MSG_CHOOSE_ROLE }]);
  const roleId = joinIds(roleIds);
  const rows = await loadTargets(scope, ids, { roleId });
  // The next request of each user reads its roles afresh (security/authenticate.ts): no session to end.
  await scope.transaction((tx) =>
    keepingAdministrators(tx, rows.map((r) => r.tenantId), "role", () => tx.repo(user).update(ids, { roleId }, MSG_MISSING)),
  );
}

/** userAddRole (roleId, userIds): this role joins each user's roles, which otherwise stay. */
export async function addRoleToUsers(scope: TenantScope, roleId: string, ids: string[]): Promise<void> {
  const rows = await loadTargets(scope, ids, { roleId });
  await scope.transaction(async (tx) => {
    for (const row of rows) {
      const roles = splitIds(row.roleId);
      if (!roles.includes(roleId)) await tx.repo(user).update([row.id], { roleId: joinIds([...roles, roleId]) }, MSG_MISSING);
    }
  });
}

/** setDept (ids, deptIds): the users' departments become exactly these (and user_dept with them). */
export async function setDepts(scope: TenantScope, ids: string[], deptIds: string[]): Promise<void> {
  if (deptIds.length === 0) throw badRequest(MSG_CHOOSE_DEPT, [{ field: "deptIds", message: MSG_CHOOSE_DEPT }]);
  const deptId = joinIds(deptIds);
  await loadTargets(scope, ids, { deptId });
  await scope.transaction(async (tx) => {
    await tx.repo(user).update(ids, { deptId }, MSG_MISSING);
    for (const id of ids) await syncUserDepts(tx, id, deptId);
  });
}

/** batchInviteUserToDept (deptId, userIds): the department joins each user's, which otherwise stay. */
export async function inviteToDept(scope: TenantScope, deptId: string, ids: string[]): Promise<void> {
  const rows = await loadTargets(scope, ids, { deptId });
  await scope.transaction(async (tx) => {
    for (const row of rows) {
      const depts = splitIds(row.deptId);
      if (depts.includes(deptId)) continue;
      const next = joinIds([...depts, deptId]);
      await tx.repo(user).update([row.id], { deptId: next }, MSG_MISSING);
      await syncUserDepts(tx, row.id, next);
    }
  });
}
