import type { AppContext } from "../../context";
import { isIdOrRoot } from "../../db/ids";
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
