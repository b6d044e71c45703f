import type { Context } from "hono";
import type { AppContext } from "../../context";
import { pathParam, readQuery } from "../../http/body";
import type { ApiModule } from "../../kit/module";
import { defineRoutes } from "../../security/authorize";
import { notFound, scimJson } from "./errors";
import { findGroup, getGroup, groupChange, listGroups } from "./groups";
import { applyPatch } from "./patch";
import { readScimBody, scimRoute, type ScimCall } from "./route";
import { GROUP_SHAPE, resourceTypeDocs, schemaDocs, serviceProviderConfig, USER_SHAPE } from "./schemas";
import { findUser, getUser, listUsers, userValues } from "./users";
import { createGroup, createUser, deleteGroup, deleteUser, updateGroup, updateUser } from "./write";

/**
 * The SCIM 2.0 service of a tenant (RFC 7644), under /api/scim/v2: discovery, Users and Groups
 * (departments). The tenant is the token's; nothing in a request names another.
 */

const what = (c: Context) => `${c.req.method} ${c.req.path.replace(/^.*\/scim\/v2/, "")}`;
const id = (c: Context) => pathParam(c, "id");

/** A created or replaced resource as it now reads, with its Location (RFC 7644 §3.3). */
async function answerUser(c: Context, call: ScimCall, userId: string, status: 200 | 201) {
  const body = await getUser(call.scope, userId, call.base);
  return scimJson(c, body, status, status === 201 ? { Location: `${call.base}/Users/${userId}` } : {});
}
async function answerGroup(c: Context, call: ScimCall, groupId: string, status: 200 | 201) {
  const body = await getGroup(call.scope, groupId, call.base);
  return scimJson(c, body, status, status === 201 ? { Location: `${call.base}/Groups/${groupId}` } : {});
}

function lookup<T extends { id: string }>(docs: T[], key: string, kind: string): T {
  const found = docs.find((d) => d.id === key);
  if (!found) throw notFound(`${kind}不存在: ${key}`);
  return found;
}

export const scimModule: ApiModule = {
  base: "/scim/v2",
  routes: (ctx: AppContext) =>
    defineRoutes(ctx, [
      scimRoute(ctx, "GET", "/ServiceProviderConfig", "服务提供方配置", async (c, call) => scimJson(c, serviceProviderConfig(call.base))),
      scimRoute(ctx, "GET", "/Schemas", "模式", async (c, call) => {
        const docs = schemaDocs(call.base);
        return scimJson(c, { schemas: ["urn:ietf:params:scim:api:messages:2.0:ListResponse"], totalResults: docs.length, startIndex: 1, itemsPerPage: docs.length, Resources: docs });
      }),
      scimRoute(ctx, "GET", "/Schemas/:id", "模式", async (c, call) => scimJson(c, lookup(schemaDocs(call.base), id(c), "模式"))),
      scimRoute(ctx, "GET", "/ResourceTypes", "资源类型", async (c, call) => {
        const docs = resourceTypeDocs(call.base);
        return scimJson(c, { schemas: ["urn:ietf:params:scim:api:messages:2.0:ListResponse"], totalResults: docs.length, startIndex: 1, itemsPerPage: docs.length, Resources: docs });
      }),
      scimRoute(ctx, "GET", "/ResourceTypes/:id", "资源类型", async (c, call) => scimJson(c, lookup(resourceTypeDocs(call.base), id(c), "资源类型"))),

      scimRoute(ctx, "GET", "/Users", "用户列表（filter、startIndex、count）", async (c, call) => scimJson(c, await listUsers(call.scope, readQuery(c), call.base))),
      scimRoute(ctx, "GET", "/Users/:id", "用户", async (c, call) => scimJson(c, await getUser(call.scope, id(c), call.base))),
      scimRoute(ctx, "POST", "/Users", "创建用户", async (c, call) => {
        const values = userValues(await readScimBody(c));
        return answerUser(c, call, await createUser(call, values, what(c)), 201);
      }),
      scimRoute(ctx, "PUT", "/Users/:id", "替换用户", async (c, call) => {
        const row = await findUser(call.scope, id(c));
        const values = userValues(await readScimBody(c));
        await updateUser(call, row, values, what(c));
        return answerUser(c, call, row.id, 200);
      }),
      scimRoute(ctx, "PATCH", "/Users/:id", "修改用户（add、replace、remove）", async (c, call) => {
        const row = await findUser(call.scope, id(c));
        const body = await readScimBody(c);
        const current = await getUser(call.scope, row.id, call.base);
        const patched = applyPatch(current, body, USER_SHAPE);
        const before = (current.name as { formatted?: string } | undefined)?.formatted;
        await updateUser(call, row, userValues(patched, before), what(c));
        return answerUser(c, call, row.id, 200);
      }),
      scimRoute(ctx, "DELETE", "/Users/:id", "删除用户", async (c, call) => {
        await deleteUser(call, await findUser(call.scope, id(c)), what(c));
        return c.body(null, 204);
      }),

      scimRoute(ctx, "GET", "/Groups", "组（机构）列表", async (c, call) => scimJson(c, await listGroups(call.scope, readQuery(c), call.base))),
      scimRoute(ctx, "GET", "/Groups/:id", "组（机构）", async (c, call) => scimJson(c, await getGroup(call.scope, id(c), call.base, readQuery(c)))),
      scimRoute(ctx, "POST", "/Groups", "创建组（机构）", async (c, call) => {
        const change = groupChange(await readScimBody(c));
        return answerGroup(c, call, await createGroup(call, change, what(c)), 201);
      }),
      scimRoute(ctx, "PUT", "/Groups/:id", "替换组（机构）", async (c, call) => {
        const row = await findGroup(call.scope, id(c));
        await updateGroup(call, row, groupChange(await readScimBody(c)), what(c));
        return answerGroup(c, call, row.id, 200);
      }),
      scimRoute(ctx, "PATCH", "/Groups/:id", "修改组（机构）：名称、成员增删", async (c, call) => {
        const row = await findGroup(call.scope, id(c));
        const body = await readScimBody(c);
        const patched = applyPatch(await getGroup(call.scope, row.id, call.base), body, GROUP_SHAPE);
        await updateGroup(call, row, groupChange(patched), what(c));
        return answerGroup(c, call, row.id, 200);
      }),
      scimRoute(ctx, "DELETE", "/Groups/:id", "删除组（机构）", async (c, call) => {
        await deleteGroup(call, await findGroup(call.scope, id(c)), what(c));
        return c.body(null, 204);
      }),
    ]),
};


