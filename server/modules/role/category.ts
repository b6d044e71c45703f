import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { TreeNode } from "../../../domain/contract";
import { permissionCodes, validateResource, valuesOf } from "../../../domain/validation";
import { roleCategorySpec } from "../../../domain/resources/system/role/spec";
import { role, roleCategory } from "../../db/schema";
import { buildForest, markHasChildren, treeNode } from "../../db/tree";
import { queryParam, readJsonObject } from "../../http/body";
import { badRequest, ok } from "../../http/errors";
import { crudModule, fieldErrors, plainVO, requireId } from "../../kit/crud";
import { can, canAny, requirePermission } from "../../security/authorize";
import { type TenantScope } from "../../security/tenant-scope";
import { rolesIn } from "./category-link";
import { checkParent, parentOf } from "./tree-rows";

const CODES = permissionCodes(roleCategorySpec);
const MISSING = "角色分类不存在";
const ORDER = [asc(roleCategory.sort), asc(roleCategory.id)];

/** Create or update a category: its parent is a category of the same tenant, never itself or one below it. */
async function submitCategory(scope: TenantScope, body: Record<string, unknown>, updating: boolean) {
  const mode = updating ? "update" : "create";
  const errors = validateResource(roleCategorySpec, body, mode);
  if (errors.length) fieldErrors(errors);
  const values = valuesOf(roleCategorySpec, body, mode);
  const parentId = parentOf(body.parentId, "上级分类") ?? (updating ? undefined : "0");
  if (parentId !== undefined) values.parentId = parentId;
  else delete values.parentId;
  const id = await scope.transaction(async (tx) => {
    const repo = tx.repo(roleCategory);
    const existing = updating ? await repo.get(requireId(body.id), MISSING) : undefined;
    const tenantId = existing?.tenantId ?? (await tx.writeTenant(body.tenantId));
    if (parentId !== undefined) checkParent(await repo.list(undefined, { tenantId }), parentId, tenantId, "上级分类", existing?.id);
    if (existing) {
      await repo.update([existing.id], values, MISSING);
      return existing.id;
    }
    return repo.insert(values, tenantId);
  });
  return plainVO(await scope.repo(roleCategory).get(id, MISSING));
}

/**
 * /blade-system/roleCategory: a tenant's tree of role categories (§7 roleCategory: GET tree, POST
 * submit, POST remove; the kit's list, page and detail besides). Managed with the role page's
 * buttons. A category with sub-categories or roles is not removed.
 */
export const roleCategoryModule = crudModule<typeof roleCategory>(roleCategorySpec, (ctx) => ({
  table: roleCategory,
  missing: MISSING,
  defaultOrder: ORDER,
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
    {
      // The precise code (add or edit) depends on the body; the guard admits holders of either.
      method: "POST",
      path: "/submit",
      access: canAny(CODES.create, CODES.edit),
      handler: async (c) => {
        const body = await readJsonObject(c);
        const updating = body.id !== undefined && body.id !== null && body.id !== "";
        await requirePermission(ctx.db, c.var.caller, updating ? CODES.edit : CODES.create);
        return ok(c, await submitCategory(c.var.scope, body, updating));
      },
    },
  ],
}));
