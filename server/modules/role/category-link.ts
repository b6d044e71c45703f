import { inArray } from "drizzle-orm";
import { role } from "../../db/schema";
import type { TenantScope } from "../../security/tenant-scope";

/** Which category (角色分类) a role is filed under: blade_role.category_id, "0" for none. */

/** role id → category id, for these roles (those without a category are absent). */
export async function categoriesOf(scope: TenantScope, roleIds: string[]): Promise<Map<string, string>> {
  if (roleIds.length === 0) return new Map();
  const rows = await scope.repo(role).list(inArray(role.id, roleIds));
  return new Map(rows.filter((r) => r.categoryId !== "0").map((r) => [r.id, r.categoryId]));
}

/** Ids of the roles in any of these categories. */
export async function rolesIn(scope: TenantScope, categoryIds: string[]): Promise<string[]> {
  if (categoryIds.length === 0) return [];
  return (await scope.repo(role).list(inArray(role.categoryId, categoryIds))).map((r) => r.id);
}
