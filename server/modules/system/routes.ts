import { sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { ok } from "../../http/errors";
import { PUBLIC, defineRoutes } from "../../security/authorize";

/** Start-up and load-balancer checks: the database answers. */
export function systemRoutes(ctx: AppContext) {
  return defineRoutes(ctx, [
    {
      method: "GET",
      path: "/health",
      access: PUBLIC,
      handler: async (c) => {
        await ctx.db.execute(sql`select 1`);
        return ok(c, { status: "UP" });
      },
    },
  ]);
}
