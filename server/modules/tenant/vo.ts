import { inArray } from "drizzle-orm";
import { tenant, tenantPackage } from "../../db/schema";
import { trimDateTime } from "../../db/time";
import { plainVO } from "../../kit/crud";
import type { TenantScope } from "../../security/tenant-scope";

type TenantRow = typeof tenant.$inferSelect;

/** Tenants as the list and detail answer them: with their package's name and whole-second dates. */
export async function tenantVOs(rows: TenantRow[], scope: TenantScope): Promise<object[]> {
  const packageIds = [...new Set(rows.map((r) => r.packageId).filter((id): id is string => !!id))];
  const packages = packageIds.length ? await scope.repo(tenantPackage).list(inArray(tenantPackage.id, packageIds)) : [];
  const names = new Map(packages.map((p) => [p.id, p.packageName]));
  return rows.map((r) => ({
    ...plainVO(r),
    expireTime: r.expireTime ? trimDateTime(r.expireTime) : "",
    packageId: r.packageId ?? "",
    packageName: (r.packageId && names.get(r.packageId)) || "",
    datasourceId: r.datasourceId ?? "",
  }));
}
