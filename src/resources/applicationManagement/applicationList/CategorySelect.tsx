import { TreeSelect } from "antd";
import { useTranslation } from "react-i18next";
import { subtreeOf, useCategoryTree, type CategoryNode } from "./useCategoryTree";

interface Props {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** The category being edited: it and its sub-categories cannot be its parent. */
  exclude?: string;
}

interface Option {
  title: string;
  value: string;
  disabled?: boolean;
  children?: Option[];
}

/** A category picker whose first choice is "none" ("0", the top). */
export function CategorySelect({ exclude, ...control }: Props) {
  const { t } = useTranslation();
  const { tree, loading } = useCategoryTree();
  const blocked = exclude ? subtreeOf(tree, exclude) : new Set<string>();
  const toOptions = (nodes: CategoryNode[]): Option[] =>
    nodes.map((n) => ({ title: n.title, value: n.id, disabled: blocked.has(n.id), children: n.children?.length ? toOptions(n.children) : undefined }));
  return (
    <TreeSelect
      {...control}
      loading={loading}
      treeData={[{ title: t("applicationList.noCategory"), value: "0" }, ...toOptions(tree)]}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      style={{ width: "100%" }}
    />
  );
}
