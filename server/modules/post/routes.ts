import { asc } from "drizzle-orm";
import { postSpec } from "../../../src/resources/system/post/spec";
import type { AppContext } from "../../context";
import { post } from "../../db/schema";
import { crudRoutes, plainVO } from "../../kit/crud";
import type { ApiModule } from "../../kit/module";
import { ok } from "../../http/errors";
import { AUTHENTICATED, defineRoutes } from "../../security/authorize";
import { scopeFor } from "../../security/tenant-scope";
import { dictLabels } from "../../kit/dict-labels";

/** /blade-system/post: the common routes, plus `select` for the user form's post picker. */
export const postModule: ApiModule = {
  base: "/blade-system/post",
  routes: (ctx: AppContext) =>
    defineRoutes(ctx, crudRoutes(ctx, {
      spec: postSpec,
      table: post,
      missing: "岗位不存在",
      defaultOrder: [asc(post.sort), asc(post.id)],
      toVO: async (rows, scope) => {
        const names = await dictLabels(scope, "post_category");
        return rows.map((r) => ({ ...plainVO(r), categoryName: names.get(String(r.category)) ?? "" }));
      },
      routes: [
        {
          // Every signed-in user fills post pickers; the administrator may name another tenant.
          method: "GET",
          path: "/select",
          access: AUTHENTICATED,
          handler: async (c) => {
            const scope = scopeFor(ctx, c);
            const tenantId = c.req.query("tenantId") || scope.tenantId;
            const rows = await scope.repo(post).list(undefined, { orderBy: [asc(post.sort), asc(post.id)], tenantId });
            return ok(c, rows.map((r) => ({ id: r.id, postCode: r.postCode, postName: r.postName, category: r.category, sort: r.sort })));
          },
        },
      ],
    })),
};
