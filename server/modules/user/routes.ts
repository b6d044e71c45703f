import type { AppContext } from "../../context";
import { readIds, readJsonObject, readParams } from "../../http/body";
import { badRequest, ok } from "../../http/errors";
import { AUTHENTICATED, PUBLIC, SIGNED_IN_OR_GUEST, can, defineRoutes } from "../../security/authorize";
import { scopeFor } from "../../security/tenant-scope";
import { publicTenant } from "../auth/code-routes";
import { findPassword, registerGuest } from "./guest";
import { requireId, validateBody } from "./input";
import { myInfo, updateMyInfo, updateMyPassword } from "./self";
import { createUser, removeUsers, updateUser, userDetail, userPage } from "./service";

/**
 * /blade-user. Reading users needs the 用户管理 menu (code `user`); writing needs its buttons.
 * Submit only creates and update only updates (CONTRACT.md), so each has one permission.
 */
export function userRoutes(ctx: AppContext) {
  return defineRoutes(ctx, [
    {
      method: "GET",
      path: "/page",
      access: can("user"),
      handler: async (c) => ok(c, await userPage(ctx.db, scopeFor(ctx, c), await readParams(c))),
    },
    {
      method: "GET",
      path: "/detail",
      access: can("user"),
      handler: async (c) => ok(c, await userDetail(ctx.db, scopeFor(ctx, c), requireId(c.req.query("id")))),
    },
    {
      method: "POST",
      path: "/submit",
      access: can("user_add"),
      handler: async (c) => {
        const body = await readJsonObject(c);
        if (body.id !== undefined && body.id !== null && body.id !== "") {
          throw badRequest("新增用户不能指定ID,修改请调用 /blade-user/update");
        }
        validateBody(body, "create");
        return ok(c, await createUser(ctx.db, scopeFor(ctx, c), body));
      },
    },
    {
      method: "POST",
      path: "/update",
      access: can("user_edit"),
      handler: async (c) => {
        const body = await readJsonObject(c);
        const id = requireId(body.id);
        validateBody(body, "update");
        return ok(c, await updateUser(ctx.db, scopeFor(ctx, c), id, body));
      },
    },
    {
      method: "POST",
      path: "/remove",
      access: can("user_delete"),
      handler: async (c) => {
        await removeUsers(ctx.db, scopeFor(ctx, c), await readIds(c));
        return ok(c, true);
      },
    },
    // The personal centre: the caller's own record only, so being signed in is enough.
    { method: "GET", path: "/info", access: AUTHENTICATED, handler: async (c) => ok(c, await myInfo(ctx, scopeFor(ctx, c))) },
    {
      method: "POST",
      path: "/update-info",
      access: AUTHENTICATED,
      handler: async (c) => {
        await updateMyInfo(ctx, scopeFor(ctx, c), await readJsonObject(c));
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
