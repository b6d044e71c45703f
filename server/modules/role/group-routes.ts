import type { Context } from "hono";
import { permissionCodes } from "../../../domain/validation";
import { roleGroupSpec } from "../../../domain/resources/system/role/group-spec";
import type { AppContext, AppEnv } from "../../context";
import { isId } from "../../db/ids";
import { MAX_IDS, queryParam, readIds, readJsonObject, readParams } from "../../http/body";
import { badRequest, ok } from "../../http/errors";
import { isUpdate, requireId } from "../../kit/crud";
import type { ApiModule } from "../../kit/module";
import { can, canAny, defineRoutes, requirePermission } from "../../security/authorize";
import { appsOfGroup, findGroup, groupsOfRole, permissionGroups } from "./group-read";
import { bindAppRoles, bindApps, enableGroup, removeGroups, submitGroup } from "./group-write";

/** role_group opens the drawer (and reads); role_group_add, _edit, _delete, _view as their names say. */
const CODES = permissionCodes(roleGroupSpec);
const READ = canAny(CODES.list, CODES.show);

/** A JSON object body, else the query and a form body (BladeX consoles send either). */
async function readInput(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const json = (c.req.header("content-type") ?? "").includes("application/json");
  return json ? { ...(await readParams(c)), ...(await readJsonObject(c)) } : readParams(c);
}

/** An id field of the input (trimmed), 400 when absent or malformed. */
const idOf = (input: Record<string, unknown>, name: string, label: string) =>
  requireId(typeof input[name] === "string" ? (input[name] as string).trim() : input[name], label);

/** An id list of the input, a JSON array or a comma-joined string: distinct, well-formed, at most MAX_IDS. */
function idsOf(input: Record<string, unknown>, name: string): string[] {
  const raw = input[name];
  if (raw !== undefined && raw !== null && typeof raw !== "string" && !Array.isArray(raw)) throw badRequest(`请求参数格式错误: ${name}`);
  const list = Array.isArray(raw) ? raw : typeof raw === "string" ? raw.split(",") : [];
  const ids = [...new Set(list.map((v) => (typeof v === "string" ? v.trim() : v)).filter((v) => v !== ""))];
  if (ids.length > MAX_IDS) throw badRequest(`一次最多操作${MAX_IDS}条数据`);
  if (!ids.every(isId)) throw badRequest(`请求参数格式错误: ${name}`);
  return ids as string[];
}

/** DELETE remove: `ids` from the query or a form body, or a JSON body (a list, or comma-joined). */
async function removalIds(c: Context<AppEnv>): Promise<string[]> {
  const fromQuery = await readIds(c);
  if (fromQuery.length) return fromQuery;
  return (c.req.header("content-type") ?? "").includes("application/json") ? idsOf(await readJsonObject(c), "ids") : [];
}

/**
 * /blade-system/roleGroup: a role's groups of applications (§6 "Role groups bind to
 * applications", §7 roleGroup). A group belongs to a role the caller may manage (tenant
 * administrators: their own tenant's roles, never the administrator role); its applications and
 * their roles are of the group's tenant.
 */
export const roleGroupModule: ApiModule = {
  base: roleGroupSpec.api,
  routes: (ctx: AppContext) =>
    defineRoutes(ctx, [
      {
        method: "GET",
        path: "/listGroupAppByRoleId",
        access: READ,
        handler: async (c) => ok(c, await groupsOfRole(c.var.scope, requireId(queryParam(c, "roleId"), "角色ID"))),
      },
      {
        // The precise code (add or edit) depends on the body; the guard admits holders of either.
        method: "POST",
        path: "/submit",
        access: canAny(CODES.create, CODES.edit),
        handler: async (c) => {
          const body = await readJsonObject(c);
          const updating = isUpdate(body);
          await requirePermission(ctx, c.var.caller, updating ? CODES.edit : CODES.create);
          return ok(c, await submitGroup(c.var.scope, body, updating));
        },
      },
      {
        method: "DELETE",
        path: "/remove",
        access: can(CODES.delete),
        handler: async (c) => {
          await removeGroups(c.var.scope, await removalIds(c));
          return ok(c, true);
        },
      },
      {
        method: "GET",
        path: "/enable",
        access: can(CODES.edit),
        handler: async (c) => {
          const id = requireId(queryParam(c, "id"), "角色组ID");
          const status = queryParam(c, "status");
          if (status !== "0" && status !== "1") throw badRequest("状态取值不正确: status 应为 1（启用）或 0（停用）");
          await enableGroup(c.var.scope, id, Number(status) as 0 | 1);
          return ok(c, true);
        },
      },
      {
        method: "GET",
        path: "/listAppByGroup",
        access: READ,
        handler: async (c) => {
          const scope = c.var.scope;
          return ok(c, await appsOfGroup(scope, await findGroup(scope, requireId(queryParam(c, "groupId"), "角色组ID"))));
        },
      },
      {
        method: "POST",
        path: "/bindApp",
        access: can(CODES.edit),
        handler: async (c) => {
          const input = await readInput(c);
          if (input.appIds === undefined) throw badRequest("缺少必要的请求参数: appIds");
          await bindApps(c.var.scope, idOf(input, "groupId", "角色组ID"), idsOf(input, "appIds"));
          return ok(c, true);
        },
      },
      {
        method: "GET",
        path: "/listPermissionGroupByApp",
        access: READ,
        handler: async (c) => {
          const appId = requireId(queryParam(c, "appId"), "应用ID");
          const groupId = queryParam(c, "groupId");
          return ok(c, await permissionGroups(c.var.scope, appId, groupId === undefined ? undefined : requireId(groupId, "角色组ID")));
        },
      },
      {
        method: "POST",
        path: "/bingGroup",
        access: can(CODES.edit),
        handler: async (c) => {
          const input = await readInput(c);
          if (input.appRoleIds === undefined) throw badRequest("缺少必要的请求参数: appRoleIds");
          const ids = idsOf(input, "appRoleIds");
          await bindAppRoles(c.var.scope, idOf(input, "groupId", "角色组ID"), idOf(input, "appId", "应用ID"), ids);
          return ok(c, true);
        },
      },
    ]),
};
