import { useCustom } from "@refinedev/core";
import type { Page } from "../../../../domain/contract";
import { API } from "../../../../domain/contract/api";

interface PackageRow {
  id: string;
  packageName: string;
}

/** The tenant packages as select options (the platform has a handful: one page of 200). */
export function usePackageOptions() {
  const { query, result } = useCustom<Page<PackageRow>>({
    url: API.get("/blade-system/tenant-package/list"),
    method: "get",
    config: { query: { current: 1, size: 200 } },
  });
  const records = result?.data?.records ?? [];
  return { loading: query.isLoading, options: records.map((p) => ({ value: p.id, label: p.packageName })) };
}

interface DatasourceRow {
  id: string;
  name: string;
}

/** The platform's datasources as select options, by name (a handful: one page of 200). */
export function useDatasourceOptions() {
  const { query, result } = useCustom<Page<DatasourceRow>>({
    url: API.get("/blade-develop/datasource/page"),
    method: "get",
    config: { query: { current: 1, size: 200 } },
  });
  const records = result?.data?.records ?? [];
  return { loading: query.isLoading, options: records.map((d) => ({ value: d.id, label: d.name })) };
}
