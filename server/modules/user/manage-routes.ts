import { USER_BUTTON_CODES as B } from "../../../domain/resources/system/user/spec";
import type { AppContext } from "../../context";
import { queryParam, readJsonObject } from "../../http/body";
import { badRequest, ok } from "../../http/errors";
import { can, canAny, type RouteSpec } from "../../security/authorize";
import { addRoleToUsers, inviteToDept, setDepts, setRoles } from "./assign";
import { changePassword } from "./change-password";
import { requireId } from "./input";
import { firstOf, idList, readArgs } from "./params";
import { platformDetail, updatePlatform } from "./platform";
import { changeStatus, parseStatus } from "./status";

/**
 * The user page's actions on chosen users (§7): status, roles, departments, platform and a chosen
 * password, each behind its button code. Ids come as `ids` (BladeX's `userIds` too), from the
 * query, a form or a JSON body.
 */
export function manageRoutes(ctx: AppContext): RouteSpec[] {
  return [
    {
      method: "POST",
      path: "/changeStatus",
      access: can(B.status),
      handler: async (c) => {
        const args = await readArgs(c);
        await changeStatus(c.var.scope, idList(firstOf(args, "ids", "userIds", "id"), "ids"), parseStatus(args.status));
        return ok(c, true);
      },
    },
    {
      // §7 names a GET; a console posting the same parameters is served alike.
      method: ["GET", "POST"],
      path: "/setRole",
      access: can(B.role),
      handler: async (c) => {
        const args = await readArgs(c);
        await setRoles(c.var.scope, idList(firstOf(args, "ids", "userIds"), "ids"), idList(firstOf(args, "roleIds", "roleId"), "roleIds"));
        return ok(c, true);
      },
    },
    {
      method: "POST",
      path: "/userAddRole",
      // The role page's "users of a role" adds them with its grant button; the users page with its own.
      access: canAny(B.role, "role_grant"),
      handler: async (c) => {
        const args = await readArgs(c);
        const [roleId] = idList(args.roleId, "roleId");
        if (!roleId) throw badRequest("请选择角色");
        await addRoleToUsers(c.var.scope, roleId, idList(firstOf(args, "userIds", "ids"), "userIds"));
        return ok(c, true);
      },
    },
    {
      method: ["GET", "POST"],
      path: "/setDept",
      access: can(B.dept),
      handler: async (c) => {
        const args = await readArgs(c);
        await setDepts(c.var.scope, idList(firstOf(args, "ids", "userIds"), "ids"), idList(firstOf(args, "deptIds", "deptId"), "deptIds"));
        return ok(c, true);
      },
    },
    {
      method: "POST",
      path: "/batchInviteUserToDept",
      access: can(B.dept),
      handler: async (c) => {
        const args = await readArgs(c);
        const [deptId] = idList(args.deptId, "deptId");
        if (!deptId) throw badRequest("请选择部门");
        await inviteToDept(c.var.scope, deptId, idList(firstOf(args, "userIds", "ids"), "userIds"));
        return ok(c, true);
      },
    },
    {
      method: "GET",
      path: "/platform-detail",
      access: can("user"),
      handler: async (c) => ok(c, await platformDetail(c.var.scope, requireId(queryParam(c, "id")))),
    },
    {
      method: "POST",
      path: "/update-platform",
      access: can(B.platform),
      handler: async (c) => {
        await updatePlatform(c.var.scope, await readArgs(c));
        return ok(c, true);
      },
    },
    {
      method: "POST",
      path: "/changePwd",
      access: can(B.reset),
      handler: async (c) => {
        await changePassword(ctx, c.var.scope, await readJsonObject(c));
        return ok(c, true);
      },
    },
  ];
}
