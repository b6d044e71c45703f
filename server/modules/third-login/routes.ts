import type { Context, Handler } from "hono";
import { THIRD_LOGIN_BASE, THIRD_LOGIN_PRESETS, thirdLoginMessages, thirdLoginSpec } from "../../../domain/resources/system/thirdPartyLogin/spec";
import { permissionCodes } from "../../../domain/validation";
import type { AppContext, AppEnv } from "../../context";
import { thirdLogin } from "../../db/schema";
import { readIds, readJsonObject, readParams } from "../../http/body";
import { badRequest, ok } from "../../http/errors";
import { crudRoutes, fieldErrors, isUpdate, plainVO, requireId, type CrudDefinition } from "../../kit/crud";
import type { ApiModule } from "../../kit/module";
import { can, defineRoutes, PUBLIC, type RouteSpec } from "../../security/authorize";
import { publicTenant } from "../../security/tenants";
import { CLIENT_SECRET_FIELD, offeredSources, type ThirdLoginRow } from "../../social/configured";

export const MSG_MISSING = "三方登录配置不存在";
const codes = permissionCodes(thirdLoginSpec);

/** A row as the API answers it: the client secret only as "set". */
export function thirdLoginVO(row: ThirdLoginRow) {
  const { clientSecret, ...rest } = plainVO(row);
  return { ...rest, clientSecretSet: clientSecret !== "" };
}

function definition(ctx: AppContext): CrudDefinition<typeof thirdLogin> {
  return {
    spec: thirdLoginSpec,
    table: thirdLogin,
    missing: MSG_MISSING,
    list: "array",
    toVO: async (rows) => rows.map(thirdLoginVO),
    beforeWrite: async (_scope, values, existing) => {
      const source = String(values.source ?? existing?.source ?? "");
      const secret = typeof values.clientSecret === "string" ? values.clientSecret : "";
      // Empty keeps the stored secret; a new one is sealed before it reaches the row.
      if (secret) values.clientSecret = ctx.secrets.seal(secret, CLIENT_SECRET_FIELD);
      else delete values.clientSecret;
      if (!secret && !existing?.clientSecret) fieldErrors([{ field: "clientSecret", message: thirdLoginMessages.secretRequired.zh }]);
      if (!THIRD_LOGIN_PRESETS[source]) {
        const missing = (["authorizeUrl", "tokenUrl", "userInfoUrl"] as const).filter((k) => !String(values[k] ?? existing?.[k] ?? ""));
        if (missing.length) fieldErrors(missing.map((field) => ({ field, message: thirdLoginMessages.endpointsRequired.zh })));
      }
    },
  };
}

/** The kit's routes of the resource (list, page, detail, submit, remove) under sysConfig/thirdLoginInfo. */
export const thirdLoginModule: ApiModule = {
  base: thirdLoginSpec.api,
  routes: (ctx) => defineRoutes(ctx, crudRoutes(ctx, definition(ctx))),
};

/** The §7 names of the same handlers, and the status switch, under /blade-system/sysConfig. */
function sysConfigRoutes(ctx: AppContext) {
  const common = crudRoutes(ctx, definition(ctx));
  const handler = (path: string): Handler<AppEnv> => common.find((r) => r.path === path)!.handler;
  const submit = handler("/submit");
  /** Insert must not name an id, update must: the kit's submit then does the rest. */
  const submitAs = (updating: boolean): Handler<AppEnv> => async (c, next) => {
    const body = await readJsonObject(c);
    if (updating) requireId(body.id);
    else if (isUpdate(body)) throw badRequest("新增时不能指定ID");
    return submit(c, next);
  };
  const remove = async (c: Context<AppEnv>) => {
    // §7 names the list idList; the console's data provider (and the kit) say ids.
    const ids = [...new Set([...(await readIds(c, "idList")), ...(await readIds(c, "ids"))])];
    if (ids.length === 0) throw badRequest("请选择要删除的数据");
    await c.var.scope.transaction((tx) => tx.repo(thirdLogin).remove(ids, MSG_MISSING));
    return ok(c, true);
  };
  const status = async (c: Context<AppEnv>) => {
    const json = (c.req.header("content-type") ?? "").includes("application/json");
    const params: Record<string, unknown> = json ? await readJsonObject(c) : await readParams(c);
    const id = requireId(params.id);
    const value = Number(params.status);
    if (value !== 0 && value !== 1) throw badRequest("状态取值不正确");
    await c.var.scope.transaction((tx) => tx.repo(thirdLogin).update([id], { status: value }, MSG_MISSING));
    return ok(c, true);
  };
  const routes: RouteSpec[] = [
    { method: "GET", path: "/thirdLoginInfoList", access: can(codes.list), handler: handler("/list") },
    { method: "GET", path: "/thirdLoginInfoPage", access: can(codes.list), handler: handler("/page") },
    { method: "GET", path: "/thirdLoginInfoDetails", access: can(codes.list), handler: handler("/detail") },
    { method: "POST", path: "/thirdLoginInfoInsert", access: can(codes.create), handler: submitAs(false) },
    { method: "POST", path: "/thirdLoginInfoUpdate", access: can(codes.edit), handler: submitAs(true) },
    { method: ["GET", "POST"], path: "/thirdLoginInfoDelete", access: can(codes.delete), handler: remove },
    { method: ["GET", "POST"], path: "/thirdLoginInfoStatus", access: can(codes.edit), handler: status },
    {
      // The login page's buttons: enabled sources of the tenant, names only.
      method: "GET",
      path: "/thirdLoginSources",
      access: PUBLIC,
      handler: async (c) => {
        c.header("Cache-Control", "no-store");
        return ok(c, await offeredSources(ctx, await publicTenant(ctx, c)));
      },
    },
  ];
  return defineRoutes(ctx, routes);
}

export const thirdLoginSysConfigModule: ApiModule = { base: THIRD_LOGIN_BASE, routes: sysConfigRoutes };

