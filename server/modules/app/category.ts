import type { Context } from "hono";
import { asc, eq, inArray } from "drizzle-orm";
import { appCategorySpec, appMessages, appSpec } from "../../../domain/resources/applicationManagement/applicationList/spec";
import { permissionCodes } from "../../../domain/validation";
import type { AppContext, AppEnv } from "../../context";
import { app, appCategory } from "../../db/schema";
import { queryParam } from "../../http/body";
import { badRequest, ok } from "../../http/errors";
import { crudRoutes, fieldErrors, requireId } from "../../kit/crud";
import type { ApiModule } from "../../kit/module";
import { canAny, can, defineRoutes } from "../../security/authorize";
import { type TenantScope } from "../../security/tenant-scope";
import { bladeNames, readArgs } from "./params";
import { categoryTree, subtreeIds, type CategoryRow } from "./tree";

const codes = permissionCodes(appCategorySpec);
const MISSING = appMessages.categoryMissingSelf.zh;
const order = [asc(appCategory.sort), asc(appCategory.id)];

/** The categories of one tenant: the caller's, or the one the platform administrator names. */
export async function tenantCategories(scope: TenantScope, c: Context<AppEnv>): Promise<CategoryRow[]> {
  const tenantId = scope.readTenant(queryParam(c, "tenantId"))!;
  return scope.repo(appCategory).list(undefined, { orderBy: order, tenantId });
}

/**
 * The parent of a written category: "0" (top) or a category of the row's own tenant, never the
 * row itself or one of its sub-categories (the tree would lose a loop).
 */
async function checkParent(scope: TenantScope, values: Record<string, unknown>, existing?: CategoryRow): Promise<void> {
  if (values.parentId === "") values.parentId = "0";
  const parentId = String(values.parentId ?? existing?.parentId ?? "0");
  if (parentId === "0") return;
  const [parent] = await scope.repo(appCategory).list(eq(appCategory.id, parentId));
  if (!parent || (existing && parent.tenantId !== existing.tenantId)) fieldErrors([{ field: "parentId", message: "上级分类不存在" }]);
  if (existing) {
    const siblings = await scope.forTenant(existing.tenantId).repo(appCategory).list();
    if (subtreeIds(siblings, existing.id).includes(parentId)) fieldErrors([{ field: "parentId", message: appMessages.parentLoop.zh }]);
  }
}

/** Refused while anything hangs below: the message says which, so the operator knows what to do. */
async function checkEmpty(scope: TenantScope, rows: CategoryRow[]): Promise<void> {
  const ids = rows.map((r) => r.id);
  if ((await scope.repo(appCategory).count(inArray(appCategory.parentId, ids))) > 0) throw badRequest(appMessages.hasChildren.zh);
  if ((await scope.repo(app).count(inArray(app.categoryId, ids))) > 0) throw badRequest(appMessages.hasApps.zh);
}

/**
 * /authentication/bladeApplicationManageTree: the kit's routes of application categories, `list`
 * as the tenant's tree, `getAppList` (categories with their enabled applications, for pickers) and
 * the §7 names insert, update and delete?id.
 */
export const appCategoryModule: ApiModule = {
  base: appCategorySpec.api,
  routes: (ctx: AppContext) => {
    const common = crudRoutes(ctx, {
      spec: appCategorySpec,
      table: appCategory,
      missing: MISSING,
      defaultOrder: order,
      beforeWrite: (scope, values, existing) => checkParent(scope, values, existing),
      beforeRemove: checkEmpty,
      routes: [
        {
          method: "GET",
          path: "/list",
          access: can(codes.list),
          handler: async (c) => {
            const scope = c.var.scope;
            return ok(c, categoryTree(await tenantCategories(scope, c)));
          },
        },
      ],
    });
    const remove = async (c: Context<AppEnv>) => {
      const args = await readArgs(c);
      const id = requireId(args.id ?? args.ids, "分类ID");
      await c.var.scope.transaction(async (tx) => {
        const rows = await tx.repo(appCategory).find([id], MISSING);
        await checkEmpty(tx, rows);
        await tx.repo(appCategory).remove([id], MISSING);
      });
      return ok(c, true);
    };
    return defineRoutes(ctx, [
      ...common,
      ...bladeNames(common, codes),
      { method: ["GET", "POST"], path: "/delete", access: can(codes.delete), handler: remove },
      {
        // Pickers: the app form's category select, the app-role page's application select.
        method: "GET",
        path: "/getAppList",
        access: canAny(codes.list, permissionCodes(appSpec).list, "rolesManagement", "user_app_role"),
        handler: async (c) => {
          const scope = c.var.scope;
          const categories = await tenantCategories(scope, c);
          const tenantId = scope.readTenant(queryParam(c, "tenantId"))!;
          const apps = await scope.repo(app).list(eq(app.status, 1), { orderBy: [asc(app.sort), asc(app.id)], tenantId });
          const leaf = (a: (typeof apps)[number]) => ({
            id: a.id, parentId: a.categoryId, title: a.appName, key: a.id, value: a.id, appName: a.appName, appCode: a.appCode, icon: a.icon, type: "app", hasChildren: false, children: [],
          });
          const tree = categoryTree(categories, (id) => apps.filter((a) => a.categoryId === id).map(leaf));
          const filed = new Set(categories.map((r) => r.id));
          // Applications under no (or a since-removed) category still show, at the top.
          return ok(c, [...tree, ...apps.filter((a) => !filed.has(a.categoryId)).map(leaf)]);
        },
      },
    ]);
  },
};
