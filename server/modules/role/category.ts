import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { TreeNode } from "../../../domain/contract";
import { permissionCodes } from "../../../domain/validation";
import { roleCategorySpec } from "../../../domain/resources/system/role/spec";
import { role, roleCategory } from "../../db/schema";
import { buildForest, markHasChildren, treeNode } from "../../db/tree";
import { queryParam } from "../../http/body";
import { badRequest, ok } from "../../http/errors";
import { crudModule } from "../../kit/crud";
import { can } from "../../security/authorize";
import { rolesIn } from "./category-link";
import { checkParent, parentOf } from "./tree-rows";

const CODES = permissionCodes(roleCategorySpec);
const MISSING = "角色分类不存在";
const ORDER = [asc(roleCategory.sort), asc(roleCategory.id)];

/**
 * /blade-system/roleCategory: a tenant's tree of role categories (§7 roleCategory: GET tree, POST
 * submit, POST remove; the kit's list, page and detail besides). Managed with the role page's
 * buttons. A category with sub-categories or roles is not removed.
 */
export const roleCategoryModule = crudModule<typeof roleCategory>(roleCategorySpec, () => ({
  table: roleCategory,
  missing: MISSING,
  defaultOrder: ORDER,
  // Its parent is a category of the same tenant ("0" the top), never itself or one below it.
  prepare: (values, body, _scope, updating) => {
    const parentId = parentOf(body.parentId, "上级分类") ?? (updating ? undefined : "0");
    if (parentId !== undefined) values.parentId = parentId;
    else delete values.parentId;
  },
  beforeWrite: async (tx, values, existing, tenantId) => {
    if (values.parentId === undefined || !tenantId) return;
    const rows = await tx.repo(roleCategory).list(undefined, { tenantId });
    checkParent(rows, String(values.parentId), tenantId, "上级分类", existing?.id);
  },
  beforeRemove: async (tx, rows) => {
    const ids = rows.map((r) => r.id);
    for (const r of rows) {
      const [child] = await tx.repo(roleCategory).list(and(eq(roleCategory.parentId, r.id), sql`not (${inArray(roleCategory.id, ids)})`), {
        tenantId: r.tenantId,
        limit: 1,
      });
      if (child) throw badRequest(`分类「${r.categoryName}」下还有子分类「${child.categoryName}」，请先删除子分类`);
      const linked = await rolesIn(tx, [r.id]);
      const roles = linked.length ? await tx.repo(role).count(inArray(role.id, linked)) : 0;
      if (roles > 0) throw badRequest(`分类「${r.categoryName}」下仍有${roles}个角色，请先移出这些角色`);
    }
  },
  routes: [
    {
      method: "GET",
      path: "/tree",
      access: can(CODES.list),
      handler: async (c) => {
        const scope = c.var.scope;
        const rows = await scope.repo(roleCategory).list(undefined, { orderBy: ORDER, tenantId: scope.readTenant(queryParam(c, "tenantId")) });
        return ok(c, markHasChildren(buildForest(rows.map((r) => treeNode(r.id, r.parentId, r.categoryName) as TreeNode))));
      },
    },
  ],
}));
