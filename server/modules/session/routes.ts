import type { AppContext } from "../../context";
import { readIds, readParams, readQuery } from "../../http/body";
import { ok } from "../../http/errors";
import { CSV_FILE } from "../../http/route-doc";
import type { ApiModule } from "../../kit/module";
import { can, defineRoutes } from "../../security/authorize";
import { sessionLogReads } from "./log";
import { sessionReads, stopSessions } from "./sessions";

/** Button codes of 会话管理 (server/db/seed/menus.ts): the page itself, 强制下线, 导出. */
export const SESSION_CODES = { view: "sessionManagement", stop: "sessionManagement_stop", export: "sessionManagement_export" } as const;

/**
 * /blade-user/userSession: the live sessions of the console's client (the caller's), stopping
 * them, the sign-in history and a download. Mounted beside the user module on its own base.
 */
export const userSessionModule: ApiModule = {
  base: "/blade-user/userSession",
  routes: (ctx: AppContext) => {
    const sessions = sessionReads(ctx, "user");
    const log = sessionLogReads(ctx);
    return defineRoutes(ctx, [
      {
        method: "GET",
        path: "/page",
        access: can(SESSION_CODES.view),
        handler: async (c) => ok(c, await sessions.page(c.var.scope, readQuery(c))),
      },
      {
        // Saber calls it with GET and the ids in the query; a form POST is accepted as well.
        method: ["GET", "POST"],
        path: "/stopSession",
        access: can(SESSION_CODES.stop),
        handler: async (c) => {
          await stopSessions(ctx, c.var.scope, await readIds(c, "sessionIds"));
          return ok(c, true);
        },
      },
      {
        method: "GET",
        path: "/logPage",
        access: can(SESSION_CODES.view),
        handler: async (c) => ok(c, await log.page(c.var.scope, readQuery(c))),
      },
      {
        method: ["GET", "POST"],
        path: "/download",
        access: can(SESSION_CODES.export),
        doc: CSV_FILE,
        handler: async (c) => sessions.download(c.var.scope, await readParams(c)),
      },
    ]);
  },
};

/**
 * /authentication/appUserSession: sessions issued to the other OAuth clients (applications signing
 * in through the platform). `authFlag=true` (Saber's default) lists the live ones; false adds the
 * ended ones, for their history.
 */
export const appSessionModule: ApiModule = {
  base: "/authentication/appUserSession",
  routes: (ctx: AppContext) => {
    const sessions = sessionReads(ctx, "app");
    return defineRoutes(ctx, [
      {
        method: "GET",
        path: "/page",
        access: can(SESSION_CODES.view),
        handler: async (c) => ok(c, await sessions.page(c.var.scope, readQuery(c))),
      },
      {
        method: ["GET", "POST"],
        path: "/download",
        access: can(SESSION_CODES.export),
        doc: CSV_FILE,
        handler: async (c) => sessions.download(c.var.scope, await readParams(c)),
      },
    ]);
  },
};
