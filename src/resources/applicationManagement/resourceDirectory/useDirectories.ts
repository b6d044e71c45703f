import { useCustom } from "@refinedev/core";
import { appDirectorySpec } from "../../../../domain/resources/applicationManagement/resourceDirectory/spec";

export interface DirectoryNode {
  id: string;
  parentId: string;
  directoryName: string;
  directoryCode: string;
  status: number;
  children?: DirectoryNode[];
}

/** The tenant's directory forest (list), fetched afresh whenever a picker or dialog opens. */
export function useDirectoryTree() {
  const { query, result } = useCustom<DirectoryNode[]>({ url: `${appDirectorySpec.api}/list`, method: "get", queryOptions: { staleTime: 0 } });
  const data = result?.data;
  return { tree: Array.isArray(data) ? data : [], loading: query.isLoading };
}

/** Tree options of directories; `exclude` (a directory being edited) is offered with everything below it disabled. */
export function toTreeOptions(nodes: DirectoryNode[], exclude?: string, within = false): { title: string; value: string; key: string; disabled?: boolean; children?: ReturnType<typeof toTreeOptions> }[] {
  return nodes.map((n) => {
    const inside = within || n.id === exclude;
    return {
      title: n.directoryName,
      value: n.id,
      key: n.id,
      ...(inside ? { disabled: true } : {}),
      children: n.children?.length ? toTreeOptions(n.children, exclude, inside) : undefined,
    };
  });
}
