import type { Context } from "hono";
import { and, eq, ne, sql } from "drizzle-orm";
import { DEFAULT_TENANT_ID } from "../../src/contract";
import type { AppContext, AppEnv } from "../context";
import type { Db } from "../db/connection";
import { tenant } from "../db/schema";
import { badRequest } from "../http/errors";
import { TenantScope } from "./tenant-scope";

/**
 * Which tenant a request belongs to before anyone is signed in. This is where a tenant gets
 * established, so it sits beside the scope rather than in a module.
 */

/** The tenant a public call names (Tenant-Id header, else tenantId), which must exist and be enabled. */
export async function publicTenant(ctx: AppContext, c: Context<AppEnv>): Promise<string> {
  const tenantId = (c.req.header("tenant-id") || c.req.query("tenantId") || DEFAULT_TENANT_ID).trim();
  const enabled = tenantId.length <= 12 && (await TenantScope.system(ctx.db, tenantId, ctx.now).repo(tenant).count(eq(tenant.status, 1))) > 0;
  if (!enabled) throw badRequest("租户ID未找到");
  return tenantId;
}

/**
 * The enabled tenant bound to a (normalised) domain. The one read of the tenant registry across
 * tenants with nobody signed in: no scope can make it, so it answers the tenant id and domain only.
 */
export async function tenantOfDomain(db: Db, domain: string): Promise<{ tenantId: string; domain: string } | undefined> {
  const rows = await db
    .select({ tenantId: tenant.tenantId, domain: tenant.domain })
    .from(tenant)
    .where(and(eq(sql`lower(${tenant.domain})`, domain), ne(tenant.domain, ""), eq(tenant.isDeleted, 0), eq(tenant.status, 1)))
    .limit(1);
  return rows[0];
}
