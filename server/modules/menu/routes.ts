import { asc, eq } from "drizzle-orm";
import { ADMINISTRATOR_ALIAS } from "../../../domain/contract";
import type { AppContext } from "../../context";
import { topMenu, topMenuSetting } from "../../db/schema";
import { trimDateTime } from "../../db/time";
import { queryParam } from "../../http/body";
import { ok } from "../../http/errors";
import { crudRoutes, optionalId } from "../../kit/crud";
import { AUTHENTICATED, defineRoutes, type RouteSpec } from "../../security/authorize";
import { menuCrud } from "./crud";
import { buttonsOf, routesOf } from "./service";
import { treeRoutes } from "./trees";

/** What the signed-in user's roles may open and press: the side menu, the buttons, the top menu. */
function sessionRoutes(): RouteSpec[] {
  return [
    {
      method: "GET",
      path: "/routes",
      access: AUTHENTICATED,
      handler: async (c) => {
        const scope = c.var.scope;
        const topMenuId = optionalId(queryParam(c, "topMenuId"), "topMenuId");
        if (!topMenuId) return ok(c, await routesOf(scope));
        const top = await scope.repo(topMenu).get(topMenuId, "顶部菜单不存在");
        const settings = await scope.platform(topMenuSetting).select({ menuId: topMenuSetting.menuId }, eq(topMenuSetting.topMenuId, top.id));
        return ok(c, await routesOf(scope, settings.map((s) => s.menuId)));
      },
    },
    {
      method: "GET",
      path: "/buttons",
      access: AUTHENTICATED,
      handler: async (c) => ok(c, await buttonsOf(c.var.scope)),
    },
    {
      method: "GET",
      path: "/top-menu",
      access: AUTHENTICATED,
      handler: async (c) => {
        // §6: the administrator works with the full menu and gets no top menu.
        if (c.var.caller.roleAliases.includes(ADMINISTRATOR_ALIAS)) return ok(c, []);
        const scope = c.var.scope;
        const rows = await scope.repo(topMenu).list(eq(topMenu.status, 1), { orderBy: [asc(topMenu.sort), asc(topMenu.id)], tenantId: scope.tenantId });
        const list = rows.map(({ id, tenantId, code, name, source, path, sort, createTime }) => {
          return { id, tenantId, code, name, source, path, sort, createTime: trimDateTime(createTime) };
        });
        return ok(c, list);
      },
    },
  ];
}

/**
 * /blade-system/menu: the signed-in user's menus and buttons, the menu management calls (lists,
 * detail, submit, remove) and the trees of the pickers and grant dialogs.
 */
export function menuRoutes(ctx: AppContext) {
  return defineRoutes(ctx, [...sessionRoutes(), ...treeRoutes(), ...crudRoutes(ctx, menuCrud())]);
}
