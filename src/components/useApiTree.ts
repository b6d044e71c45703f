import { useCustom } from "@refinedev/core";
import type { TreeNode } from "../../domain/contract";

/**
 * One cached hook for the trees that feed selects and filters (departments, roles, …):
 * every component asking for the same URL shares one request for five minutes.
 */
export function useApiTree(url: string, query?: Record<string, string>) {
  const { query: q, result } = useCustom<TreeNode[]>({
    url,
    method: "get",
    config: { query },
    queryOptions: { staleTime: 5 * 60_000 },
  });
  const data = result?.data;
  return { tree: Array.isArray(data) ? data : [], loading: q.isLoading, error: q.error };
}
