import { userSpec } from "../../../domain/resources/system/user/spec";
import type { AppContext } from "../../context";
import { optionalJsonBody, readIds, readJsonObject } from "../../http/body";
import { ok } from "../../http/errors";
import { clientIp } from "../../http/client-ip";
import { RATE_LIMITED } from "../../http/route-doc";
import { AUTHENTICATED, PUBLIC, SIGNED_IN_OR_GUEST, can, defineRoutes, type RouteSpec } from "../../security/authorize";
import { publicTenant } from "../../security/tenants";
import { findPassword, registerGuest } from "./guest";
import { sendNotices } from "../../notify/notices";
import { resetInfo, resetOptionsOf, resetPasswords } from "./reset";
import { unlockUsers } from "./unlock";
import { myInfo, updateMyInfo, updateMyPassword } from "./self";
import { userWrites } from "./write";
import { boundRoutes } from "./bound-routes";
import { baseInfoCheck, identityCheck } from "./checks";
import { excelRoutes } from "./excel-routes";
import { listRoutes } from "./list-routes";
import { manageRoutes } from "./manage-routes";
import { crudRoutes } from "../../kit/crud";
import { appRoleRoutes } from "./app-roles";


/**
 * What a data scope of 用户管理 may filter users by: where they sit and who made them, never
 * personal data (names, phone, mail, ID number) a role could otherwise probe row by row.
 */
const USER_SCOPE_COLUMNS = ["id", "account", "code", "user_type", "dept_id", "post_id", "role_id", "status", "create_user", "create_dept"];

/**
 * /blade-user. Reading users needs the 用户管理 menu (code `user`); writing needs its buttons.
 * The kit's detail, submit, update and remove (write.ts): submit only creates and update only
 * updates (CONTRACT.md), so each has one permission; the kit's page lists as service.ts userListing says.
 */
export function userRoutes(ctx: AppContext) {
  const resetRoute = (path: string, idsName: string): RouteSpec => ({
    method: ["GET", "POST"],
    path,
    access: can(`${userSpec.menuCode}_reset`),
    handler: async (c) => {
      const ids = await readIds(c, idsName);
      const options = resetOptionsOf(await optionalJsonBody(c));
      return ok(c, await resetPasswords(c.var.scope, ids, ctx.now(), (notices) => sendNotices(ctx, notices), options));
    },
  });
  const routes: RouteSpec[] = [
    // §7 names it a GET with `ids`; BladeX's later console POSTs, and BladeX's API names it
    // reset-password with `userIds`. Each: the initial password unless our console's JSON body
    // asks for a typed or generated one (reset.ts). The button code user_reset either way.
    resetRoute("/resetPwd", "ids"),
    resetRoute("/reset-password", "userIds"),
    {
      method: "GET",
      path: "/resetPwd/info",
      access: can(`${userSpec.menuCode}_reset`),
      handler: async (c) => ok(c, await resetInfo(c.var.scope)),
    },
    {
      method: "POST",
      path: "/unlock",
      access: can(`${userSpec.menuCode}_unlock`),
      handler: async (c) => {
        await unlockUsers(c.var.scope, await readIds(c, "userIds"));
        return ok(c, true);
      },
    },
    // The personal centre: the caller's own record only, so being signed in is enough.
    { method: "GET", path: "/info", access: AUTHENTICATED, handler: async (c) => ok(c, await myInfo(c.var.scope.self())) },
    {
      method: "POST",
      path: "/update-info",
      access: AUTHENTICATED,
      handler: async (c) => {
        await updateMyInfo(c.var.scope.self(), await readJsonObject(c));
        return ok(c, true);
      },
    },
    {
      method: "POST",
      path: "/update-password",
      access: AUTHENTICATED,
      handler: async (c) => {
        await updateMyPassword(ctx, c.var.scope.self(), await readJsonObject(c));
        return ok(c, true);
      },
    },
    {
      method: "POST",
      path: "/register-guest",
      access: SIGNED_IN_OR_GUEST,
      doc: RATE_LIMITED,
      handler: async (c) => {
        ctx.limiter.take("selfServicePerIp", clientIp(c));
        await registerGuest(ctx, c.var.caller, await readJsonObject(c));
        return ok(c, true);
      },
    },
    {
      method: "POST",
      path: "/find-password",
      access: PUBLIC,
      doc: RATE_LIMITED,
      handler: async (c) => {
        ctx.limiter.take("selfServicePerIp", clientIp(c));
        const body = await readJsonObject(c);
        await findPassword(ctx, await publicTenant(ctx, c), body);
        return ok(c, true);
      },
    },
    {
      // The form checks (checks.ts): the registration dialog's guest too, so they are rate-limited for guests.
      method: "POST",
      path: "/baseInfoCheck",
      access: SIGNED_IN_OR_GUEST,
      doc: RATE_LIMITED,
      handler: async (c) => {
        if (c.var.caller.isGuest) ctx.limiter.take("selfServicePerIp", clientIp(c));
        return ok(c, await baseInfoCheck(c.var.scope, await readJsonObject(c)));
      },
    },
    {
      method: "POST",
      path: "/identityCheck",
      access: SIGNED_IN_OR_GUEST,
      handler: async (c) => ok(c, identityCheck(await readJsonObject(c))),
    },
    ...manageRoutes(ctx),
    ...appRoleRoutes(),
    ...listRoutes(),
    ...boundRoutes(ctx),
    ...excelRoutes(ctx),
  ];
  return defineRoutes(ctx, crudRoutes(ctx, { spec: userSpec, ...userWrites(() => ctx.now()), scopeColumns: USER_SCOPE_COLUMNS, routes }));
}
