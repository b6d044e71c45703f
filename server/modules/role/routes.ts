import { asc, ne, and } from "drizzle-orm";
import { ADMINISTRATOR_ALIAS, type TreeNode } from "../../../src/contract";
import type { AppContext } from "../../context";
import { role } from "../../db/schema";
import { buildForest, markHasChildren, treeNode } from "../../db/tree";
import { ok } from "../../http/errors";
import { AUTHENTICATED, defineRoutes } from "../../security/authorize";
import { scopeFor } from "../../security/tenant-scope";

/** /blade-system/role: the role forest; only the administrator sees (and can hand out) its own role. */
export function roleRoutes(ctx: AppContext) {
  return defineRoutes(ctx, [
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
