import type { AppContext } from "../../context";
import { errorLog } from "../../db/schema";
import { readJsonObject } from "../../http/body";
import { badRequest, ok } from "../../http/errors";
import { clientIp } from "../../http/client-ip";
import { AUTHENTICATED, defineRoutes } from "../../security/authorize";
import { appVisitLogDef, loginLogDef } from "./definitions";
import { logModule } from "../../kit/log-mode";
import { operationRoutes } from "./operation-routes";

export const MAX_ERROR_LOGS = 100;

/** Column sizes; longer texts are cut rather than refused, since a huge stack is still worth keeping. */
const LIMITS = { type: 64, url: 2000, message: 4000, stack: 16000, info: 4000, time: 32 } as const;
type Field = keyof typeof LIMITS;

const cut = (value: unknown, max: number): string => {
  if (value === undefined || value === null) return "";
  const text = typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
  return [...text].slice(0, max).join("");
};

/**
 * /blade-log: the audit logs (sign-ins, application visits, administrative writes) and the
 * console's error-log dialog, which uploads what it recorded locally (§8).
 */
export function logRoutes(ctx: AppContext) {
  return defineRoutes(ctx, [
    ...logModule(ctx, loginLogDef),
    ...logModule(ctx, appVisitLogDef),
    ...operationRoutes(ctx),
    {
      method: "POST",
      path: "/error/upload",
      access: AUTHENTICATED,
      handler: async (c) => {
        const body = await readJsonObject(c);
        const logs = body.logs;
        if (!Array.isArray(logs)) throw badRequest("logs必须是数组");
        if (logs.length === 0) throw badRequest("没有需要上传的日志");
        if (logs.length > MAX_ERROR_LOGS) throw badRequest(`一次最多上传${MAX_ERROR_LOGS}条日志`);
        if (!logs.every((l) => l !== null && typeof l === "object" && !Array.isArray(l))) throw badRequest("日志格式不正确");
        // The scope stamps the caller's tenant and the server's time.
        const common = {
          userId: c.var.caller.userId,
          ip: clientIp(c).slice(0, 64),
          userAgent: (c.req.header("user-agent") ?? "").slice(0, 500),
        };
        const rows = (logs as Record<string, unknown>[]).map((entry) => {
          const fields = Object.fromEntries((Object.keys(LIMITS) as Field[]).map((f) => [f, cut(entry[f], LIMITS[f])]));
          return { ...common, ...fields };
        });
        await c.var.scope.repo(errorLog).insertMany(rows);
        return ok(c, true);
      },
    },
  ]);
}
