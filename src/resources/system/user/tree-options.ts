import type { TreeNode } from "../../../../domain/contract";

export interface TreeOption {
  title: string;
  value: string;
  children?: TreeOption[];
}

/** A role or department tree as antd's TreeSelect takes it. */
export const toTreeData = (nodes: TreeNode[]): TreeOption[] =>
  nodes.map((n) => ({ title: n.title, value: n.id, children: n.children?.length ? toTreeData(n.children) : undefined }));
