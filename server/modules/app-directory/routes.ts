import type { Context } from "hono";
import { asc } from "drizzle-orm";
import {
  APP_ROLE_DIRECTORY_CODE,
  DIRECTORY_IMPORT_CODE,
  DIRECTORY_STATUS_CODE,
  appDirectorySpec,
  directoryMessages as M,
} from "../../../domain/resources/applicationManagement/resourceDirectory/spec";
import { permissionCodes } from "../../../domain/validation";
import type { AppContext, AppEnv } from "../../context";
import { app, appDirectory } from "../../db/schema";
import { queryParam } from "../../http/body";
import { badRequest, ok } from "../../http/errors";
import { XLSX_FILE } from "../../http/route-doc";
import { crudRoutes, requireId } from "../../kit/crud";
import type { ApiModule } from "../../kit/module";
import { can, canAny, defineRoutes } from "../../security/authorize";
import { bladeNames, idsOf, readArgs } from "../../kit/blade-args";
import { directoryTemplate, importDirectories } from "./import";
import { DIRECTORY_ORDER, MISSING, checkApps, checkDirectory, directoryVO, readAppIds, refuseWithChildren, replaceApps, unlinkDirectories } from "./service";

const codes = permissionCodes(appDirectorySpec);

/**
 * /authentication/bladeApplicationDirectory: the kit's routes of directories (`list` the tenant's
 * forest with each directory's applications, searchable by name and code), the §7 names insert,
 * update, details and delete, startOrStop, the Excel import, and the form's application picker `apps`
 * (its owner picker reads the user module's usesPage and getSelectUserInfo).
 */
export const appDirectoryModule: ApiModule = {
  base: appDirectorySpec.api,
  routes: (ctx: AppContext) => {
    // The applications a write asked for, from its body to its transaction (not a column of the row).
    const chosen = new WeakMap<object, string[] | undefined>();
    const common = crudRoutes(ctx, {
      spec: appDirectorySpec,
      table: appDirectory,
      missing: MISSING,
      list: "forest",
      oneTenant: "trees",
      defaultOrder: DIRECTORY_ORDER,
      // Also the tree of 应用角色 → 分配目录, for those who may assign directories.
      access: { list: canAny(codes.list, APP_ROLE_DIRECTORY_CODE) },
      toVO: directoryVO,
      prepare: (values, body, _scope, updating) => {
        const appIds = readAppIds(body);
        chosen.set(values, appIds ?? (updating ? undefined : []));
      },
      beforeWrite: async (tx, values, existing, tenantId) => {
        await checkDirectory(tx, values, existing, tenantId!);
        const appIds = chosen.get(values);
        if (appIds) await checkApps(tx, appIds, tenantId!);
      },
      afterWrite: async (tx, id, values, _existing, tenantId) => {
        const appIds = chosen.get(values);
        if (appIds) await replaceApps(tx, id, tenantId!, appIds);
      },
      beforeRemove: refuseWithChildren,
      afterRemove: unlinkDirectories,
    });
    const remove = async (c: Context<AppEnv>) => {
      // §7 deletes one directory by id; a list (ids, idList) is served alike.
      const ids = idsOf(await readArgs(c), "id", "ids", "idList");
      if (ids.length === 0) throw badRequest("请选择要删除的数据");
      await c.var.scope.transaction(async (tx) => {
        const rows = await tx.repo(appDirectory).find(ids, MISSING);
        await refuseWithChildren(tx, rows);
        await unlinkDirectories(tx, rows);
        await tx.repo(appDirectory).remove(ids, MISSING);
      });
      return ok(c, true);
    };
    const startOrStop = async (c: Context<AppEnv>) => {
      const args = await readArgs(c);
      const id = requireId(args.id, "目录ID");
      const status = (args.status ?? "").trim();
      if (status !== "0" && status !== "1") throw badRequest(M.statusValue.zh);
      await c.var.scope.transaction((tx) => tx.repo(appDirectory).update([id], { status: Number(status) }, MISSING));
      return ok(c, true);
    };
    // The form's application picker: every application of the tenant (a disabled one is marked, still fileable).
    const apps = async (c: Context<AppEnv>) => {
      const scope = c.var.scope;
      const tenantId = scope.readTenant(queryParam(c, "tenantId"));
      const rows = await scope.repo(app).list(undefined, { orderBy: [asc(app.sort), asc(app.id)], tenantId });
      return ok(c, rows.map((a) => ({ id: a.id, appName: a.appName, appCode: a.appCode, status: a.status })));
    };
    return defineRoutes(ctx, [
      ...common,
      ...bladeNames(common, codes),
      { method: ["GET", "POST"], path: "/delete", access: can(codes.delete), handler: remove },
      // BladeX's Saber sends id and status in the query; a form or JSON body is read alike.
      { method: ["GET", "POST"], path: "/startOrStop", access: can(DIRECTORY_STATUS_CODE), handler: startOrStop },
      { method: "POST", path: "/import", access: can(DIRECTORY_IMPORT_CODE), handler: async (c) => ok(c, await importDirectories(c)) },
      { method: "GET", path: "/export-template", access: can(DIRECTORY_IMPORT_CODE), doc: XLSX_FILE, handler: (c) => directoryTemplate(c) },
      { method: "GET", path: "/apps", access: canAny(codes.create, codes.edit), handler: apps },
    ]);
  },
};
