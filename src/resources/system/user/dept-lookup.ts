import { useCustom } from "@refinedev/core";
import { useMemo } from "react";
import type { DeptSelectItem } from "../../../../domain/contract";
import { API } from "../../../../domain/contract/api";

/**
 * Where the user page finds departments without loading the whole tree (50,000 of them stay
 * usable): one level at a time, a server search over every level.
 */
export const DEPT_LOOKUP = {
  levelUrl: API.get("/blade-system/dept/lazy-tree"),
  searchUrl: API.get("/blade-system/dept/lazy-list"),
  searchField: "deptName",
} as const;

/** The names of one user's departments (dept/select?userId=), for the chips of a lazy select. */
export function useUserDeptNames(userId: string | undefined): Record<string, string> | undefined {
  const { result } = useCustom<DeptSelectItem[]>({
    url: API.get("/blade-system/dept/select"),
    method: "get",
    config: { query: { userId } },
    queryOptions: { enabled: !!userId },
  });
  const list = result?.data;
  return useMemo(() => (Array.isArray(list) ? Object.fromEntries(list.map((d) => [d.id, d.deptName])) : undefined), [list]);
}
