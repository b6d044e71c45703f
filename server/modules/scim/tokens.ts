import { createHash, randomBytes } from "node:crypto";
import { desc, eq, inArray } from "drizzle-orm";
import { SCIM_TOKEN_API, SCIM_TOKEN_CODE } from "../../../domain/resources/applicationManagement/userSynchronizer/spec";
import type { AppContext } from "../../context";
import { scimToken, user } from "../../db/schema";
import { formatDateTime, trimDateTime } from "../../db/time";
import { readIds, readJsonObject } from "../../http/body";
import { badRequest, ok } from "../../http/errors";
import type { ApiModule } from "../../kit/module";
import { can, defineRoutes } from "../../security/authorize";
import type { TenantScope } from "../../security/tenant-scope";

/**
 * SCIM bearer tokens of a tenant (/authentication/scimToken): issued on the 用户同步 page, answered
 * once, kept only as their SHA-256. A token reads `scim_<43 random base64url>.<tenant, base64url>`:
 * the tenant part tells the service which tenant's tokens to look the hash up in (a request
 * carries no Tenant-Id), and forging it gains nothing — the hash must still match there.
 */

export const MSG_TOKEN_NAME_REQUIRED = "请输入令牌名称";
export const MSG_TOKEN_NAME_LONG = "令牌名称不能超过64个字符";
export const MSG_TOKEN_MISSING = "令牌不存在";
export const MSG_TOKEN_IDS = "请选择要吊销的令牌";
const NAME_MAX = 64;
/** `scim_` and the first 8 random characters: enough to tell tokens apart on screen, useless to guess. */
const PREFIX_LENGTH = 13;

export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** The tenant a presented token names, or undefined when it is not one of ours at all. */
export function tenantOfToken(token: string): string | undefined {
  const m = /^scim_[A-Za-z0-9_-]{43}\.([A-Za-z0-9_-]{1,32})$/.exec(token);
  if (!m) return undefined;
  const tenant = Buffer.from(m[1], "base64url").toString("utf8");
  return /^[A-Za-z0-9_-]{1,12}$/.test(tenant) ? tenant : undefined;
}

export function newToken(tenantId: string): string {
  return `scim_${randomBytes(32).toString("base64url")}.${Buffer.from(tenantId, "utf8").toString("base64url")}`;
}

export type ScimTokenRow = typeof scimToken.$inferSelect;

/** The live (not revoked) token row of a presented token, in its tenant; undefined for anything else. */
export async function findToken(ctx: AppContext, token: string): Promise<{ row: ScimTokenRow; scope: TenantScope } | undefined> {
  const tenantId = tenantOfToken(token);
  if (!tenantId) return undefined;
  const scope = ctx.system(tenantId);
  const [row] = await scope.repo(scimToken).list(eq(scimToken.tokenHash, hashToken(token)), { limit: 1 });
  return row ? { row, scope } : undefined;
}

/** Marks the token used — at most once a minute, so a burst of requests costs one write. */
export async function touchToken(scope: TenantScope, row: ScimTokenRow): Promise<void> {
  const now = scope.clock();
  const last = row.lastUsedTime ? new Date(row.lastUsedTime.replace(" ", "T")).getTime() : 0;
  if (now - last < 60_000) return;
  await scope.repo(scimToken).update([row.id], { lastUsedTime: formatDateTime(new Date(now)) }, MSG_TOKEN_MISSING);
}

async function list(scope: TenantScope) {
  const rows = await scope.repo(scimToken).list(undefined, { orderBy: [desc(scimToken.createTime), desc(scimToken.id)] });
  const authors = [...new Set(rows.map((r) => r.createUser).filter((id): id is string => Boolean(id)))];
  const names = new Map(authors.length ? (await scope.repo(user).list(inArray(user.id, authors))).map((u) => [u.id, u.realName || u.account]) : []);
  // Never the hash, let alone the token: it was answered once, at issue.
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    createTime: trimDateTime(r.createTime),
    createUserName: r.createUser ? (names.get(r.createUser) ?? "") : "",
    lastUsedTime: r.lastUsedTime ? trimDateTime(r.lastUsedTime) : "",
  }));
}

async function issue(scope: TenantScope, body: Record<string, unknown>) {
  const name = typeof body.name === "string" ? body.name.trim() : "";
  if (!name) throw badRequest(MSG_TOKEN_NAME_REQUIRED);
  if (name.length > NAME_MAX) throw badRequest(MSG_TOKEN_NAME_LONG);
  const token = newToken(scope.tenantId);
  const prefix = token.slice(0, PREFIX_LENGTH);
  const id = await scope.repo(scimToken).insert({ name, prefix, tokenHash: hashToken(token) });
  return { id, name, prefix, token };
}

export const scimTokenModule: ApiModule = {
  base: SCIM_TOKEN_API,
  routes: (ctx: AppContext) =>
    defineRoutes(ctx, [
      {
        method: "GET",
        path: "/list",
        access: can(SCIM_TOKEN_CODE),
        doc: { summary: "本租户的 SCIM 令牌（不含令牌本身）" },
        handler: async (c) => ok(c, await list(c.var.scope)),
      },
      {
        method: "POST",
        path: "/issue",
        access: can(SCIM_TOKEN_CODE),
        doc: { summary: "签发 SCIM 令牌：令牌只在此答一次", body: { type: "object", required: ["name"], properties: { name: { type: "string", maxLength: NAME_MAX } } } },
        handler: async (c) => ok(c, await issue(c.var.scope, await readJsonObject(c))),
      },
      {
        method: "POST",
        path: "/revoke",
        access: can(SCIM_TOKEN_CODE),
        doc: { summary: "吊销 SCIM 令牌（ids 逗号分隔）" },
        handler: async (c) => {
          const ids = await readIds(c);
          if (ids.length === 0) throw badRequest(MSG_TOKEN_IDS);
          await c.var.scope.repo(scimToken).remove(ids, MSG_TOKEN_MISSING);
          return ok(c, true);
        },
      },
    ]),
};
