import type { AppContext } from "../../context";
import { appVisitLog } from "../../db/schema";
import { isId, nextId } from "../../db/ids";
import { formatDateTime } from "../../db/time";
import { queryParam } from "../../http/body";
import { clientIp } from "../../http/client-ip";
import { badRequest, ok } from "../../http/errors";
import { AUTHENTICATED, defineRoutes } from "../../security/authorize";

export const MSG_APP_ID_REQUIRED = "应用ID不能为空";
export const MSG_APP_ID_FORMAT = "应用ID格式不正确";

/**
 * GET /authentication/app/visit?id=: the console reports that the signed-in user opened an
 * application; the visit is recorded for the application-access log and the dashboard. There is
 * no applications table yet, so the id is recorded as given (validated as an id) and app_name
 * stays empty until one exists.
 */
export function appVisitRoutes(ctx: AppContext) {
  return defineRoutes(ctx, [
    {
      method: "GET",
      path: "/visit",
      access: AUTHENTICATED,
      handler: async (c) => {
        const id = queryParam(c, "id") ?? "";
        if (id === "") throw badRequest(MSG_APP_ID_REQUIRED);
        if (!isId(id)) throw badRequest(MSG_APP_ID_FORMAT);
        const caller = c.var.caller;
        await ctx.db.insert(appVisitLog).values({
          id: nextId(),
          tenantId: caller.tenantId,
          userId: caller.userId,
          account: caller.account.slice(0, 64),
          deptId: caller.deptIds[0] ?? "0",
          appId: id,
          ip: clientIp(c).slice(0, 64),
          userAgent: [...(c.req.header("user-agent") ?? "")].slice(0, 500).join(""),
          createTime: formatDateTime(new Date(ctx.now())),
        });
        return ok(c, true);
      },
    },
  ]);
}
