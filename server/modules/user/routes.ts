import { permissionCodes } from "../../../src/validation";
import { userSpec } from "../../../src/resources/system/user/spec";
import type { AppContext } from "../../context";
import { readIds, readJsonObject, readParams } from "../../http/body";
import { badRequest, ok } from "../../http/errors";
import { AUTHENTICATED, PUBLIC, SIGNED_IN_OR_GUEST, can, defineRoutes } from "../../security/authorize";
import { scopeFor } from "../../security/tenant-scope";
import { publicTenant } from "../../security/tenants";
import { findPassword, registerGuest } from "./guest";
import { requireId, validateBody } from "./input";
import { resetPasswords } from "./reset";
import { myInfo, updateMyInfo, updateMyPassword } from "./self";
import { createUser, removeUsers, updateUser, userDetail, userPage } from "./service";

const CODES = permissionCodes(userSpec);

/**
 * /blade-user. Reading users needs the 用户管理 menu (code `user`); writing needs its buttons.
 * Submit only creates and update only updates (CONTRACT.md), so each has one permission.
 */
export function userRoutes(ctx: AppContext) {
  return defineRoutes(ctx, [
    {
      method: "GET",
      path: "/page",
      access: can(CODES.list),
      handler: async (c) => ok(c, await userPage(scopeFor(ctx, c), await readParams(c))),
    },
    {
      method: "GET",
      path: "/detail",
      access: can(CODES.list),
      handler: async (c) => ok(c, await userDetail(scopeFor(ctx, c), requireId(c.req.query("id")))),
    },
    {
      method: "POST",
      path: "/submit",
      access: can(CODES.create),
      handler: async (c) => {
        const body = await readJsonObject(c);
        if (body.id !== undefined && body.id !== null && body.id !== "") {
          throw badRequest("新增用户不能指定ID,修改请调用 /blade-user/update");
        }
        validateBody(body, "create");
        return ok(c, await createUser(scopeFor(ctx, c), body));
      },
    },
    {
      // §7 names it a GET; BladeX's later console POSTs. Either way the button code user_reset.
      method: ["GET", "POST"],
      path: "/resetPwd",
      access: can(`${userSpec.menuCode}_reset`),
      handler: async (c) => {
        await resetPasswords(scopeFor(ctx, c), await readIds(c));
        return ok(c, true);
      },
    },
    {
      method: "POST",
      path: "/update",
      access: can(CODES.edit),
      handler: async (c) => {
        const body = await readJsonObject(c);
        const id = requireId(body.id);
        validateBody(body, "update");
        return ok(c, await updateUser(scopeFor(ctx, c), id, body));
      },
    },
    {
      method: "POST",
      path: "/remove",
      access: can(CODES.delete),
      handler: async (c) => {
        await removeUsers(scopeFor(ctx, c), await readIds(c));
        return ok(c, true);
      },
    },
    // The personal centre: the caller's own record only, so being signed in is enough.
    { method: "GET", path: "/info", access: AUTHENTICATED, handler: async (c) => ok(c, await myInfo(scopeFor(ctx, c))) },
    {
      method: "POST",
      path: "/update-info",
      access: AUTHENTICATED,
      handler: async (c) => {
        await updateMyInfo(scopeFor(ctx, c), await readJsonObject(c));
        return ok(c, true);
      },
    },
    {
      method: "POST",
      path: "/update-password",
      access: AUTHENTICATED,
      handler: async (c) => {
        await updateMyPassword(ctx, scopeFor(ctx, c), await readJsonObject(c));
        return ok(c, true);
      },
    },
    {
      method: "POST",
      path: "/register-guest",
      access: SIGNED_IN_OR_GUEST,
      handler: async (c) => {
        await registerGuest(ctx, c.var.caller, await readJsonObject(c));
        return ok(c, true);
      },
    },
    {
      method: "POST",
      path: "/find-password",
      access: PUBLIC,
      handler: async (c) => {
        const body = await readJsonObject(c);
        await findPassword(ctx, await publicTenant(ctx, c), body);
        return ok(c, true);
      },
    },
  ]);
}
