import { and, inArray, type SQL } from "drizzle-orm";
import { nextId } from "../db/ids";
import { userOauth } from "../db/schema";
import { formatDateTime } from "../db/time";
import type { TenantScope } from "./tenant-scope";
import { dbOf } from "./handle";

/**
 * Third-party identities (blade_user_oauth): module code reads them through
 * `scope.owned(userOauth)`; they are written only here, sign-in's upsert included (it runs before
 * any caller, in the system scope of the tenant the sign-in names). Every statement carries the
 * scope's tenant as the repositories' do, so no module writes a tenant condition of its own.
 */

export type OauthRow = typeof userOauth.$inferSelect;

/** What a provider tells about an identity (social/exchange.ts). */
export interface IdentityProfile {
  uuid: string;
  username: string;
  nickname: string;
  avatar: string;
  email: string;
}

/**
 * Creates or refreshes the (tenant, source, uuid) row in the scope's tenant; `userId` set binds
 * it (null frees it), undefined keeps the binding as it is.
 */
export async function saveBinding(scope: TenantScope, source: string, p: IdentityProfile, userId?: string | null): Promise<OauthRow> {
  const time = formatDateTime(new Date(scope.clock()));
  const profile = { username: p.username, nickname: p.nickname, avatar: p.avatar, email: p.email, updateTime: time };
  const binding = userId === undefined ? {} : { userId };
  const [row] = await dbOf(scope)
    .insert(userOauth)
    .values({ id: nextId(), tenantId: scope.insertTenant, source, uuid: p.uuid, ...profile, ...binding, createTime: time })
    .onConflictDoUpdate({ target: [userOauth.tenantId, userOauth.source, userOauth.uuid], set: { ...profile, ...binding } })
    .returning();
  return row;
}

/**
 * Binds the identities `ids` (matching `extra`) to `userId`, or frees them (null); answers the
 * ids changed — only identities of the scope's tenant are ever reached.
 */
export async function setBindingUser(scope: TenantScope, ids: string[], userId: string | null, extra?: SQL): Promise<string[]> {
  if (ids.length === 0) return [];
  const done = await dbOf(scope)
    .update(userOauth)
    .set({ userId, updateTime: formatDateTime(new Date(scope.clock())) })
    .where(scope.owned(userOauth).visible(and(inArray(userOauth.id, ids), extra)))
    .returning({ id: userOauth.id });
  return done.map((r) => r.id);
}
