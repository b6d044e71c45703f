import { eq, inArray } from "drizzle-orm";
import { USER_APP_ROLE_CODE, appRoleMessages as M } from "../../../domain/resources/applicationManagement/rolesManagement/spec";
import { appRole, user, userAppRole } from "../../db/schema";
import { badRequest, ok } from "../../http/errors";
import { recordChange } from "../../security/audit";
import { can, type RouteSpec } from "../../security/authorize";
import { type TenantScope } from "../../security/tenant-scope";
import { requireId } from "./input";
import { idList, readArgs } from "./params";
import { MSG_MISSING } from "./service";

/**
 * addUserAppRole (userId, roleIds): the user's application roles become exactly these (none
 * clears them), all or nothing. Every role must be a live application role of the user's own
 * tenant; another tenant's id is answered like a missing one.
 */
export async function replaceUserAppRoles(scope: TenantScope, userId: string, roleIds: string[]): Promise<void> {
  await scope.transaction(async (tx) => {
    const target = await tx.repo(user).get(userId, MSG_MISSING);
    const roles = await tx.repo(appRole).find(roleIds, M.roleMissing.zh);
    if (roles.some((r) => r.tenantId !== target.tenantId)) throw badRequest(M.roleMissing.zh);
    const links = tx.forTenant(target.tenantId).links(userAppRole);
    const ofUser = eq(userAppRole.userId, target.id);
    const held = await links.list(ofUser);
    const before = held.length ? await tx.repo(appRole).list(inArray(appRole.id, held.map((h) => h.appRoleId))) : [];
    await links.delete(ofUser);
    await links.insert(roles.map((r) => ({ userId: target.id, appRoleId: r.id })));
    // Link writes are not audited by their repository: the operation log hears of the user's roles from here.
    const [was, now] = [before, roles].map((list) => list.map((r) => r.roleName).sort());
    await recordChange(tx, user, "update", { [target.id]: JSON.stringify(was) === JSON.stringify(now) ? {} : { appRoles: [was, now] } });
  });
}

/**
 * The user page's 应用角色 (button user_app_role). The roles a user holds are read from
 * /authentication/bladeApplicationRole/getAppRole?userId; /blade-user has no getAppRole.
 */
export function appRoleRoutes(): RouteSpec[] {
  return [
    {
      // §7 lists it among the GETs; a console posting the same parameters is served alike.
      method: ["GET", "POST"],
      path: "/addUserAppRole",
      access: can(USER_APP_ROLE_CODE),
      handler: async (c) => {
        const args = await readArgs(c);
        const userId = requireId(args.userId);
        await replaceUserAppRoles(c.var.scope, userId, idList(args.roleIds ?? args.roleId, "roleIds"));
        return ok(c, true);
      },
    },
  ];
}
