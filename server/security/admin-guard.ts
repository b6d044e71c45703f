import { lockNamed } from "./locks";
import { and, eq, or, sql } from "drizzle-orm";
import { ADMINISTRATOR_ALIAS, DEFAULT_TENANT_ID } from "../../domain/contract";
import { TENANT_ADMIN_ALIAS } from "../../domain/resources/system/role/contract";
import { role, user } from "../db/schema";
import { badRequest } from "../http/errors";
import { TenantScope } from "./tenant-scope";
import { dbOf } from "./handle";

/**
 * The role whose holders administer a tenant: the platform's `administrator` in tenant 000000, a
 * tenant's `admin` anywhere else. role/removeUsers (server/modules/role/users.ts) judges by it too.
 */
export const administrationAlias = (tenantId: string): string => (tenantId === DEFAULT_TENANT_ID ? ADMINISTRATOR_ALIAS : TENANT_ADMIN_ALIAS);

/** blade_user.status of an enabled account (status.ts USER_STATUS.enabled). */
const ENABLED = 1;

/** What a write does to administrators, for the refusal's words. */
export type AdminChange = "remove" | "disable" | "role";

/** The refusal: which change, which role must keep an enabled holder (and, across tenants, where). */
export function lastAdministrator(change: AdminChange, roleName: string, tenantId?: string): string {
  const whose = `${tenantId ? `租户「${tenantId}」` : ""}最后一名启用的管理员`;
  if (change === "role") return `不能取消${whose}的角色「${roleName}」：至少要保留一名拥有该角色的启用用户`;
  return `不能${change === "remove" ? "删除" : "停用"}${whose}：至少要保留一名拥有角色「${roleName}」的启用用户`;
}

const holdsOneOf = (roleIds: string[]) =>
  or(...roleIds.map((id) => sql`${id} = any(string_to_array(coalesce(${user.roleId}, ''), ','))`));

/** The enabled, live users of `tenantId` holding one of `roleIds`, whatever the caller's data scope shows. */
const enabledHolders = (tx: TenantScope, tenantId: string, roleIds: string[]) =>
  TenantScope.system(dbOf(tx), tenantId).repo(user).count(and(eq(user.status, ENABLED), holdsOneOf(roleIds)));

/**
 * `write`, inside the transaction `tx`, refused (and so rolled back whole) when it leaves one of
 * `tenantIds` that had an enabled administrator without any. Each tenant's administrators are
 * counted under a transaction-level lock of that tenant, before and after the write, so two
 * requests taking away the last two administrators at once cannot both pass.
 */
export async function keepingAdministrators<R>(tx: TenantScope, tenantIds: Iterable<string>, change: AdminChange, write: () => Promise<R>): Promise<R> {
  // One order for every request, so that two of them never wait on each other's locks.
  const tenants = [...new Set(tenantIds)].sort();
  const watched: { tenantId: string; roleIds: string[]; roleName: string }[] = [];
  for (const tenantId of tenants) {
    await lockNamed(dbOf(tx), tenantId, "blade-user-admins");
    const roles = await TenantScope.system(dbOf(tx), tenantId).repo(role).list(eq(role.roleAlias, administrationAlias(tenantId)), { tenantId });
    if (roles.length === 0) continue;
    const roleIds = roles.map((r) => r.id);
    // A tenant that has no enabled administrator already is not made worse by this write.
    if ((await enabledHolders(tx, tenantId, roleIds)) > 0) watched.push({ tenantId, roleIds, roleName: roles[0].roleName });
  }
  const result = await write();
  for (const w of watched) {
    if ((await enabledHolders(tx, w.tenantId, w.roleIds)) === 0) {
      throw badRequest(lastAdministrator(change, w.roleName, tx.crossTenant ? w.tenantId : undefined));
    }
  }
  return result;
}
