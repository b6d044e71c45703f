import type { Context } from "hono";
import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import { DEFAULT_TENANT_ID } from "../../domain/contract";
import type { AppContext, AppEnv } from "../context";
import { splitIds } from "../db/ids";
import { tenant, tenantPackage } from "../db/schema";
import { badRequest } from "../http/errors";
import type { TenantScope } from "./tenant-scope";
import { dbOf, type Handle } from "./handle";

/**
 * Which tenant a request belongs to before anyone is signed in. This is where a tenant gets
 * established, so it sits beside the scope rather than in a module.
 */

/** The tenant a public call names (Tenant-Id header, else tenantId), which must exist and be enabled. */
export async function publicTenant(ctx: AppContext, c: Context<AppEnv>): Promise<string> {
  const tenantId = (c.req.header("tenant-id") || c.req.query("tenantId") || DEFAULT_TENANT_ID).trim();
  const enabled = tenantId.length <= 12 && (await ctx.system(tenantId).repo(tenant).count(eq(tenant.status, 1))) > 0;
  if (!enabled) throw badRequest("租户ID未找到");
  return tenantId;
}

/**
 * The enabled tenant bound to a (normalised) domain. The one read of the tenant registry across
 * tenants with nobody signed in: no scope can make it, so it answers the tenant id and domain only.
 */
export async function tenantOfDomain(handle: Handle, domain: string): Promise<{ tenantId: string; domain: string } | undefined> {
  const db = dbOf(handle);
  const rows = await db
    .select({ tenantId: tenant.tenantId, domain: tenant.domain })
    .from(tenant)
    .where(and(eq(sql`lower(${tenant.domain})`, domain), ne(tenant.domain, ""), eq(tenant.isDeleted, 0), eq(tenant.status, 1)))
    .limit(1);
  return rows[0];
}

/**
 * Menus only the platform administrator works with (tenants, tenant packages, datasources): never shown to
 * anyone else, nor handed to a new tenant's administrator. Their routes refuse everyone else.
 */
export const PLATFORM_MENU_CODES: readonly string[] = ["tenant", "tenantPackage", "datasource"];

/**
 * SQL: the tenant's package lets its users have the menu (or button) `menuId` — true for the
 * platform tenant and for a tenant without a package. The one statement of the rule, for the
 * checks that run in SQL (authenticate, hasPermission); packageMenuIds below is its reading in code.
 */
export function packageAllows(tenantId: SQL, menuId: SQL): SQL {
  const pkg = sql`select string_to_array(pk.menu_id, ',') as menus from blade_tenant pt
    join blade_tenant_package pk on pk.id = pt.package_id and pk.is_deleted = 0
    where pt.tenant_id = ${tenantId} and pt.is_deleted = 0 and pt.tenant_id <> ${DEFAULT_TENANT_ID}`;
  return sql`(not exists (${pkg}) or exists (select 1 from (${pkg}) p where ${menuId}::text = any(p.menus)))`;
}

/** Whether the package of `tenantId` lets its users have the menu (or button) `menuId`: packageAllows, asked alone. */
export async function packageAllowsMenu(handle: Handle, tenantId: string, menuId: string): Promise<boolean> {
  const result = await dbOf(handle).execute(sql`select ${packageAllows(sql`${tenantId}`, sql`${menuId}`)} as allowed`);
  return !!(result as unknown as { rows: { allowed: boolean }[] }).rows[0]?.allowed;
}

/**
 * The menu and button ids a tenant's package lets its users have, or null when nothing limits the
 * tenant: the platform tenant, or a tenant without a package (BladeX: no package, every menu).
 * Read through `scope`, so a caller below the platform administrator only ever reads its own tenant.
 */
export async function packageMenuIds(scope: TenantScope, tenantId: string): Promise<Set<string> | null> {
  if (tenantId === DEFAULT_TENANT_ID) return null;
  const [row] = await scope.repo(tenant).list(eq(tenant.tenantId, tenantId), { tenantId });
  if (!row?.packageId) return null;
  const [pkg] = await scope.repo(tenantPackage).list(eq(tenantPackage.id, row.packageId));
  return pkg ? new Set(splitIds(pkg.menuId)) : null;
}
