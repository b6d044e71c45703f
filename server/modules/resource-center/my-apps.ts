import { and, asc, eq } from "drizzle-orm";
import type { Context } from "hono";
import type { AppContext, AppEnv } from "../../context";
import { app, appVisitLog, commonApp } from "../../db/schema";
import { clientIp } from "../../http/client-ip";
import { badRequest, ok } from "../../http/errors";
import { AUTHENTICATED, can, defineRoutes } from "../../security/authorize";
import { cut } from "../../security/audit-log";
import { usableApps, type UsableApp } from "./access";
import { idArg, readArgs, textArg } from "./args";
import { expireGrants } from "./events";

export const MSG_APP_UNKNOWN = "应用不存在";
export const MSG_APP_DISABLED = "应用已停用,无法访问";
export const MSG_APP_NOT_YOURS = "您没有该应用的使用权限，可在「资源申请」中申请";
const NEW_LIST_SIZE = 8;

/** The caller's applications, after ending what has ended: nothing stale is ever listed. */
async function mine(c: Context<AppEnv>): Promise<UsableApp[]> {
  await expireGrants(c.var.scope);
  return usableApps(c.var.scope, c.var.caller.tenantId, c.var.caller.userId);
}

/** The caller's pinned application ids, in the order they pinned them. */
async function pinned(c: Context<AppEnv>): Promise<string[]> {
  const rows = await c.var.scope.links(commonApp).list(eq(commonApp.userId, c.var.caller.userId), { orderBy: [asc(commonApp.sort), asc(commonApp.id)] });
  return rows.map((r) => r.appId);
}

const card = (a: UsableApp, pins: Set<string>) => ({ ...a, common: pins.has(a.id) });

/** 我的应用: myApplication/list (appName searched), newlist; common-application/list and set (§7). */
export function myApplicationRoutes(ctx: AppContext) {
  return defineRoutes(ctx, [
    {
      method: "GET",
      path: "/list",
      access: can("myApplication"),
      handler: async (c) => {
        const name = textArg((await readArgs(c)).appName, 64, "应用名称").toLowerCase();
        const pins = new Set(await pinned(c));
        const apps = (await mine(c)).filter((a) => !name || a.appName.toLowerCase().includes(name) || a.categoryName.toLowerCase().includes(name));
        return ok(c, apps.map((a) => card(a, pins)));
      },
    },
    {
      // Recently added: the newest of what the user may use — a fresh grant first, then new applications.
      method: "GET",
      path: "/newlist",
      access: can("myApplication"),
      handler: async (c) => {
        const pins = new Set(await pinned(c));
        const added = (a: UsableApp) => a.sources.reduce((latest, s) => (s.since && s.since > latest ? s.since : latest), a.createTime);
        const apps = (await mine(c)).sort((x, y) => added(y).localeCompare(added(x)) || y.id.localeCompare(x.id));
        return ok(c, apps.slice(0, NEW_LIST_SIZE).map((a) => card(a, pins)));
      },
    },
  ]);
}

export function commonApplicationRoutes(ctx: AppContext) {
  return defineRoutes(ctx, [
    {
      method: "GET",
      path: "/list",
      access: can("myApplication"),
      handler: async (c) => {
        const order = await pinned(c);
        // A pinned application the user may no longer use is not shown (nor removed: it returns with access).
        const usable = new Map((await mine(c)).map((a) => [a.id, a]));
        return ok(c, order.flatMap((id) => (usable.has(id) ? [card(usable.get(id)!, new Set(order))] : [])));
      },
    },
    {
      // Form-encoded (§7): appId, and common 1 to pin, 0 to unpin.
      method: "POST",
      path: "/set",
      access: can("myApplication"),
      handler: async (c) => {
        const args = await readArgs(c);
        const appId = idArg(args.appId ?? args.id, "应用ID");
        const common = (args.common ?? "1").trim();
        if (common !== "0" && common !== "1") throw badRequest("请求参数格式错误: common");
        const userId = c.var.caller.userId;
        const links = c.var.scope.links(commonApp);
        if (common === "0") {
          await links.delete(and(eq(commonApp.userId, userId), eq(commonApp.appId, appId))!);
          return ok(c, true);
        }
        if (!(await mine(c)).some((a) => a.id === appId)) throw badRequest(MSG_APP_NOT_YOURS);
        const count = (await pinned(c)).length;
        await links.insert([{ userId, appId, sort: count + 1 }], { skipExisting: true });
        return ok(c, true);
      },
    },
  ]);
}

/**
 * GET /authentication/app/visit?id=: the console reports that the signed-in user opened an
 * application. Only an application the user may use (access.ts) is visited; the visit is recorded,
 * with the application's name and the server's time, for the application-access log and the
 * dashboard.
 */
export function appVisitRoutes(ctx: AppContext) {
  return defineRoutes(ctx, [
    {
      method: "GET",
      path: "/visit",
      access: AUTHENTICATED,
      handler: async (c) => {
        const id = idArg((await readArgs(c)).id, "应用ID");
        const { caller, scope } = c.var;
        const [target] = await scope.repo(app).list(eq(app.id, id), { tenantId: caller.tenantId });
        if (!target) throw badRequest(MSG_APP_UNKNOWN);
        if (target.status !== 1) throw badRequest(MSG_APP_DISABLED);
        if (!(await mine(c)).some((a) => a.id === id)) throw badRequest(MSG_APP_NOT_YOURS);
        // The log repository stamps the caller's tenant and the server's time.
        await scope.log(appVisitLog).insert({
          userId: caller.userId,
          account: cut(caller.account, 64),
          deptId: caller.deptIds[0] ?? "0",
          appId: id,
          appName: cut(target.appName, 100),
          ip: cut(clientIp(c), 64),
          userAgent: cut(c.req.header("user-agent") ?? "", 500),
        });
        return ok(c, true);
      },
    },
  ]);
}

/** 我的资源 (/api/myResources/list): one row per application and source, with a time-bound grant's end. */
export function myResourcesRoutes(ctx: AppContext) {
  return defineRoutes(ctx, [
    {
      method: "GET",
      path: "/list",
      access: can("myResources"),
      handler: async (c) => {
        const rows = (await mine(c)).flatMap((a) =>
          a.sources.map((s, i) => ({
            id: `${a.id}-${i}`,
            appId: a.id,
            appName: a.appName,
            appUrl: a.appUrl,
            icon: a.icon,
            categoryName: a.categoryName,
            sourceType: s.type,
            sourceName: s.name,
            via: s.via ?? "",
            requestId: s.requestId ?? "",
            grantTime: s.since ?? "",
            endTime: s.endTime ?? "",
          })),
        );
        return ok(c, rows);
      },
    },
  ]);
}
