import { user } from "../../db/schema";
import { badRequest } from "../../http/errors";
import { revokeUserSessions } from "../../security/sessions";
import type { TenantScope } from "../../security/tenant-scope";
import { MSG_CHOOSE_USER } from "./unlock";
import { MSG_MISSING, guardAdministrators } from "./service";
import { keepingAdministrators } from "../../security/admin-guard";

/** blade_user.status as the `status` dictionary names it: 1 启用, 0 停用. */
export const USER_STATUS = { enabled: 1, disabled: 0 } as const;

export const MSG_STATUS_VALUE = "状态取值不正确,只能是 1(启用) 或 0(停用)";
export const MSG_DISABLE_SELF = "不能停用当前登录的用户";

/** `1`/`0` (also `true`/`false`, as some consoles send a switch's value). */
export function parseStatus(value: string | undefined): number {
  const v = (value ?? "").trim().toLowerCase();
  if (v === "1" || v === "true") return USER_STATUS.enabled;
  if (v === "0" || v === "false") return USER_STATUS.disabled;
  throw badRequest(v === "" ? "请选择状态" : MSG_STATUS_VALUE, [{ field: "status", message: v === "" ? "请选择状态" : MSG_STATUS_VALUE }]);
}

/**
 * /blade-user/changeStatus: enable or disable users, all of them or none. Disabling ends their
 * sessions at once (every request also re-reads the status, so nothing they hold keeps working);
 * enabling an account that registered itself is how an administrator approves it.
 */
export async function changeStatus(scope: TenantScope, ids: string[], status: number): Promise<void> {
  if (ids.length === 0) throw badRequest(MSG_CHOOSE_USER);
  if (status === USER_STATUS.disabled && ids.includes(scope.caller.userId)) throw badRequest(MSG_DISABLE_SELF);
  const rows = await scope.repo(user).find(ids, MSG_MISSING);
  await guardAdministrators(scope, rows);
  await scope.transaction(async (tx) => {
    const write = () => tx.repo(user).update(ids, { status }, MSG_MISSING);
    // Disabling never leaves a tenant without an enabled administrator (admin-guard.ts).
    await (status === USER_STATUS.disabled ? keepingAdministrators(tx, rows.map((r) => r.tenantId), "disable", write) : write());
    if (status === USER_STATUS.disabled) await revokeUserSessions(tx, rows, "user_disabled");
  });
}
