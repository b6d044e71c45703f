import { USER_BUTTON_CODES as B } from "../../../domain/resources/system/user/spec";
import type { AppContext } from "../../context";
import { isId } from "../../db/ids";
import { pathParam, queryParam, readParams } from "../../http/body";
import { badRequest, forbidden, ok } from "../../http/errors";
import { AUTHENTICATED, can, canAny, hasPermission, type RouteSpec } from "../../security/authorize";
import { bindAccountList, bindUserCount, boundUsers, parseSource, unbind } from "./bound";
import { firstOf, idList, readArgs } from "./params";

/** The users page and the third-party login page both show who is bound to what. */
const BOUND_READERS = canAny("user", "thirdPartyLogin");

/**
 * Bound accounts (§7). Anyone signed in sees and unbinds their own identities (personal centre);
 * someone else's need the users page (`user` to see, `user_unbind` to unbind).
 */
export function boundRoutes(ctx: AppContext): RouteSpec[] {
  return [
    {
      method: "GET",
      path: "/bindAccountList",
      access: AUTHENTICATED,
      handler: async (c) => {
        const caller = c.var.caller;
        const userId = queryParam(c, "userId") ?? caller.userId;
        if (!isId(userId)) throw badRequest("请求参数格式错误: userId");
        if (userId !== caller.userId && !(await hasPermission(ctx, caller, "user"))) throw forbidden();
        return ok(c, await bindAccountList(userId === caller.userId ? c.var.scope.self() : c.var.scope, userId));
      },
    },
    {
      method: ["GET", "POST"],
      path: "/unBind",
      access: AUTHENTICATED,
      handler: async (c) => {
        const ids = idList(firstOf(await readArgs(c), "id", "ids"), "id");
        if (ids.length !== 1) throw badRequest("请选择要解除的绑定");
        const mayOthers = await hasPermission(ctx, c.var.caller, B.unbind);
        await unbind(c.var.scope, ids, mayOthers);
        return ok(c, true);
      },
    },
    {
      method: "POST",
      path: "/unBatchBind",
      access: can(B.unbind),
      handler: async (c) => {
        await unbind(c.var.scope, idList(firstOf(await readArgs(c), "ids", "id"), "ids"), true);
        return ok(c, true);
      },
    },
    {
      method: "GET",
      path: "/bindUserCount",
      access: BOUND_READERS,
      handler: async (c) => ok(c, await bindUserCount(c.var.scope, parseSource(queryParam(c, "source")))),
    },
    {
      method: "GET",
      path: "/thirdAppBindUserList/:source",
      access: BOUND_READERS,
      handler: async (c) => ok(c, await boundUsers(c.var.scope, parseSource(pathParam(c, "source")), await readParams(c))),
    },
  ];
}
