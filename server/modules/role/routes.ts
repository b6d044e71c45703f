import { asc, inArray, ne } from "drizzle-orm";
import { ADMINISTRATOR_ALIAS, type TreeNode } from "../../../src/contract";
import type { AppContext } from "../../context";
import { splitIds } from "../../db/ids";
import { role } from "../../db/schema";
import { buildForest, markHasChildren, treeNode } from "../../db/tree";
import { ok } from "../../http/errors";
import { inListOrder, selectUser } from "../../kit/select-user";
import { AUTHENTICATED, defineRoutes } from "../../security/authorize";
import { scopeFor } from "../../security/tenant-scope";

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
        const rows = ids.length ? await scopeFor(ctx, c).repo(role).list(inArray(role.id, ids), { tenantId: target.tenantId }) : [];
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
        const scope = scopeFor(ctx, c);
        const rows = await scope.repo(role).list(scope.crossTenant ? undefined : ne(role.roleAlias, ADMINISTRATOR_ALIAS), {
          orderBy: [asc(role.sort), asc(role.id)],
          tenantId: c.req.query("tenantId") || scope.tenantId,
        });
        return ok(c, markHasChildren(buildForest(rows.map((r) => treeNode(r.id, r.parentId, r.roleName) as TreeNode))));
      },
    },
  ]);
}
