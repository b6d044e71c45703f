import type { UserVO } from "../../../src/contract";
import { user } from "../../db/schema";
import { badRequest } from "../../http/errors";
import type { TenantScope } from "../../security/tenant-scope";
import { requireId } from "./input";
import { MSG_MISSING, guardAdministrators, userDetail } from "./service";

/** user_type as the `user_type` dictionary names it (BladeX UserEnum). */
export const USER_TYPES = [1, 2, 3] as const;

export const MSG_USER_TYPE = "用户平台取值不正确";
/**
 * BladeX keeps the extension of each platform in blade_user_web/app/other (user_id, user_ext);
 * this schema has no such table yet, so an extension cannot be stored and is refused rather than
 * silently dropped.
 */
export const MSG_NO_USER_EXT = "暂不支持保存用户扩展信息";

export type PlatformDetail = UserVO & { userExt: string };

/** platform-detail?id=: the user with its platform and that platform's extension (none stored yet). */
export async function platformDetail(scope: TenantScope, id: string): Promise<PlatformDetail> {
  return { ...(await userDetail(scope, id)), userExt: "" };
}

export function parseUserType(value: string | undefined): number {
  const v = (value ?? "").trim();
  if (v === "") throw badRequest("请选择用户平台", [{ field: "userType", message: "请选择用户平台" }]);
  const n = Number(v);
  if (!(USER_TYPES as readonly number[]).includes(n) || !/^\d$/.test(v)) throw badRequest(MSG_USER_TYPE, [{ field: "userType", message: MSG_USER_TYPE }]);
  return n;
}

/** update-platform (userId, userType, userExt): the user's platform. */
export async function updatePlatform(scope: TenantScope, args: Record<string, string>): Promise<void> {
  const id = requireId(args.userId ?? args.id);
  const userType = parseUserType(args.userType);
  if ((args.userExt ?? "").trim() !== "") throw badRequest(MSG_NO_USER_EXT, [{ field: "userExt", message: MSG_NO_USER_EXT }]);
  const row = await scope.repo(user).get(id, MSG_MISSING);
  await guardAdministrators(scope, [row]);
  await scope.repo(user).update([id], { userType }, MSG_MISSING);
}
