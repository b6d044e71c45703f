import type { Context } from "hono";
import { and, asc, desc, eq, inArray, ne } from "drizzle-orm";
import {
  APP_ROLE_USER_CODE,
  USER_APP_ROLE_CODE,
  appRoleMessages as M,
  appRoleSpec,
} from "../../../domain/resources/applicationManagement/rolesManagement/spec";
import { permissionCodes } from "../../../domain/validation";
import type { AppContext, AppEnv } from "../../context";
import { app, appRole, user, userAppRole } from "../../db/schema";
import { queryParam } from "../../http/body";
import { badRequest, ok } from "../../http/errors";
import { recordChange } from "../../security/audit";
import { crudRoutes, fieldErrors, optionalId, plainVO, requireId } from "../../kit/crud";
import type { ApiModule } from "../../kit/module";
import { can, canAny, defineRoutes } from "../../security/authorize";
import { type TenantScope } from "../../security/tenant-scope";
import { APP_ROLE_DIRECTORY_CODE } from "../../../domain/resources/applicationManagement/resourceDirectory/spec";
import { directoriesOfRole, setRoleDirectories } from "./role-directories";
import { unlinkAppRoles } from "./cascade";
import { bladeNames, idsOf, readArgs } from "./params";

const codes = permissionCodes(appRoleSpec);
const MISSING = M.roleMissing.zh;
type RoleRow = typeof appRole.$inferSelect;
const order = [asc(appRole.sort), desc(appRole.createTime), desc(appRole.id)];

/** Rows with the name of their application. */
async function roleVO(rows: RoleRow[], scope: TenantScope) {
  const ids = [...new Set(rows.map((r) => r.appId))];
  const names = ids.length
    ? (await scope.lookup([{ name: "app", table: app, key: app.id, label: app.appName, where: inArray(app.id, ids) }])).get("app")!
    : new Map<string, string>();
  return rows.map((r) => ({ ...plainVO(r), appName: names.get(r.appId) ?? "" }));
}

/** The application is one the caller sees (so of its tenant), and the code is new within it. */
async function checkRole(scope: TenantScope, values: Record<string, unknown>, existing?: RoleRow): Promise<void> {
  const appId = existing?.appId ?? String(values.appId ?? "");
  if (!existing) {
    const [owner] = await scope.repo(app).list(eq(app.id, appId));
    if (!owner) fieldErrors([{ field: "appId", message: M.appMissing.zh }]);
  }
  if (values.roleCode === undefined) return;
  const clash = and(eq(appRole.appId, appId), eq(appRole.roleCode, String(values.roleCode)), existing ? ne(appRole.id, existing.id) : undefined);
  if ((await scope.repo(appRole).count(clash)) > 0) fieldErrors([{ field: "roleCode", message: M.codeTaken.zh }]);
}

/**
 * addUser (roleId, userIds): the users are added to the role; users who already hold it keep it
 * and nobody else loses it. Replacing a user's roles is the user page's addUserAppRole.
 */
async function addUsers(scope: TenantScope, roleId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) throw badRequest(M.chooseUser.zh);
  await scope.transaction(async (tx) => {
    const role = await tx.repo(appRole).get(roleId, MISSING);
    const users = await tx.repo(user).find(userIds, M.userMissing.zh);
    if (users.some((u) => u.tenantId !== role.tenantId)) throw badRequest(M.otherTenant.zh);
    const links = tx.forTenant(role.tenantId).links(userAppRole);
    const held = await links.list(inArray(userAppRole.userId, users.map((u) => u.id)));
    await links.insert(users.map((u) => ({ userId: u.id, appRoleId: role.id })), { skipExisting: true });
    // Link writes are not audited by their repository: the operation log hears from here which users' roles
    // changed, as the user page's addUserAppRole records them (role names before and after).
    const roleIds = [...new Set(held.map((h) => h.appRoleId))];
    const names = new Map((roleIds.length ? await tx.repo(appRole).list(inArray(appRole.id, roleIds)) : []).map((r) => [r.id, r.roleName]));
    const changes = Object.fromEntries(
      users.map((u): [string, Record<string, [unknown, unknown]>] => {
        const mine = held.filter((h) => h.userId === u.id);
        if (mine.some((h) => h.appRoleId === role.id)) return [u.id, {}];
        const was = mine.map((h) => names.get(h.appRoleId) ?? h.appRoleId).sort();
        return [u.id, { appRoles: [was, [...was, role.roleName].sort()] }];
      }),
    );
    await recordChange(tx, user, "update", changes);
  });
}

