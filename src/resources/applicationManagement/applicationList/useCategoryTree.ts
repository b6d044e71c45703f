import { useCustom } from "@refinedev/core";
import type { TreeNode } from "../../../../domain/contract";
import { appCategorySpec } from "../../../../domain/resources/applicationManagement/applicationList/spec";

export interface CategoryNode extends TreeNode {
  categoryName: string;
  sort: number;
  remark?: string;
  children?: CategoryNode[];
}

/** The tenant's category tree (one request shared by the aside and the form's selects). */
export function useCategoryTree() {
  const { query, result } = useCustom<CategoryNode[]>({ url: `${appCategorySpec.api}/list`, method: "get", queryOptions: { staleTime: 60_000 } });
  const data = result?.data;
  return { tree: Array.isArray(data) ? data : [], loading: query.isLoading, error: query.error, refetch: query.refetch };
}

/** A node and everything below it: a category cannot move there. */
export function subtreeOf(nodes: CategoryNode[], id: string): Set<string> {
  const out = new Set<string>();
  const walk = (list: CategoryNode[], inside: boolean) => {
    for (const n of list) {
      const here = inside || n.id === id;
      if (here) out.add(n.id);
      walk(n.children ?? [], here);
    }
  };
  walk(nodes, false);
  return out;
}
