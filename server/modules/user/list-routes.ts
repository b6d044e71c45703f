import type { AppContext } from "../../context";
import { readParams } from "../../http/body";
import { ok } from "../../http/errors";
import { can, canAny, type RouteSpec } from "../../security/authorize";
import { scopeFor } from "../../security/tenant-scope";
import { explainAccess } from "./explain";
import { selectUserInfo, userListByEntity, userRolePage, usesList, usesPage } from "./lists";
import { firstOf, idList } from "./params";
import { userPage } from "./service";

/** Pages that pick users (a role's users, application roles) may list them with their own menu. */
const PICKERS = canAny("user", "role", "rolesManagement");

/** The other readings of users that §7 names (lists.ts). */
export function listRoutes(ctx: AppContext): RouteSpec[] {
  return [
    {
      method: "GET",
      path: "/page/project",
      access: can("user"),
      handler: async (c) => ok(c, await userPage(scopeFor(ctx, c), await readParams(c))),
    },
    {
      // Beyond BladeX: why a user can or cannot use a menu or button, or see a row (explain.ts).
      method: "GET",
      path: "/permission-explain",
      access: can("user"),
      handler: async (c) => ok(c, await explainAccess(scopeFor(ctx, c), await readParams(c))),
    },
    {
      method: "GET",
      path: "/userRolePage",
      access: canAny("user", "role"),
      handler: async (c) => ok(c, await userRolePage(scopeFor(ctx, c), await readParams(c))),
    },
    { method: "GET", path: "/usesPage", access: PICKERS, handler: async (c) => ok(c, await usesPage(scopeFor(ctx, c), await readParams(c))) },
    { method: "GET", path: "/usesList", access: PICKERS, handler: async (c) => ok(c, await usesList(scopeFor(ctx, c), await readParams(c))) },
    {
      method: "GET",
      path: "/getSelectUserInfo",
      access: PICKERS,
      handler: async (c) => {
        const params = await readParams(c);
        return ok(c, await selectUserInfo(scopeFor(ctx, c), idList(firstOf(params, "userIds", "ids", "userId"), "userIds")));
      },
    },
    {
      method: "GET",
      path: "/user-list",
      access: can("user"),
      handler: async (c) => ok(c, await userListByEntity(scopeFor(ctx, c), await readParams(c))),
    },
  ];
}
