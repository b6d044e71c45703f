import { useDataProvider } from "@refinedev/core";
import { Empty, Input, Spin, Tree } from "antd";
import { SecondaryText } from "./SecondaryText";
import type { TreeDataNode } from "antd";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TreeNode } from "../../domain/contract";
import { treeWidth, useAsideWidth } from "./tree-width";
import "./i18n";

const ROOT = "0";
/** Typing pauses this long before the server is asked: one search per word, not per keystroke. */
const SEARCH_DELAY_MS = 300;

/** A row of a `lazy-list?<searchField>=` answer. */
interface Match extends Record<string, unknown> {
  id: string;
  parentName?: string;
}

interface Props {
  /** `lazy-tree` of the resource: the children of `parentId`, with hasChildren. */
  levelUrl: string;
  /** `lazy-list` of the resource, searched on every level by `searchField`. */
  searchUrl: string;
  searchField: string;
  selected?: string;
  onSelect: (id: string | undefined) => void;
  /** A first node that clears the selection. */
  allLabel?: string;
}

/**
 * A filter tree for trees too big to send whole (§2 'enter keyword to filter'): each level is
 * loaded from the server when it opens, a keyword is searched on the server over every level and
 * its matches listed with their parents' names, and the list is virtual. Choosing a node also
 * opens it, so a path down the tree is a series of clicks.
 */
export function LazyFilterTree({ levelUrl, searchUrl, searchField, selected, onSelect, allLabel }: Props) {
  const { t } = useTranslation();
  const dataProvider = useDataProvider();
  const provider = useRef(dataProvider);
  provider.current = dataProvider;
  const requested = useRef(new Set<string>());
  const [children, setChildren] = useState<Map<string, TreeNode[]>>(new Map());
  const [expanded, setExpanded] = useState<string[]>([]);
  const [keyword, setKeyword] = useState("");
  const [matches, setMatches] = useState<Match[] | null>(null);
  const [busy, setBusy] = useState(0);

  const loadLevel = useCallback(
    async (parentId: string) => {
      if (requested.current.has(parentId)) return;
      requested.current.add(parentId);
      setBusy((n) => n + 1);
      try {
        const { data } = await provider.current().custom!<TreeNode[]>({ url: levelUrl, method: "get", query: { parentId } });
        setChildren((m) => new Map(m).set(parentId, Array.isArray(data) ? data : []));
      } catch {
        // The request layer showed why; opening the level again retries it.
        requested.current.delete(parentId);
      } finally {
        setBusy((n) => n - 1);
      }
    },
    [levelUrl],
  );

  useEffect(() => void loadLevel(ROOT), [loadLevel]);

  useEffect(() => {
    const word = keyword.trim();
    if (!word) return setMatches(null);
    let live = true;
    const timer = setTimeout(async () => {
      setBusy((n) => n + 1);
      try {
        const { data } = await provider.current().custom!<Match[]>({ url: searchUrl, method: "get", query: { [searchField]: word } });
        if (live) setMatches(Array.isArray(data) ? data : []);
      } catch {
        if (live) setMatches([]);
      } finally {
        setBusy((n) => n - 1);
      }
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [keyword, searchUrl, searchField]);

  const data = useMemo<TreeDataNode[]>(() => {
    const level = (parentId: string): TreeDataNode[] =>
      (children.get(parentId) ?? []).map((n) => ({
        key: n.id,
        title: n.title,
        isLeaf: !n.hasChildren,
        children: children.has(n.id) ? level(n.id) : undefined,
      }));
    const nodes: TreeDataNode[] =
      matches === null
        ? level(ROOT)
        : matches.map((m) => ({
            key: m.id,
            isLeaf: true,
            title: (
              <span>
                {String(m[searchField] ?? "")}
                {m.parentName ? <SecondaryText> · {m.parentName}</SecondaryText> : null}
              </span>
            ),
          }));
    return allLabel && nodes.length ? [{ key: "", title: allLabel, isLeaf: true }, ...nodes] : nodes;
  }, [children, matches, allLabel, searchField]);

  // The levels loaded so far decide the width: opening a level of long names widens the aside.
  useAsideWidth(useMemo(() => treeWidth([...[...children.values()].flat().map((n) => n.title), allLabel ?? ""]), [children, allLabel]));

  const choose = (key: string | undefined) => {
    onSelect(key || undefined);
    if (key && matches === null && !expanded.includes(key)) {
      void loadLevel(key);
      setExpanded((keys) => [...keys, key]);
    }
  };

  return (
    <div>
      <Input.Search
        allowClear
        placeholder={t("components.filterTree.placeholder")}
        aria-label={t("components.filterTree.placeholder")}
        onChange={(e) => setKeyword(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      <Spin spinning={busy > 0}>
        {data.length ? (
          <Tree
            blockNode
            virtual
            height={560}
            treeData={data}
            loadData={(node) => loadLevel(String(node.key))}
            expandedKeys={matches === null ? expanded : []}
            onExpand={(keys) => setExpanded(keys.map(String))}
            selectedKeys={[selected ?? ""]}
            onSelect={(_, info) => choose(String(info.node.key))}
          />
        ) : busy > 0 ? (
          <div style={{ minHeight: 64 }} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("common.empty")} />
        )}
      </Spin>
    </div>
  );
}
