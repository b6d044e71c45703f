import type { Context } from "hono";
import { asc, desc, inArray } from "drizzle-orm";
import { APP_STATUS_CODE, appMessages, appSpec, isAppIcon } from "../../../domain/resources/applicationManagement/applicationList/spec";
import { roleGroupSpec } from "../../../domain/resources/system/role/group-spec";
import { permissionCodes } from "../../../domain/validation";
import type { AppContext, AppEnv } from "../../context";
import { app, appCategory } from "../../db/schema";
import { badRequest, ok } from "../../http/errors";
import { checkAttachment, withAttachmentNames } from "../../kit/attachment";
import { crudRoutes, fieldErrors, optionalId, plainVO, requireId } from "../../kit/crud";
import type { ApiModule } from "../../kit/module";
import { can, canAny, defineRoutes } from "../../security/authorize";
import { type TenantScope } from "../../security/tenant-scope";
import { removeAppDependants } from "./cascade";
import { bladeNames, idsOf, readArgs } from "./params";
import { subtreeIds } from "./tree";

const codes = permissionCodes(appSpec);
export const MSG_APP_MISSING = appMessages.appMissing.zh;
type AppRow = typeof app.$inferSelect;

/** Rows as the API answers them: with the name of their category and of their attached file. */
async function appVO(rows: AppRow[], scope: TenantScope) {
  const ids = [...new Set(rows.map((r) => r.categoryId).filter((id) => id !== "0"))];
  const names = ids.length
    ? (await scope.lookup([{ name: "category", table: appCategory, key: appCategory.id, label: appCategory.categoryName, where: inArray(appCategory.id, ids) }])).get("category")!
    : new Map<string, string>();
  return withAttachmentNames(scope, rows.map((r) => ({ ...plainVO(r), categoryName: names.get(r.categoryId) ?? "" })));
}

/** A category of the application's own tenant (or "0", none), and an icon and an attachment that cannot run anything. */
async function checkApp(scope: TenantScope, values: Record<string, unknown>, existing?: AppRow): Promise<void> {
  if (values.categoryId === "") values.categoryId = "0";
  const categoryId = String(values.categoryId ?? existing?.categoryId ?? "0");
  if (values.categoryId !== undefined && categoryId !== "0") {
    const [category] = await scope.repo(appCategory).list(inArray(appCategory.id, [categoryId]));
    if (!category || (existing && category.tenantId !== existing.tenantId)) fieldErrors([{ field: "categoryId", message: appMessages.categoryMissing.zh }]);
  }
  if (typeof values.icon === "string" && !isAppIcon(values.icon)) fieldErrors([{ field: "icon", message: appMessages.iconLink.zh }]);
  await checkAttachment(scope, values, existing, appMessages);
}

/** Who may bind applications to a role group, and so pick them from app/list. */
const ROLE_GROUP_EDIT_CODE = permissionCodes(roleGroupSpec).edit;

/**
 * `categoryId` of page and list: that category and every category below it (as /blade-user/page
 * binds deptId), so choosing a category in the tree shows everything filed under it. An unknown
 * category (or another tenant's) matches nothing, as any filter would.
 */
async function inCategory(scope: TenantScope, params: Record<string, string>) {
  const categoryId = optionalId(params.categoryId?.trim(), "categoryId");
  if (!categoryId || categoryId === "0") return undefined;
  const within = subtreeIds(await scope.repo(appCategory).list(), categoryId);
  return within.length ? inArray(app.categoryId, within) : false;
}

/**
 * /authentication/app: the kit's routes of applications (list, page, detail, submit, remove) and
 * the §7 names (insert, update, details, delete with idList, isEnable). `visit` is the app-visit
 * module's, mounted at the same base.
 */
export const appModule: ApiModule = {
  base: appSpec.api,
  routes: (ctx: AppContext) => {
    const common = crudRoutes(ctx, {
      spec: appSpec,
      table: app,
      missing: MSG_APP_MISSING,
      defaultOrder: [asc(app.sort), desc(app.createTime), desc(app.id)],
      reserved: ["categoryId"],
      toVO: appVO,
      beforeWrite: checkApp,
      narrow: inCategory,
      // Also the application picker of the role groups (角色组 → 绑定应用), for those who may bind.
      access: { list: canAny(codes.list, ROLE_GROUP_EDIT_CODE) },
      beforeRemove: (tx, rows) => removeAppDependants(tx, rows.map((r) => r.id)),
    });
    const remove = async (c: Context<AppEnv>) => {
      // §7 names the list idList (a JSON array or a comma string); the console's data provider says ids.
      const ids = idsOf(await readArgs(c), "idList", "ids");
      if (ids.length === 0) throw badRequest("请选择要删除的数据");
      await c.var.scope.transaction(async (tx) => {
        const rows = await tx.repo(app).find(ids, MSG_APP_MISSING);
        await removeAppDependants(tx, rows.map((r) => r.id));
        await tx.repo(app).remove(ids, MSG_APP_MISSING);
      });
      return ok(c, true);
    };
    const isEnable = async (c: Context<AppEnv>) => {
      const args = await readArgs(c);
      const id = requireId(args.id, "应用ID");
      const status = (args.status ?? "").trim();
      if (status !== "0" && status !== "1") throw badRequest(appMessages.statusValue.zh);
      await c.var.scope.transaction((tx) => tx.repo(app).update([id], { status: Number(status) }, MSG_APP_MISSING));
      return ok(c, true);
    };
    return defineRoutes(ctx, [
      ...common,
      ...bladeNames(common, codes),
      { method: "POST", path: "/delete", access: can(codes.delete), handler: remove },
      // §4: applications use isEnable (id, status); a GET with the same parameters is served alike.
      { method: ["GET", "POST"], path: "/isEnable", access: can(APP_STATUS_CODE), handler: isEnable },
    ]);
  },
};
