import { and, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../../context";
import { isIdOrRoot, splitIds } from "../../db/ids";
import { dept } from "../../db/schema";
import { trimDateTime } from "../../db/time";
import { inListOrder, selectUser } from "../user/select";
import { badRequest, ok } from "../../http/errors";
import { AUTHENTICATED, defineRoutes } from "../../security/authorize";
import { scopeFor } from "../../security/tenant-scope";
import { deptLazyTree, deptTree } from "./service";

/** Optional id query parameter: absent, or a well-formed id (else 400, never a database error). */
export function optionalId(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value === "") return undefined;
  if (!isIdOrRoot(value)) throw badRequest(`请求参数格式错误: ${name}`);
  return value;
}

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
        const rows = ids.length
          ? await ctx.db
              .select()
              .from(dept)
              .where(and(inArray(dept.id, ids), eq(dept.tenantId, target.tenantId), eq(dept.isDeleted, 0)))
          : [];
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
      handler: async (c) => {
        const scope = scopeFor(ctx, c);
        return ok(c, await deptTree(ctx.db, scope, c.req.query("tenantId") || undefined));
      },
    },
    {
      method: "GET",
      path: "/lazy-tree",
      access: AUTHENTICATED,
      handler: async (c) => {
        const scope = scopeFor(ctx, c);
        const parentId = optionalId(c.req.query("parentId"), "parentId") ?? "0";
        return ok(c, await deptLazyTree(ctx.db, scope, parentId, c.req.query("tenantId") || undefined));
      },
    },
  ]);
}
