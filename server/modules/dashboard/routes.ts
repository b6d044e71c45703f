import type { Context } from "hono";
import type { AppContext, AppEnv } from "../../context";
import { queryParam } from "../../http/body";
import { ok } from "../../http/errors";
import type { ApiModule } from "../../kit/module";
import { can, defineRoutes } from "../../security/authorize";
import { DashboardStats } from "./stats";

/** The menu code of 仪表盘 (server/db/seed/menus.ts): whoever opens the page reads its figures. */
export const DASHBOARD_CODE = "instrumentPanel";

/** /blade-system/dashboard (§7): the figures of the caller's tenant (the administrator may name one). */
export const dashboardModule: ApiModule = {
  base: "/blade-system/dashboard",
  routes: (ctx: AppContext) => {
    const stats = (c: Context<AppEnv>) => {
      const scope = c.var.scope;
      return new DashboardStats(ctx, scope, scope.readTenant(queryParam(c, "tenantId"))!);
    };
    const access = can(DASHBOARD_CODE);
    return defineRoutes(ctx, [
      { method: "GET", path: "/baseInfo", access, handler: async (c) => ok(c, await stats(c).baseInfo()) },
      { method: "GET", path: "/accessDistribution", access, handler: async (c) => ok(c, await stats(c).accessDistribution()) },
      { method: "GET", path: "/applicationAccessTop10", access, handler: async (c) => ok(c, await stats(c).applicationAccessTop10()) },
      {
        method: "GET",
        path: "/userAuthDeptDistribution",
        access,
        handler: async (c) => ok(c, await stats(c).userAuthDeptDistribution(queryParam(c, "dateTime"))),
      },
      { method: "GET", path: "/userAuthTrend", access, handler: async (c) => ok(c, await stats(c).userAuthTrend()) },
    ]);
  },
};
