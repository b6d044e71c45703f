import type { Context } from "hono";
import type { AppContext, AppEnv } from "../context";
import { isId } from "../db/ids";
import { user } from "../db/schema";
import { queryParam } from "../http/body";
import { badRequest, forbidden } from "../http/errors";
import { hasPermission } from "../security/authorize";

/**
 * The user whose departments or roles dept/select and role/select list (the switch form): the
 * caller by default; someone else only for a caller who may read users, and only in its tenant
 * (another tenant's user is answered like a missing one).
 */
export async function selectUser(ctx: AppContext, c: Context<AppEnv>): Promise<typeof user.$inferSelect> {
  const caller = c.var.caller;
  const requested = queryParam(c, "userId") ?? caller.userId;
  if (!isId(requested)) throw badRequest("请求参数格式错误: userId");
  if (requested !== caller.userId && !(await hasPermission(ctx, caller, "user"))) throw forbidden();
  return c.var.scope.repo(user).get(requested, "用户不存在");
}

/** Rows in the order of the user's comma list (the first role or department is the default one); ids without a live row are skipped. */
export function inListOrder<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
