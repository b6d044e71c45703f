import { and, eq } from "drizzle-orm";
import type { UserVO } from "../../../domain/contract";
import { user, userExt } from "../../db/schema";
import { badRequest } from "../../http/errors";
import type { TenantScope } from "../../security/tenant-scope";
import { MSG_USER_TYPE, USER_TYPES, requireId } from "./input";
import { MSG_MISSING, guardAdministrators, userDetail } from "./service";

/** Free text (BladeX stores what the platform's client sends, usually JSON), as long as the column. */
export const USER_EXT_MAX = 2000;
export const MSG_USER_EXT_LONG = `用户拓展信息长度不能超过${USER_EXT_MAX}个字符`;
export const MSG_USER_EXT_TYPE = "用户拓展信息类型错误";

export type PlatformDetail = UserVO & { userExt: string };

/** The stored extension row of a user on one platform, if any. */
async function extOf(scope: TenantScope, userId: string, userType: number) {
  const [row] = await scope.repo(userExt).list(and(eq(userExt.userId, userId), eq(userExt.userType, userType)), { limit: 1 });
  return row;
}

/**
 * platform-detail?id=: the user with its platform and that platform's extension — as BladeX, the
 * extension of the platform the user is on now (blade_user_web, _app or _other).
 */
export async function platformDetail(scope: TenantScope, id: string): Promise<PlatformDetail> {
  const detail = await userDetail(scope, id);
  const ext = await extOf(scope, id, Number(detail.userType));
  return { ...detail, userExt: ext?.userExt ?? "" };
}

function parseUserExt(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw badRequest(MSG_USER_EXT_TYPE, [{ field: "userExt", message: MSG_USER_EXT_TYPE }]);
  if (value.length > USER_EXT_MAX) throw badRequest(MSG_USER_EXT_LONG, [{ field: "userExt", message: MSG_USER_EXT_LONG }]);
  return value;
}

export function parseUserType(value: string | undefined): number {
  const v = (value ?? "").trim();
  if (v === "") throw badRequest("请选择用户平台", [{ field: "userType", message: "请选择用户平台" }]);
  const n = Number(v);
  if (!USER_TYPES.includes(n) || !/^\d$/.test(v)) throw badRequest(MSG_USER_TYPE, [{ field: "userType", message: MSG_USER_TYPE }]);
  return n;
}

/**
 * update-platform (userId, userType, userExt): the user's platform, and the extension kept for
 * that platform (left as it was when userExt is not sent) — both or neither.
 */
export async function updatePlatform(scope: TenantScope, args: Record<string, string>): Promise<void> {
  const id = requireId(args.userId ?? args.id);
  const userType = parseUserType(args.userType);
  const ext = parseUserExt(args.userExt);
  const row = await scope.repo(user).get(id, MSG_MISSING);
  await guardAdministrators(scope, [row]);
  await scope.transaction(async (tx) => {
    await tx.repo(user).update([id], { userType }, MSG_MISSING);
    if (ext === undefined) return;
    // Serialises two saves of one user, so the second updates the row the first inserted.
    await tx.repo(user).lockRows([id]);
    const stored = await extOf(tx, id, userType);
    if (stored) await tx.repo(userExt).update([stored.id], { userExt: ext }, MSG_MISSING);
    else if (ext !== "") await tx.repo(userExt).insert({ userId: id, userType, userExt: ext }, row.tenantId);
  });
}
