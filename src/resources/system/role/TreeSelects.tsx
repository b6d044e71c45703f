import { useCustom } from "@refinedev/core";
import { TreeSelect } from "antd";
import type { TreeNode } from "../../../../domain/contract";

interface Option {
  title: string;
  value: string;
  children?: Option[];
}

const toOptions = (nodes: TreeNode[]): Option[] =>
  nodes.map((n) => ({ title: n.title, value: n.id, children: n.children?.length ? toOptions(n.children) : undefined }));

/**
 * A tree of the API, fetched afresh whenever a component using it mounts (a form opening, the
 * page): roles and categories just added must be offered at once.
 */
export function useFreshTree(url: string) {
  const { query, result } = useCustom<TreeNode[]>({ url, method: "get", queryOptions: { staleTime: 0 } });
  const data = result?.data;
  return { tree: Array.isArray(data) ? data : [], loading: query.isLoading, refetch: query.refetch };
}

interface Props {
  url: string;
  /** The label of "0": no parent, no category. */
  rootLabel: string;
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}

/** A parent or category picker of a form (Form.Item gives id, value and onChange), "0" first. */
export function ApiTreeSelect({ url, rootLabel, id, value, onChange }: Props) {
  const { tree, loading } = useFreshTree(url);
  return (
    <TreeSelect
      id={id}
      value={value}
      onChange={onChange}
      loading={loading}
      treeData={[{ title: rootLabel, value: "0" }, ...toOptions(tree)]}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      style={{ width: "100%" }}
    />
  );
}
