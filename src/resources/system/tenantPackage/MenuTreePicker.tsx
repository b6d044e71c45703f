import { useCustom } from "@refinedev/core";
import { Spin, Tree } from "antd";
import type { DataNode } from "antd/es/tree";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { API } from "../../../../domain/contract/api";

interface MenuTreeNode {
  id: string;
  title: string;
  category?: number;
  children?: MenuTreeNode[];
}

interface Props {
  id?: string;
  /** BladeX's comma list of menu ids. */
  value?: string;
  onChange?: (value: string) => void;
}

const toData = (nodes: MenuTreeNode[], button: string): DataNode[] =>
  nodes.map((n) => ({
    key: n.id,
    title: n.category === 2 ? `${n.title} (${button})` : n.title,
    children: n.children ? toData(n.children, button) : undefined,
  }));

/** Ids in `ids` with no descendant in `ids`: what the tree checks, its parents following. */
function leavesOf(nodes: MenuTreeNode[], ids: Set<string>): string[] {
  const out: string[] = [];
  const walk = (n: MenuTreeNode): boolean => {
    const below = (n.children ?? []).map(walk).some(Boolean);
    if (ids.has(n.id) && !below) out.push(n.id);
    return below || ids.has(n.id);
  };
  nodes.forEach(walk);
  return out;
}

/**
 * The menus and buttons of a package as a checkable tree (the platform's own menus are not
 * offered). Checking a menu takes its buttons; the value keeps the half-checked menus above, so
 * a package holding a button shows the page it sits on.
 */
export function MenuTreePicker({ id, value, onChange }: Props) {
  const { t } = useTranslation();
  const { query, result } = useCustom<MenuTreeNode[]>({ url: API.get("/blade-system/tenant-package/menu-tree"), method: "get" });
  const nodes = useMemo(() => (Array.isArray(result?.data) ? result.data : []), [result]);
  const checked = useMemo(() => leavesOf(nodes, new Set((value ?? "").split(",").filter(Boolean))), [nodes, value]);
  if (query.isLoading) return <Spin />;
  return (
    <div id={id} role="group" aria-label={t("tenantPackage.fields.menuId")} style={{ maxHeight: 360, overflow: "auto", border: "1px solid #f0f0f0", padding: 8 }}>
      <Tree
        checkable
        defaultExpandAll
        treeData={toData(nodes, t("tenantPackage.button"))}
        checkedKeys={checked}
        onCheck={(keys, info) => {
          const full = Array.isArray(keys) ? keys : keys.checked;
          onChange?.([...full, ...(info.halfCheckedKeys ?? [])].map(String).join(","));
        }}
      />
    </div>
  );
}
