import { asc } from "drizzle-orm";
import { postSpec } from "../../../domain/resources/system/post/spec";
import { post } from "../../db/schema";
import { queryParam } from "../../http/body";
import { ok } from "../../http/errors";
import { crudModule, plainVO } from "../../kit/crud";
import { dictLabels } from "../../kit/dict-labels";
import { AUTHENTICATED } from "../../security/authorize";

const order = [asc(post.sort), asc(post.id)];

/** /blade-system/post: the common routes, plus `select` for the user form's post picker. */
export const postModule = crudModule(postSpec, () => ({
  table: post,
  missing: "岗位不存在",
  defaultOrder: order,
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
        const scope = c.var.scope;
        const rows = await scope.repo(post).list(undefined, { orderBy: order, tenantId: queryParam(c, "tenantId") ?? scope.tenantId });
        return ok(c, rows.map((r) => ({ id: r.id, postCode: r.postCode, postName: r.postName, category: r.category, sort: r.sort })));
      },
    },
  ],
}));
