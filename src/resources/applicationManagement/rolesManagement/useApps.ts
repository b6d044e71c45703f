import { useCustom } from "@refinedev/core";
import { appRoleSpec } from "../../../../domain/resources/applicationManagement/rolesManagement/spec";

export interface AppWithRoles {
  id: string;
  appName: string;
  appCode: string;
  status: number;
  children: { id: string; appId: string; roleName: string; roleCode: string }[];
}

/** The tenant's applications with their roles (appRoleTree), one cached request per tenant. */
export function useAppsWithRoles(tenantId?: string) {
  const { query, result } = useCustom<AppWithRoles[]>({
    url: `${appRoleSpec.api}/appRoleTree`,
    method: "get",
    config: { query: tenantId ? { tenantId } : undefined },
    queryOptions: { staleTime: 30_000 },
  });
  const data = result?.data;
  return { apps: Array.isArray(data) ? data : [], loading: query.isLoading, error: query.error };
}
