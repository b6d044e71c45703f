import { asc, eq, inArray, ne, and } from "drizzle-orm";
import { ADMINISTRATOR_ALIAS, type TreeNode } from "../../../src/contract";
import type { AppContext } from "../../context";
import { role } from "../../db/schema";
import { buildForest, markHasChildren, treeNode } from "../../db/tree";
import { ok } from "../../http/errors";
import { AUTHENTICATED, defineRoutes } from "../../security/authorize";
import { scopeFor } from "../../security/tenant-scope";
import { splitIds } from "../../db/ids";
import { inListOrder, selectUser } from "../user/select";

/** /blade-system/role: the role forest; only the administrator sees (and can hand out) its own role. */
export function roleRoutes(ctx: AppContext) {
  return defineRoutes(ctx, [
    {
      // The switch form: the roles the user holds, in the user's order (the first is the default).
      method: "GET",
      path: "/select",
      access: AUTHENTICATED,
      handler: async (c) => {
        const target = await selectUser(ctx, c);
        const ids = splitIds(target.roleId);
        const rows = ids.length
          ? await ctx.db
              .select()
              .from(role)
              .where(and(inArray(role.id, ids), eq(role.tenantId, target.tenantId), eq(role.isDeleted, 0)))
          : [];
        const list = inListOrder(ids, rows)
          .map(({ id, tenantId, parentId, roleName, roleAlias, sort }) => ({ id, tenantId, parentId, roleName, roleAlias, sort }));
        return ok(c, list);
      },
    },
    {
      method: "GET",
      path: "/tree",
      access: AUTHENTICATED,
      handler: async (c) => {
        const caller = c.var.caller;
        const scope = scopeFor(ctx, c);
        const visible = scope.live(role, c.req.query("tenantId") || undefined);
        const rows = await ctx.db
          .select({ id: role.id, parentId: role.parentId, name: role.roleName })
          .from(role)
          .where(caller.isAdministrator ? visible : and(visible, ne(role.roleAlias, ADMINISTRATOR_ALIAS)))
          .orderBy(asc(role.sort), asc(role.id));
        return ok(c, markHasChildren(buildForest(rows.map((r) => treeNode(r.id, r.parentId, r.name) as TreeNode))));
      },
    },
  ]);
}
