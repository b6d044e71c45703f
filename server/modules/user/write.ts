import { inArray } from "drizzle-orm";
import { user, userDept } from "../../db/schema";
import { badRequest } from "../../http/errors";
import type { CrudDefinition } from "../../kit/crud";
import { keepingAdministrators } from "../../security/admin-guard";
import { hashPlainPassword } from "../../security/password";
import { recordPasswords } from "../../security/password-policy";
import { revokeUserSessions } from "../../security/sessions";
import type { TenantScope } from "../../security/tenant-scope";
import { checkReferences, requireId, userColumns, validateBody, validateNewUser } from "./input";
import { assertAccountQuota } from "../../kit/account-quota";
import { assertAccountFree, assertIdNumberFree, guardAdministrators, syncUserDepts, uniqueAccount, userListing } from "./service";

type UserHooks = Omit<CrudDefinition<typeof user>, "spec" | "routes">;

/**
 * The kit's detail, submit (create only), update and remove of /blade-user, with what users add:
 * their own form rules and the tenant's password policy, the password hashed before the
 * transaction and recorded for the policy's history, accounts and ID numbers unique in a tenant
 * (a racing create is caught by the unique index), the account quota, departments mirrored to
 * user_dept, the administrator's accounts out of reach below the platform administrator, never a
 * tenant's last enabled administrator taken away, and sessions of removed users ended at once.
 */
export const userWrites = (now: () => number): UserHooks => ({
  ...userListing,
  update: { path: "/update", refuse: "新增用户不能指定ID,修改请调用 /blade-user/update" },
  idLabel: "用户ID",
  noneSelected: "请选择要删除的用户",
  values: async (scope, body, updating) => {
    if (updating) {
      requireId(body.id);
      validateBody(body, "update");
      // The password is not changed here: it has its own calls.
      return userColumns(body);
    }
    await validateNewUser(scope, body);
    return { ...userColumns(body), password: await hashPlainPassword(String(body.password)) };
  },
  beforeWrite: async (tx, values, existing, tenantId) => {
    if (existing) await guardAdministrators(tx, [existing]);
    await checkReferences(tx, tenantId!, values);
    const account = values.account as string | undefined;
    if (account !== undefined && account !== existing?.account) await assertAccountFree(tx, tenantId!, account, existing?.id);
    await assertIdNumberFree(tx, tenantId!, values.idNumber as string | undefined, existing?.id);
    if (!existing) await assertAccountQuota(tx, tenantId!, 1);
  },
  around: (tx, action, rows, values, write) => {
    const tenants = rows.map((r) => r.tenantId);
    if (action === "remove") return keepingAdministrators(tx, tenants, "remove", write);
    // A change of roles must leave the tenant an enabled administrator (admin-guard.ts).
    return uniqueAccount(() => (values.roleId !== undefined && action === "update" ? keepingAdministrators(tx, tenants, "role", write) : write()));
  },
  afterWrite: async (tx, id, values, existing, tenantId) => {
    if (!existing) await recordPasswords(tx, tenantId!, [id], String(values.password), now(), { newUsers: true });
    if (!existing || values.deptId !== undefined) await syncUserDepts(tx, id, String(values.deptId ?? ""));
  },
  beforeRemove: async (tx: TenantScope, rows) => {
    if (rows.some((r) => r.id === tx.caller.userId)) throw badRequest("不能删除当前登录的用户");
    await guardAdministrators(tx, rows);
  },
  afterRemove: async (tx, rows) => {
    const ids = rows.map((r) => r.id);
    await tx.platform(userDept).delete(inArray(userDept.userId, ids));
    await revokeUserSessions(tx, rows, "user_deleted");
  },
});
