import type { AppContext } from "../../context";
import { queryParam, readIds, readParams } from "../../http/body";
import { badRequest, ok } from "../../http/errors";
import type { ApiModule } from "../../kit/module";
import { AUTHENTICATED, can, canAny, defineRoutes } from "../../security/authorize";
import { areaCodesShowing } from "../../../domain/resources/dataAssets/sample/areas";
import { isId } from "../../db/ids";
import { adminUsers, myProjects } from "./projects";
import { signInNotices, taskRunStatistics } from "./cards";
import { SHORTCUT_TYPES, listShortcuts, removeShortcuts, saveShortcuts } from "./shortcuts";

/** The menu code of 工作台 (server/db/seed/menus.ts): everyone who has a workbench may keep shortcuts. */
export const WORKBENCH_CODE = "workbench";

function typeOf(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === "") return SHORTCUT_TYPES.common;
  const n = Number(raw);
  if (n !== SHORTCUT_TYPES.common && n !== SHORTCUT_TYPES.fixed) throw badRequest("快捷入口类型不正确");
  return n;
}

/**
 * /blade-system/common (§7 "Projects and common shortcuts"): the caller's own shortcuts, written
 * form-encoded as Saber sends them; plus the workbench's task-run and notice cards. Every route
 * acts on the caller's own rows only (scope.self(): no data scope hides them from their owner).
 */
export const workbenchModule: ApiModule = {
  base: "/blade-system/common",
  routes: (ctx: AppContext) => {
    // Shortcuts and sign-in notices are the caller's own: the workbench is everyone's home page,
    // whatever menus they hold. The task-run card is the workbench menu's.
    const own = AUTHENTICATED;
    const access = can(WORKBENCH_CODE);
    return defineRoutes(ctx, [
      { method: "GET", path: "/menu", access: own, handler: async (c) => ok(c, await listShortcuts(c.var.scope.self())) },
      {
        method: "POST",
        path: "/save",
        access: own,
        handler: async (c) => {
          const params = await readParams(c);
          await saveShortcuts(c.var.scope.self(), await readIds(c, "menuIds"), typeOf(params.type));
          return ok(c, true);
        },
      },
      {
        method: "POST",
        path: "/remove",
        access: own,
        handler: async (c) => {
          await removeShortcuts(c.var.scope.self(), await readIds(c, "ids"));
          return ok(c, true);
        },
      },
      { method: "GET", path: "/taskStatistics", access, handler: async (c) => ok(c, await taskRunStatistics(c.var.scope.self())) },
      { method: "GET", path: "/notices", access: own, handler: async (c) => ok(c, await signInNotices(c.var.scope.self())) },
    ]);
  },
};

/**
 * Whoever may open the project pages (the data-asset menus and the sample areas that list
 * projects: the same codes as /blade-sample/project/page) sees the projects on the workbench.
 */
const PROJECT_READERS = canAny("assetOverview", "assetCollect", "dataAuthPolicy", "dataAuthApply", ...areaCodesShowing("projects"));

/** /blade-system/project (§7 "Projects"): the workbench's project card (projects.ts). */
export const projectModule: ApiModule = {
  base: "/blade-system/project",
  routes: (ctx: AppContext) =>
    defineRoutes(ctx, [
      { method: "GET", path: "/myProjects", access: PROJECT_READERS, handler: (c) => ok(c, myProjects()) },
      {
        method: "GET",
        path: "/getAdminUsers",
        access: PROJECT_READERS,
        handler: async (c) => {
          const projectId = queryParam(c, "projectId");
          if (projectId !== undefined && !isId(projectId)) throw badRequest("请求参数格式错误: projectId");
          return ok(c, await adminUsers(c.var.scope, projectId));
        },
      },
    ]),
};
