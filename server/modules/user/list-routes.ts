import { appDirectorySpec } from "../../../domain/resources/applicationManagement/resourceDirectory/spec";
import { permissionCodes } from "../../../domain/validation";
import { readParams } from "../../http/body";
import { ok } from "../../http/errors";
import { can, canAny, type RouteSpec } from "../../security/authorize";
import { explainAccess } from "./explain";
import { selectUserInfo, userListByEntity, userRolePage, usesList, usesPage } from "./lists";
import { firstOf, idList } from "./params";
import { userPage } from "./service";

const directory = permissionCodes(appDirectorySpec);

/**
 * Pages that pick users may list them with their own menu or button: a role's users, application
 * roles, and the owner (负责人) of a directory, for whoever may add or edit directories.
 */
const PICKERS = canAny("user", "role", "rolesManagement", directory.create, directory.edit);

/** The other readings of users that §7 names (lists.ts). */
export function listRoutes(): RouteSpec[] {
  return [
    {
      method: "GET",
      path: "/page/project",
      access: can("user"),
      handler: async (c) => ok(c, await userPage(c.var.scope, await readParams(c))),
    },
    {
      // Beyond BladeX: why a user can or cannot use a menu or button, or see a row (explain.ts).
      method: "GET",
      path: "/permission-explain",
      access: can("user"),
      handler: async (c) => ok(c, await explainAccess(c.var.scope, await readParams(c))),
    },
    {
      method: "GET",
      path: "/userRolePage",
      access: canAny("user", "role"),
      handler: async (c) => ok(c, await userRolePage(c.var.scope, await readParams(c))),
    },
    { method: "GET", path: "/usesPage", access: PICKERS, handler: async (c) => ok(c, await usesPage(c.var.scope, await readParams(c))) },
    { method: "GET", path: "/usesList", access: PICKERS, handler: async (c) => ok(c, await usesList(c.var.scope, await readParams(c))) },
    {
      method: "GET",
      path: "/getSelectUserInfo",
      access: PICKERS,
      handler: async (c) => {
        const params = await readParams(c);
        return ok(c, await selectUserInfo(c.var.scope, idList(firstOf(params, "userIds", "ids", "userId"), "userIds")));
      },
    },
    {
      method: "GET",
      path: "/user-list",
      access: can("user"),
      handler: async (c) => ok(c, await userListByEntity(c.var.scope, await readParams(c))),
    },
  ];
}
