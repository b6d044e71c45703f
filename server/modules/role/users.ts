import type { Context } from "hono";
import type { AppEnv } from "../../context";
import { isId, splitIds } from "../../db/ids";
import { user } from "../../db/schema";
import { MAX_IDS, readJsonObject, readParams } from "../../http/body";
import { badRequest, forbidden } from "../../http/errors";
import { requireId } from "../../kit/crud";
import type { TenantScope } from "../../security/tenant-scope";
import { administrationAlias, keepingAdministrators } from "../../security/admin-guard";
import { covers, grantsOf, heldBy } from "./grants";
import { findRole, type RoleRow } from "./role-read";

const MSG_USER_MISSING = "用户不存在";

/** `roleId` and `userIds` from the query, a form, or a JSON body (`userIds` a list or comma-joined). */
export async function readRoleUsers(c: Context<AppEnv>): Promise<{ roleId: string; userIds: string[] }> {
  const json = (c.req.header("content-type") ?? "").includes("application/json");
  const input: Record<string, unknown> = json ? await readJsonObject(c) : await readParams(c);
  const roleId = requireId(typeof input.roleId === "string" ? input.roleId.trim() : input.roleId, "角色ID");
  const raw = input.userIds;
  const list = Array.isArray(raw) ? raw : typeof raw === "string" ? raw.split(",") : raw === undefined || raw === null ? [] : [raw];
  const userIds = [...new Set(list.map((v) => (typeof v === "string" ? v.trim() : v)).filter((v) => v !== ""))];
  if (userIds.length === 0) throw badRequest("请选择用户");
  if (userIds.length > MAX_IDS) throw badRequest(`一次最多操作${MAX_IDS}条数据`);
  if (!userIds.every(isId)) throw badRequest("请求参数格式错误: userIds");
  return { roleId, userIds };
}

/**
 * Taking a role back from users changes what they may do: only for a caller that holds every grant
 * of the role itself, as for grant (and as the user module's userAddRole asks for giving it).
 * The users must be of the role's tenant.
 */
async function prepare(tx: TenantScope, roleId: string, userIds: string[]) {
  const r = await findRole(tx, roleId);
  if (!covers(await heldBy(tx), await grantsOf(tx, [r.id]))) throw forbidden(`角色「${r.roleName}」拥有您未拥有的权限，不能调整其用户`);
  const users = await tx.repo(user).find(userIds, MSG_USER_MISSING);
  if (users.some((u) => u.tenantId !== r.tenantId)) throw badRequest("用户与角色不属于同一租户");
  return { r, users };
}

/** A role whose holders manage the platform or a tenant (admin-guard.ts): it must keep an enabled one. */
const isAdministration = (r: RoleRow) => r.roleAlias === administrationAlias(r.tenantId);

/**
 * POST /blade-system/role/removeUsers: takes the role back from these users, in one transaction.
 * A user keeps at least one role, and an administrator role keeps an enabled holder — judged by
 * the user module's guard under its per-tenant lock, so that this call and setRole, update,
 * remove or changeStatus racing on the last two administrators cannot both pass.
 */
export async function removeUsersFromRole(scope: TenantScope, roleId: string, userIds: string[]): Promise<void> {
  await scope.transaction(async (tx) => {
    const { r, users } = await prepare(tx, roleId, userIds);
    const holding = users.filter((u) => splitIds(u.roleId).includes(r.id));
    const write = async () => {
      for (const u of holding) {
        await tx.repo(user).update([u.id], { roleId: splitIds(u.roleId).filter((id) => id !== r.id).join(",") }, MSG_USER_MISSING);
      }
    };
    await (isAdministration(r) && holding.length > 0 ? keepingAdministrators(tx, [r.tenantId], "role", write) : write());
    // Checked after the guard, so that the last administrator hears why first; a throw rolls all back.
    const only = holding.find((u) => splitIds(u.roleId).length === 1);
    if (only) throw badRequest(`用户「${only.account}」只有这一个角色，不能移出`);
  });
}
