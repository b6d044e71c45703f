import { inArray } from "drizzle-orm";
import type { TreeNode } from "../../../domain/contract";
import { roleSpec } from "../../../domain/resources/system/role/spec";
import type { RoleDetail } from "../../../domain/resources/system/role/contract";
import type { AppContext } from "../../context";
import { splitIds } from "../../db/ids";
import { role, user } from "../../db/schema";
import { buildForest, markHasChildren, treeNode } from "../../db/tree";
import { queryParam, readIds, readJsonObject } from "../../http/body";
import { ok } from "../../http/errors";
import { isUpdate, requireId } from "../../kit/crud";
import { inListOrder, selectUser } from "../../kit/select-user";
import { AUTHENTICATED, can, canAny, defineRoutes, requirePermission } from "../../security/authorize";
import { registerScopedTable } from "../../security/data-scope";
import { type TenantScope } from "../../security/tenant-scope";
import { grantRoles, grantsOf } from "./grants";
import { ROLE_CODES, ROLE_ORDER, assignable, findRole, holdsRole, listTenant, roleQuery, toRoleVOs } from "./role-read";
import { removeRoles, submitRole } from "./role-write";
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
 * /blade-system/role: the role forest and page, detail, create and update, delete, and grants of
 * menus, buttons and scopes. Only the platform administrator sees (and can hand out or change)
 * the administrator role; tenant administrators reach their own tenant's roles only.
 */
export function roleRoutes(ctx: AppContext) {
  registerScopedTable(role, roleSpec.menuCode, ROLE_SCOPE_COLUMNS);
  return defineRoutes(ctx, [
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
      // A forest of RoleVO (BladeX role/list), filtered; a match's ancestors need not match.
      method: "GET",
      path: "/list",
      access: can(ROLE_CODES.list),
      handler: async (c) => {
        const scope = c.var.scope;
        const { q, roles } = await roleQuery(scope, c);
        const rows = await roles.list(q.where, { orderBy: q.orderBy });
        return ok(c, markHasChildren(buildForest(await toRoleVOs(scope, rows))));
      },
    },
    {
      method: "GET",
      path: "/page",
      access: can(ROLE_CODES.list),
      handler: async (c) => {
        const scope = c.var.scope;
        const { q, roles } = await roleQuery(scope, c);
        const page = await roles.page(q);
        return ok(c, { ...page, records: await toRoleVOs(scope, page.records) });
      },
    },
    {
      method: "GET",
      path: "/detail",
      access: can(ROLE_CODES.list),
      handler: async (c) => {
        const scope = c.var.scope;
        return ok(c, (await toRoleVOs(scope, [await findRole(scope, requireId(queryParam(c, "id")))]))[0]);
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
      // The precise code (add or edit) depends on the body; the guard admits holders of either.
      method: "POST",
      path: "/submit",
      access: canAny(ROLE_CODES.create, ROLE_CODES.edit),
      handler: async (c) => {
        const body = await readJsonObject(c);
        const updating = isUpdate(body);
        await requirePermission(ctx, c.var.caller, updating ? ROLE_CODES.edit : ROLE_CODES.create);
        return ok(c, await submitRole(c.var.scope, body, updating));
      },
    },
    {
      method: "POST",
      path: "/remove",
      access: can(ROLE_CODES.delete),
      handler: async (c) => {
        await removeRoles(c.var.scope, await readIds(c));
        return ok(c, true);
      },
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
  ]);
}
