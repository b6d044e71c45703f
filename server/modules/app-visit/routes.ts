import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { app, appVisitLog } from "../../db/schema";
import { isId } from "../../db/ids";
import { queryParam } from "../../http/body";
import { clientIp } from "../../http/client-ip";
import { badRequest, ok } from "../../http/errors";
import { AUTHENTICATED, defineRoutes } from "../../security/authorize";

export const MSG_APP_ID_REQUIRED = "应用ID不能为空";
export const MSG_APP_ID_FORMAT = "应用ID格式不正确";
export const MSG_APP_UNKNOWN = "应用不存在";
export const MSG_APP_DISABLED = "应用已停用,无法访问";

/**
 * GET /authentication/app/visit?id=: the console reports that the signed-in user opened an
 * application; the visit is recorded, with the application's name, for the application-access
 * log and the dashboard. Only an enabled application of the caller's own tenant can be visited:
 * the platform administrator too visits its own tenant's applications, not another's.
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
        const scope = c.var.scope;
        const [target] = await scope.repo(app).list(eq(app.id, id), { tenantId: caller.tenantId });
        if (!target) throw badRequest(MSG_APP_UNKNOWN);
        if (target.status !== 1) throw badRequest(MSG_APP_DISABLED);
        // The log repository stamps the caller's tenant and the server's time.
        await scope.log(appVisitLog).insert({
          userId: caller.userId,
          account: caller.account.slice(0, 64),
          deptId: caller.deptIds[0] ?? "0",
          appId: id,
          appName: [...target.appName].slice(0, 100).join(""),
          ip: clientIp(c).slice(0, 64),
          userAgent: [...(c.req.header("user-agent") ?? "")].slice(0, 500).join(""),
        });
        return ok(c, true);
      },
    },
  ]);
}
