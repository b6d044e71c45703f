import { Empty, Input, Spin, Tree } from "antd";
import type { TreeDataNode } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TreeNode } from "../../domain/contract";
import { treeTitles, treeWidth, useAsideWidth } from "./tree-width";
import "./i18n";

interface Props {
  tree: TreeNode[];
  loading?: boolean;
  selected?: string;
  onSelect: (id: string | undefined) => void;
  /** A first node that clears the selection. */
  allLabel?: string;
}

/** Keeps the nodes whose title contains the keyword, with their ancestors. */
function filterTree(nodes: TreeNode[], keyword: string): TreeNode[] {
  if (!keyword) return nodes;
  const k = keyword.toLowerCase();
  return nodes.flatMap((n) => {
    const children = filterTree(n.children ?? [], keyword);
    return n.title.toLowerCase().includes(k) || children.length ? [{ ...n, children }] : [];
  });
}

function toData(nodes: TreeNode[]): TreeDataNode[] {
  return nodes.map((n) => ({ key: n.id, title: n.title, children: n.children?.length ? toData(n.children) : undefined }));
}

/** A tree with a keyword filter (§2: placeholder 'enter keyword to filter'). */
export function FilterTree({ tree, loading, selected, onSelect, allLabel }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState("");
  useAsideWidth(useMemo(() => treeWidth([...treeTitles(tree), allLabel ?? ""]), [tree, allLabel]));
  const data = useMemo(() => {
    const nodes = toData(filterTree(tree, keyword.trim()));
    return allLabel ? [{ key: "", title: allLabel }, ...nodes] : nodes;
  }, [tree, keyword, allLabel]);

  return (
    <div>
      <Input.Search
        allowClear
        placeholder={t("components.filterTree.placeholder")}
        aria-label={t("components.filterTree.placeholder")}
        onChange={(e) => setKeyword(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      <Spin spinning={!!loading}>
        {data.length ? (
          <Tree
            blockNode
            defaultExpandAll
            key={`${keyword}|${tree.length}`}
            treeData={data}
            selectedKeys={[selected ?? ""]}
            onSelect={(keys) => onSelect(keys.length && keys[0] !== "" ? String(keys[0]) : undefined)}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("common.empty")} />
        )}
      </Spin>
    </div>
  );
}
