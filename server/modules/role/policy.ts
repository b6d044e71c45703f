import type { Context } from "hono";
import { and, asc, inArray } from "drizzle-orm";
import type { Page } from "../../../domain/contract";
import { SCOPE_CATEGORY, type RolePolicyRow } from "../../../domain/resources/system/role/contract";
import type { AppEnv } from "../../context";
import { menu, roleMenu, roleScope, scopeApi, scopeData, user } from "../../db/schema";
import { ok } from "../../http/errors";
import type { ApiModule } from "../../kit/module";
import { can, defineRoutes } from "../../security/authorize";
import { type TenantScope } from "../../security/tenant-scope";
import { ROLE_CODES, holdsRole, roleQuery, toRoleVOs } from "./role-read";

/**
 * GET /blade-system/rolePolicy/rolePolicyPage: a read-only page of roles (the role list's filters)
 * with a summary of what each is granted and how many users hold it. A handful of statements per
 * page, whatever its size, but the user counts (one each).
 */
export async function rolePolicyPage(scope: TenantScope, c: Context<AppEnv>): Promise<Page<RolePolicyRow>> {
  const { q, roles: rolesInTenant } = await roleQuery(scope, c);
  const page = await rolesInTenant.page(q);
  const roles = await toRoleVOs(scope, page.records);
  const ids = roles.map((r) => r.id);
  if (ids.length === 0) return { ...page, records: [] };

  const menuLinks = await scope.platform(roleMenu).select({ roleId: roleMenu.roleId, id: roleMenu.menuId }, inArray(roleMenu.roleId, ids));
  const scopeLinks = await scope
    .platform(roleScope)
    .select(
      { roleId: roleScope.roleId, id: roleScope.scopeId, category: roleScope.scopeCategory },
      and(inArray(roleScope.roleId, ids), inArray(roleScope.scopeCategory, [SCOPE_CATEGORY.data, SCOPE_CATEGORY.api])),
    );
  const menus = await scope.repo(menu).list(undefined, { orderBy: [asc(menu.sort), asc(menu.id)] });
  const liveOf = async (table: typeof scopeData | typeof scopeApi, category: number) => {
    const wanted = [...new Set(scopeLinks.filter((l) => l.category === category).map((l) => l.id))];
    return new Set(wanted.length ? (await scope.repo(table).list(inArray(table.id, wanted))).map((r) => r.id) : []);
  };
  const liveData = await liveOf(scopeData, SCOPE_CATEGORY.data);
  const liveApi = await liveOf(scopeApi, SCOPE_CATEGORY.api);
  const counts = await Promise.all(ids.map((id) => scope.repo(user).count(holdsRole(id))));

  const records = roles.map((r, i): RolePolicyRow => {
    const granted = new Set(menuLinks.filter((l) => l.roleId === r.id).map((l) => l.id));
    const held = menus.filter((m) => granted.has(m.id));
    const scopes = (category: number, liveSet: Set<string>) => scopeLinks.filter((l) => l.roleId === r.id && l.category === category && liveSet.has(l.id)).length;
    return {
      id: r.id,
      tenantId: r.tenantId,
      roleName: r.roleName,
      roleAlias: r.roleAlias,
      categoryName: r.categoryName,
      menuCount: held.filter((m) => m.category === 1).length,
      buttonCount: held.filter((m) => m.category === 2).length,
      dataScopeCount: scopes(SCOPE_CATEGORY.data, liveData),
      apiScopeCount: scopes(SCOPE_CATEGORY.api, liveApi),
      userCount: counts[i],
      // The tops of the granted branches: granted menus whose parent is not granted.
      menuNames: held
        .filter((m) => m.category === 1 && !granted.has(m.parentId))
        .map((m) => m.name)
        .join(","),
    };
  });
  return { ...page, records };
}

/** /blade-system/rolePolicy: the read-only role policy page. */
export const rolePolicyModule: ApiModule = {
  base: "/blade-system/rolePolicy",
  routes: (ctx) =>
    defineRoutes(ctx, [
      {
        method: "GET",
        path: "/rolePolicyPage",
        access: can(ROLE_CODES.list),
        handler: async (c) => ok(c, await rolePolicyPage(c.var.scope, c)),
      },
    ]),
};
