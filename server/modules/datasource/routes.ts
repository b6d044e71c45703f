import { inArray } from "drizzle-orm";
import type { Handler } from "hono";
import {
  datasourceMessage,
  datasourceSpec,
  normaliseDatasourceUrl,
  parseDatasourceUrl,
  type DatasourceTestResult,
} from "../../../domain/resources/system/datasource/spec";
import type { AppContext, AppEnv } from "../../context";
import { datasource, tenant } from "../../db/schema";
import { readJsonObject } from "../../http/body";
import { badRequest, forbidden, ok } from "../../http/errors";
import { crudRoutes, fieldErrors, isUpdate, plainVO, requireId, type CrudDefinition } from "../../kit/crud";
import type { ApiModule } from "../../kit/module";
import { can, defineRoutes, type RouteSpec } from "../../security/authorize";
import { testConnection } from "./connect";

type DatasourceRow = typeof datasource.$inferSelect;

/** The field the password is sealed for: a ciphertext copied into another secret column does not open. */
export const PASSWORD_FIELD = "datasource.password";
const MSG_MISSING = datasourceMessage("missing", "zh");
const TEST_CODE = `${datasourceSpec.menuCode}_test`;

/** A row as the API answers it: the password only as "set". */
export function datasourceVO(row: DatasourceRow) {
  const { password, ...rest } = plainVO(row);
  return { ...rest, passwordSet: password !== "" };
}

/**
 * Datasources name databases and hold their passwords: the platform administrator's alone. A
 * tenant's administrator holding every menu of its tenant still hears 403 (after the guard's 401).
 */
function platformOnly(routes: RouteSpec[]): RouteSpec[] {
  return routes.map((route) => ({ ...route, handler: onlyForPlatform(route.handler) }));
}
const onlyForPlatform =
  (handler: Handler<AppEnv>): Handler<AppEnv> =>
  async (c, next) => {
    if (!c.var.caller?.isAdministrator) throw forbidden();
    return handler(c, next);
  };

/** The stored password in clear, or a 400 when it was sealed under another key (the key file was replaced). */
function openPassword(ctx: AppContext, sealed: string): string {
  try {
    return ctx.secrets.open(sealed, PASSWORD_FIELD);
  } catch {
    throw badRequest("已保存的密码无法解密，请重新输入密码");
  }
}

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

function definition(ctx: AppContext): CrudDefinition<typeof datasource> {
  return {
    spec: datasourceSpec,
    table: datasource,
    missing: MSG_MISSING,
    toVO: async (rows) => rows.map(datasourceVO),
    // JDBC's form is accepted and stored as postgresql://host:port/db (the spec checked it parses).
    prepare: (values) => {
      if (typeof values.url === "string") values.url = normaliseDatasourceUrl(values.url);
    },
    beforeWrite: async (_scope, values) => {
      // Empty keeps the stored password; a new one is sealed before it reaches the row.
      const password = typeof values.password === "string" ? values.password : "";
      if (password) values.password = ctx.secrets.seal(password, PASSWORD_FIELD);
      else delete values.password;
    },
    beforeRemove: async (scope, rows) => {
      const users = await scope.repo(tenant).list(inArray(tenant.datasourceId, rows.map((r) => r.id)), { limit: 1 });
      if (users.length) throw badRequest(datasourceMessage("inUse", "zh", { name: users[0].tenantName }));
    },
    routes: [
      {
        // 测试连接: a saved datasource ({id}) or the form's unsaved values; answers the server's version.
        method: "POST",
        path: "/test",
        access: can(TEST_CODE),
        handler: async (c) => {
          const body = await readJsonObject(c);
          const given = { url: text(body.url), username: text(body.username), password: typeof body.password === "string" ? body.password : "" };
          let { url, username, password } = given;
          if (isUpdate(body)) {
            const row = await c.var.scope.repo(datasource).get(requireId(body.id), MSG_MISSING);
            url ||= row.url;
            username ||= row.username;
            if (!password && row.password) {
              // The stored password goes only where it was saved for, never to an address typed since.
              if (normaliseDatasourceUrl(url) !== row.url || username !== row.username) throw badRequest(datasourceMessage("retypePassword", "zh"));
              password = openPassword(ctx, row.password);
            }
          }
          const errors = [
            ...(url ? [] : [{ field: "url", message: "请输入连接地址" }]),
            ...(username ? [] : [{ field: "username", message: "请输入用户名" }]),
          ];
          if (errors.length) fieldErrors(errors);
          const address = parseDatasourceUrl(url);
          if (!address) fieldErrors([{ field: "url", message: datasourceMessage("urlFormat", "zh") }]);
          if (username.length > 64 || password.length > 255) throw badRequest("请求参数格式错误");
          const result: DatasourceTestResult = { version: await testConnection(address, { username, password }) };
          return ok(c, result);
        },
      },
    ],
  };
}

/** /blade-develop/datasource (BladeX's path): list, page, detail, submit, remove and test. */
export const datasourceModule: ApiModule = {
  base: datasourceSpec.api,
  routes: (ctx) => defineRoutes(ctx, platformOnly(crudRoutes(ctx, definition(ctx)))),
};
