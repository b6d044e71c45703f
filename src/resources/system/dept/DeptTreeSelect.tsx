import { useDataProvider } from "@refinedev/core";
import { Spin, TreeSelect, Typography } from "antd";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TreeNode } from "../../../contract";
import { deptSpec } from "./spec";
import "./i18n";

const ROOT = "0";
/** Typing pauses this long before the server is asked: one search per word, not per keystroke. */
export const SEARCH_DELAY_MS = 300;

interface Level {
  id: string;
  parentId: string;
  title: string;
  hasChildren: boolean;
}

/** A row of lazy-list, as the search answers it. */
interface Match {
  id: string;
  parentId: string;
  deptName: string;
  parentName?: string;
  ancestors?: string;
  hasChildren?: boolean;
}

interface Option {
  id: string;
  pId: string;
  key: string;
  value: string;
  title: ReactNode;
  label: string;
  isLeaf: boolean;
  disabled: boolean;
}

const idsOf = (ancestors?: string) => (ancestors ?? "").split(",").filter((id) => id !== "" && id !== ROOT);

export interface DeptTreeSelectProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** The department being edited: neither it nor anything below it may become its own parent. */
  exclude?: string;
  /** The edited department's ancestors: the levels down to its parent are loaded and opened. */
  path?: string;
  /** The name of the initial value, shown before its level is loaded. */
  initialLabel?: string;
}

/**
 * The parent picker of a department: antd's TreeSelect with its virtual list, loading each level
 * from `lazy-tree?parentId=` when it opens (so 50,000 departments cost one level at a time), and
 * searching on the server (`lazy-list?deptName=`, every level) instead of in the loaded nodes.
 * Empty means the top level; the value is "0" then, as BladeX stores it.
 */
export function DeptTreeSelect({ id, value, onChange, exclude, path, initialLabel }: DeptTreeSelectProps) {
  const { t } = useTranslation();
  const dataProvider = useDataProvider();
  const provider = useRef(dataProvider);
  provider.current = dataProvider;
  const requested = useRef(new Set<string>());
  const [levels, setLevels] = useState<Map<string, Level>>(new Map());
  const [expanded, setExpanded] = useState<string[]>([]);
  const [keyword, setKeyword] = useState("");
  const [matches, setMatches] = useState<Match[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [names, setNames] = useState<Map<string, string>>(new Map());

  const remember = useCallback((entries: [string, string][]) => setNames((m) => new Map([...m, ...entries])), []);

  const loadLevel = useCallback(
    async (parentId: string) => {
      if (requested.current.has(parentId)) return;
      requested.current.add(parentId);
      try {
        const { data } = await provider.current().custom!<TreeNode[]>({ url: `${deptSpec.api}/lazy-tree`, method: "get", query: { parentId } });
        const nodes = Array.isArray(data) ? data : [];
        setLevels((m) => {
          const next = new Map(m);
          for (const n of nodes) next.set(n.id, { id: n.id, parentId: n.parentId, title: n.title, hasChildren: !!n.hasChildren });
          return next;
        });
        remember(nodes.map((n) => [n.id, n.title]));
      } catch {
        // The request layer showed why; opening the level again retries it.
        requested.current.delete(parentId);
      }
    },
    [remember],
  );

  /** The top level, then every level down to `ancestors`, opened. */
  const reveal = useCallback(
    (ancestors?: string) => {
      const ids = idsOf(ancestors);
      void Promise.all([ROOT, ...ids].map(loadLevel));
      if (ids.length) setExpanded((keys) => [...new Set([...keys, ...ids])]);
    },
    [loadLevel],
  );

  useEffect(() => reveal(path), [path, reveal]);

  useEffect(() => {
    const word = keyword.trim();
    if (!word) {
      setMatches(null);
      setSearching(false);
      return;
    }
    setSearching(true);
    let live = true;
    const timer = setTimeout(async () => {
      try {
        const { data } = await provider.current().custom!<Match[]>({ url: `${deptSpec.api}/lazy-list`, method: "get", query: { deptName: word } });
        if (!live) return;
        const found = Array.isArray(data) ? data : [];
        setMatches(found);
        remember(found.map((m) => [m.id, m.deptName]));
      } catch {
        if (live) setMatches([]);
      } finally {
        if (live) setSearching(false);
      }
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [keyword, remember]);

  // While a word is typed the list shows what the server found for it (the previous word's
  // matches until the new ones arrive), never the loaded levels filtered locally.
  const inSearch = keyword.trim() !== "";
  const treeData = useMemo<Option[]>(() => {
    if (inSearch) {
      return (matches ?? []).map((m) => {
        const blocked = !!exclude && (m.id === exclude || idsOf(m.ancestors).includes(exclude));
        const title = (
          <span>
            {m.deptName}
            {m.parentName ? <Typography.Text type="secondary"> · {m.parentName}</Typography.Text> : null}
          </span>
        );
        return { id: m.id, pId: ROOT, key: m.id, value: m.id, title, label: m.deptName, isLeaf: true, disabled: blocked };
      });
    }
    // The edited department is a leaf here: nothing below it can be reached, let alone chosen.
    return [...levels.values()].map((n) => {
      const blocked = n.id === exclude;
      return { id: n.id, pId: n.parentId, key: n.id, value: n.id, title: n.title, label: n.title, isLeaf: !n.hasChildren || blocked, disabled: blocked };
    });
  }, [inSearch, matches, levels, exclude]);

  const choose = (picked?: { value: string }) => {
    const match = picked && matches?.find((m) => m.id === picked.value);
    // A match from a search: load its place in the tree, so the tree shows it once the search is over.
    if (match) reveal(match.ancestors ? `${match.ancestors},${match.id}` : undefined);
    setKeyword("");
    onChange?.(picked?.value ?? ROOT);
  };

  const current = value && value !== ROOT ? { value, label: names.get(value) ?? initialLabel ?? value } : undefined;

  return (
    <TreeSelect
      id={id}
      labelInValue
      value={current}
      onChange={choose}
      treeData={treeData}
      treeDataSimpleMode={{ id: "id", pId: "pId", rootPId: ROOT }}
      treeNodeLabelProp="label"
      loadData={(node) => loadLevel(String(node.value))}
      treeExpandedKeys={inSearch ? [] : expanded}
      onTreeExpand={(keys) => setExpanded(keys.map(String))}
      showSearch
      searchValue={keyword}
      onSearch={setKeyword}
      filterTreeNode={false}
      onOpenChange={(open) => !open && setKeyword("")}
      notFoundContent={searching ? <Spin size="small" /> : t("common.empty")}
      allowClear
      placeholder={t("dept.topLevel")}
      virtual
      listHeight={320}
      style={{ width: "100%" }}
    />
  );
}
