import { inArray } from "drizzle-orm";
import type { TreeNode } from "../../../domain/contract";
import { roleSpec } from "../../../domain/resources/system/role/spec";
import type { RoleDetail } from "../../../domain/resources/system/role/contract";
import { splitIds } from "../../db/ids";
import { role, user } from "../../db/schema";
import { buildForest, markHasChildren, treeNode } from "../../db/tree";
import { queryParam, readJsonObject } from "../../http/body";
import { ok } from "../../http/errors";
import { crudModule, requireId } from "../../kit/crud";
import { inListOrder, selectUser } from "../../kit/select-user";
import { AUTHENTICATED, can } from "../../security/authorize";
import { type TenantScope } from "../../security/tenant-scope";
import { grantRoles, grantsOf } from "./grants";
import { removeGroupsOfRoles } from "./group-write";
import { MSG_ROLE_MISSING, ROLE_CODES, ROLE_ORDER, assignable, findRole, holdsRole, inCategory, listTenant, toRoleVOs } from "./role-read";
import { checkRoleWrite, prepareRole, refuseRoleRemove } from "./role-write";
import { readRoleUsers, removeUsersFromRole } from "./users";

/** What a data scope of 角色管理 may filter roles by. */
const ROLE_SCOPE_COLUMNS = ["id", "parent_id", "role_alias", "category_id", "status", "create_user", "create_dept"];

/** The TreeNode forest of a tenant's roles the caller may hand out (role/tree, roleTree, tree-by-id). */
async function roleTree(scope: TenantScope, tenantId: string): Promise<TreeNode[]> {
  const rows = await scope.repo(role).list(assignable(scope), { orderBy: ROLE_ORDER, tenantId });
  return markHasChildren(buildForest(rows.map((r) => treeNode(r.id, r.parentId, r.roleName) as TreeNode)));
}

async function roleDetail(scope: TenantScope, id: string): Promise<RoleDetail> {
  const [vo] = await toRoleVOs(scope, [await findRole(scope, id)]);
  const grants = await grantsOf(scope, [id]);
  const userCount = await scope.repo(user).count(holdsRole(id));
  return { ...vo, menuIds: [...grants.menus], dataScopeIds: [...grants.data], apiScopeIds: [...grants.api], userCount };
}

/**
 * /blade-system/role: the kit's forest (list), page, detail, submit and remove with the role's
 * hooks, BladeX's role trees, the switch form's roles, and grants of menus, buttons and scopes. Only the platform administrator sees (and can hand out or change)
 * the administrator role; tenant administrators reach their own tenant's roles only.
 */
export const roleModule = crudModule<typeof role>(roleSpec, (ctx) => ({
  table: role,
  missing: MSG_ROLE_MISSING,
  scopeColumns: ROLE_SCOPE_COLUMNS,
  defaultOrder: ROLE_ORDER,
  // BladeX's role/list: the filtered forest of RoleVO with hasChildren; a match's ancestors need not match.
  list: "forest",
  tree: { hasChildren: true },
  // The platform administrator may name a tenant with tenantId, and otherwise sees its own tenant's roles.
  oneTenant: "lists",
  reserved: ["categoryId"],
  narrow: inCategory,
  visible: assignable,
  toVO: (rows, scope) => toRoleVOs(scope, rows),
  prepare: prepareRole,
  beforeWrite: checkRoleWrite,
  beforeRemove: refuseRoleRemove,
  afterRemove: (tx, rows) => removeGroupsOfRoles(tx, rows.map((r) => r.id)),
  routes: [
    {
      // The switch form: the roles the user holds, in the user's order (the first is the default).
      method: "GET",
      path: "/select",
      access: AUTHENTICATED,
      handler: async (c) => {
        const target = await selectUser(ctx, c);
        const ids = splitIds(target.roleId);
        const rows = ids.length ? await c.var.scope.repo(role).list(inArray(role.id, ids), { tenantId: target.tenantId }) : [];
        const list = inListOrder(ids, rows)
          .map(({ id, tenantId, parentId, roleName, roleAlias, sort }) => ({ id, tenantId, parentId, roleName, roleAlias, sort }));
        return ok(c, list);
      },
    },
    {
      // Every signed-in user fills role pickers (the user form); the administrator may name a tenant.
      method: "GET",
      path: "/tree",
      access: AUTHENTICATED,
      handler: async (c) => {
        const scope = c.var.scope;
        return ok(c, await roleTree(scope, listTenant(scope, c)));
      },
    },
    {
      // The same forest under the name this console's backend gives it.
      method: "GET",
      path: "/roleTree",
      access: AUTHENTICATED,
      handler: async (c) => {
        const scope = c.var.scope;
        return ok(c, await roleTree(scope, listTenant(scope, c)));
      },
    },
    {
      // BladeX: the forest of the tenant the named role belongs to.
      method: "GET",
      path: "/tree-by-id",
      access: AUTHENTICATED,
      handler: async (c) => {
        const scope = c.var.scope;
        const r = await findRole(scope, requireId(queryParam(c, "roleId"), "角色ID"));
        return ok(c, await roleTree(scope, r.tenantId));
      },
    },
    {
      // The detail with what the role is granted and how many users hold it.
      method: "GET",
      path: "/roleDetail",
      access: can(ROLE_CODES.list),
      handler: async (c) => ok(c, await roleDetail(c.var.scope, requireId(queryParam(c, "id")))),
    },
    {
      method: "POST",
      path: "/grant",
      access: can(ROLE_CODES.grant),
      handler: async (c) => {
        await grantRoles(c.var.scope, await readJsonObject(c));
        return ok(c, true);
      },
    },
    {
      // The users drawer's removal (the counterpart of /blade-user/userAddRole).
      method: "POST",
      path: "/removeUsers",
      access: can(ROLE_CODES.grant),
      handler: async (c) => {
        const { roleId, userIds } = await readRoleUsers(c);
        await removeUsersFromRole(c.var.scope, roleId, userIds);
        return ok(c, true);
      },
    },
  ],
}));
