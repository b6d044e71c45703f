import type { Hono } from "hono";
import { and, eq } from "drizzle-orm";
import type { AppContext, AppEnv } from "../../context";
import { resourceGrant } from "../../db/schema";
import { formatDateTime } from "../../db/time";
import { badRequest, ok } from "../../http/errors";
import { can, defineRoutes } from "../../security/authorize";
import { APPROVE_CODE } from "./approvals";
import { idArg, readArgs } from "./args";

export const MSG_NO_LIVE_GRANT = "该申请没有生效中的授权";

/** Whether the server runs for tests (BLADE_TEST_HOOKS=1: the e2e server; never in production). */
export const testHooksOn = (env: NodeJS.ProcessEnv = process.env) => env.BLADE_TEST_HOOKS === "1";

/**
 * POST /authentication/approvalManagement/test-hook/end-grant (requestId): moves the end of the
 * request's live grant one second into the past. The browser journeys run against a server whose
 * clock they cannot move; with this a 7-day grant "has ended", and the next resource-centre call
 * expires it the ordinary way (events.ts expireGrants: 已过期, the operation log). Only an approver
 * may call it, and it exists only when BLADE_TEST_HOOKS=1 — read when the app is built, so a
 * server started without the flag has no such route at all.
 */
export function withTestHooks(ctx: AppContext, router: Hono<AppEnv>): Hono<AppEnv> {
  if (!testHooksOn()) return router;
  return router.route(
    "/test-hook",
    defineRoutes(ctx, [
      {
        method: "POST",
        path: "/end-grant",
        access: can(APPROVE_CODE),
        handler: async (c) => {
          const { scope, caller } = c.var;
          const requestId = idArg((await readArgs(c)).requestId, "申请ID");
          const repo = scope.systemIn(caller.tenantId).repo(resourceGrant);
          const live = await repo.list(and(eq(resourceGrant.requestId, requestId), eq(resourceGrant.status, 1)));
          if (live.length === 0) throw badRequest(MSG_NO_LIVE_GRANT);
          await repo.update(live.map((g) => g.id), { endTime: formatDateTime(new Date(scope.clock() - 1000)) });
          return ok(c, true);
        },
      },
    ]),
  );
}
