import { inArray } from "drizzle-orm";
import type { AppContext } from "../../context";
import { splitIds } from "../../db/ids";
import { dept } from "../../db/schema";
import { trimDateTime } from "../../db/time";
import { ok } from "../../http/errors";
import { optionalId } from "../../kit/crud";
import { inListOrder, selectUser } from "../../kit/select-user";
import { AUTHENTICATED, defineRoutes } from "../../security/authorize";
import { scopeFor } from "../../security/tenant-scope";
import { deptLazyTree, deptTree } from "./service";

/** /blade-system/dept: department trees of the caller's tenant (the administrator may name one). */
export function deptRoutes(ctx: AppContext) {
  return defineRoutes(ctx, [
    {
      // The switch form: the departments the user belongs to, in the user's order.
      method: "GET",
      path: "/select",
      access: AUTHENTICATED,
      handler: async (c) => {
        const target = await selectUser(ctx, c);
        const ids = splitIds(target.deptId);
        const rows = ids.length ? await scopeFor(ctx, c).repo(dept).list(inArray(dept.id, ids), { tenantId: target.tenantId }) : [];
        const list = inListOrder(ids, rows)
          .map(({ id, tenantId, parentId, ancestors, deptCategory, deptName, fullName, sort, remark, createTime }) => {
            return { id, tenantId, parentId, ancestors, deptCategory, deptName, fullName, sort, remark, createTime: trimDateTime(createTime) };
          });
        return ok(c, list);
      },
    },
    {
      method: "GET",
      path: "/tree",
      access: AUTHENTICATED,
      handler: async (c) => ok(c, await deptTree(scopeFor(ctx, c), c.req.query("tenantId") || undefined)),
    },
    {
      method: "GET",
      path: "/lazy-tree",
      access: AUTHENTICATED,
      handler: async (c) => {
        const parentId = optionalId(c.req.query("parentId"), "parentId") ?? "0";
        return ok(c, await deptLazyTree(scopeFor(ctx, c), parentId, c.req.query("tenantId") || undefined));
      },
    },
  ]);
}
