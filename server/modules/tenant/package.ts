import { asc, inArray } from "drizzle-orm";
import { tenantPackageSpec } from "../../../domain/resources/system/tenantPackage/spec";
import type { ApiModule } from "../../kit/module";
import { splitIds, isId } from "../../db/ids";
import { menu, tenant, tenantPackage } from "../../db/schema";
import { buildForest, markHasChildren, treeNode } from "../../db/tree";
import { badRequest, ok } from "../../http/errors";
import { crudRoutes, fieldErrors, plainVO } from "../../kit/crud";
import { can, defineRoutes } from "../../security/authorize";
import { type TenantScope } from "../../security/tenant-scope";
import { PLATFORM_MENU_CODES } from "../../security/tenants";
import { platformOnly } from "./platform";

type PackageRow = typeof tenantPackage.$inferSelect;
type MenuRow = typeof menu.$inferSelect;

/** Packages as the API answers them: `menuId` stays BladeX's comma list. */
export async function packageVOs(rows: PackageRow[]): Promise<object[]> {
  return rows.map((r) => plainVO(r));
}

/** Live menus a package may name: every one but the platform's own (tenants, packages) and what lies below them. */
async function packageableMenus(scope: TenantScope): Promise<MenuRow[]> {
  const menus = await scope.repo(menu).list(undefined, { orderBy: [asc(menu.sort), asc(menu.id)] });
  const excluded = new Set(menus.filter((m) => PLATFORM_MENU_CODES.includes(m.code)).map((m) => m.id));
  for (let grew = true; grew; ) {
    grew = false;
    for (const m of menus) {
      if (!excluded.has(m.id) && excluded.has(m.parentId)) {
        excluded.add(m.id);
        grew = true;
      }
    }
  }
  return menus.filter((m) => !excluded.has(m.id));
}

/**
 * The menu ids of a package as stored: each a live, packageable menu, with every menu above them
 * added (a button granted shows the page it sits on), in menu order.
 */
async function normaliseMenuIds(scope: TenantScope, list: string): Promise<string> {
  const ids = [...new Set(splitIds(list))];
  if (ids.length === 0) fieldErrors([{ field: "menuId", message: "请选择菜单权限" }]);
  if (!ids.every(isId)) fieldErrors([{ field: "menuId", message: "菜单权限格式不正确" }]);
  const menus = await packageableMenus(scope);
  const byId = new Map(menus.map((m) => [m.id, m]));
  if (!ids.every((id) => byId.has(id))) fieldErrors([{ field: "menuId", message: "菜单不存在或不能分配给租户" }]);
  const chosen = new Set<string>();
  for (const id of ids) for (let m = byId.get(id); m && !chosen.has(m.id); m = byId.get(m.parentId)) chosen.add(m.id);
  return menus.filter((m) => chosen.has(m.id)).map((m) => m.id).join(",");
}

/** /blade-system/tenant-package: the common routes and the tree of menus a package may hold. Platform administrator only. */
export const tenantPackageModule: ApiModule = {
  base: tenantPackageSpec.api,
  routes: (ctx) =>
    defineRoutes(
      ctx,
      platformOnly(
        crudRoutes(ctx, {
          spec: tenantPackageSpec,
          table: tenantPackage,
          missing: "套餐不存在",
          toVO: async (rows) => packageVOs(rows),
          beforeWrite: async (scope, values) => {
            if (typeof values.menuId === "string") values.menuId = await normaliseMenuIds(scope, values.menuId);
          },
          beforeRemove: async (scope, rows) => {
            const users = await scope.repo(tenant).list(inArray(tenant.packageId, rows.map((r) => r.id)), { limit: 1 });
            if (users.length) throw badRequest(`套餐正在被租户${users[0].tenantName}使用,不能删除`);
          },
          routes: [
            {
              // The form's picker: menus and buttons (category) a package may hold, as a tree.
              method: "GET",
              path: "/menu-tree",
              access: can(tenantPackageSpec.menuCode),
              handler: async (c) => {
                const menus = await packageableMenus(c.var.scope);
                const nodes = menus.map((m) => ({ ...treeNode(m.id, m.parentId, m.name), category: m.category, code: m.code }));
                return ok(c, markHasChildren(buildForest(nodes)));
              },
            },
          ],
        }),
      ),
    ),
};