/** The application roles a user holds, with their applications' names (the user page's dialog). */
async function rolesOfUser(scope: TenantScope, userId: string) {
  const target = await scope.repo(user).get(userId, M.userMissing.zh);
  const links = await scope.forTenant(target.tenantId).links(userAppRole).list(eq(userAppRole.userId, target.id));
  if (links.length === 0) return [];
  const roles = await scope.repo(appRole).list(inArray(appRole.id, links.map((l) => l.appRoleId)), { orderBy: order });
  return (await roleVO(roles, scope)).map((r) => ({ id: r.id, appId: r.appId, appName: r.appName, roleName: r.roleName, roleCode: r.roleCode }));
}

/**
 * /authentication/bladeApplicationRole: the kit's routes of application roles, the §7 names
 * (insert, update, details, delete with ids), addUser, getAppRole?userId and appRoleTree (the
 * tenant's applications with their roles, for the user page's dialog), getAppDirectory?roleId and
 * addAppDirectory (分配目录: the role's directories, whose applications its holders see).
 */
export const appRoleModule: ApiModule = {
  base: appRoleSpec.api,
  routes: (ctx: AppContext) => {
    const common = crudRoutes(ctx, {
      spec: appRoleSpec,
      table: appRole,
      missing: MISSING,
      defaultOrder: order,
      reserved: ["appId"],
      toVO: roleVO,
      beforeWrite: checkRole,
      // appId bound as an equality (a LIKE means nothing for an id).
      narrow: async (_scope, params) => {
        const appId = optionalId(params.appId?.trim(), "appId");
        return appId ? eq(appRole.appId, appId) : undefined;
      },
      beforeRemove: (tx, rows) => unlinkAppRoles(tx, rows.map((r) => r.id)),
    });
    const remove = async (c: Context<AppEnv>) => {
      const ids = idsOf(await readArgs(c), "ids", "idList");
      if (ids.length === 0) throw badRequest("请选择要删除的数据");
      await c.var.scope.transaction(async (tx) => {
        await tx.repo(appRole).find(ids, MISSING);
        await unlinkAppRoles(tx, ids);
        await tx.repo(appRole).remove(ids, MISSING);
      });
      return ok(c, true);
    };
    return defineRoutes(ctx, [
      ...common,
      ...bladeNames(common, codes),
      { method: "POST", path: "/delete", access: can(codes.delete), handler: remove },
      {
        method: "POST",
        path: "/addUser",
        access: can(APP_ROLE_USER_CODE),
        handler: async (c) => {
          const args = await readArgs(c);
          const roleId = requireId(args.roleId, "应用角色ID");
          await addUsers(c.var.scope, roleId, idsOf(args, "userIds", "ids"));
          return ok(c, true);
        },
      },
      {
        method: "GET",
        path: "/getAppDirectory",
        access: canAny(APP_ROLE_DIRECTORY_CODE, codes.list),
        handler: async (c) => ok(c, await directoriesOfRole(c.var.scope, requireId(queryParam(c, "roleId"), "应用角色ID"))),
      },
      {
        // The role's directories become exactly these (an empty list takes them all away).
        method: "POST",
        path: "/addAppDirectory",
        access: can(APP_ROLE_DIRECTORY_CODE),
        handler: async (c) => {
          const args = await readArgs(c);
          const roleId = requireId(args.roleId, "应用角色ID");
          await setRoleDirectories(c.var.scope, roleId, idsOf(args, "directoryIds", "ids"));
          return ok(c, true);
        },
      },
      {
        method: "GET",
        path: "/getAppRole",
        access: canAny(USER_APP_ROLE_CODE, APP_ROLE_USER_CODE),
        handler: async (c) => ok(c, await rolesOfUser(c.var.scope, requireId(queryParam(c, "userId"), "用户ID"))),
      },
      {
        method: "GET",
        path: "/appRoleTree",
        access: canAny(USER_APP_ROLE_CODE, APP_ROLE_USER_CODE, codes.list),
        handler: async (c) => {
          const scope = c.var.scope;
          // The administrator sees one tenant at a time here: the chosen user's.
          const tenantId = scope.readTenant(queryParam(c, "tenantId"))!;
          const apps = await scope.repo(app).list(undefined, { orderBy: [asc(app.sort), asc(app.id)], tenantId });
          const roles = apps.length ? await scope.repo(appRole).list(inArray(appRole.appId, apps.map((a) => a.id)), { orderBy: order }) : [];
          return ok(
            c,
            apps.map((a) => ({
              id: a.id,
              appName: a.appName,
              appCode: a.appCode,
              status: a.status,
              children: roles.filter((r) => r.appId === a.id).map((r) => ({ id: r.id, appId: a.id, roleName: r.roleName, roleCode: r.roleCode })),
            })),
          );
        },
      },
    ]);
  },
};
