import type { AppContext } from "../../context";
import { ok } from "../../http/errors";
import { PUBLIC, defineRoutes } from "../../security/authorize";
import { pingDatabase } from "../../security/health";

/** Start-up and load-balancer checks: the database answers. */
export function systemRoutes(ctx: AppContext) {
  return defineRoutes(ctx, [
    {
      method: "GET",
      path: "/health",
      access: PUBLIC,
      handler: async (c) => {
        await pingDatabase(ctx);
        return ok(c, { status: "UP" });
      },
    },
  ]);
}
