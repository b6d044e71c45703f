import { useDataProvider } from "@refinedev/core";
import { Spin, TreeSelect, Typography } from "antd";
import { Fragment, useCallback, useEffect, useMemo, useRef, useState, type Key, type ReactElement, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TreeNode } from "../../domain/contract";
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

/** A row of a `lazy-list?<searchField>=` answer. */
interface Match extends Record<string, unknown> {
  id: string;
  parentName?: string;
  ancestors?: string;
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

interface CommonProps {
  id?: string;
  /** `lazy-tree` of the resource: the children of `parentId`, with hasChildren. */
  levelUrl: string;
  /** `lazy-list` of the resource, searched on every level by `searchField`. */
  searchUrl: string;
  searchField: string;
  /** The row edited: neither it nor anything below it may be chosen (a node cannot be its own parent). */
  exclude?: string;
  /** Ancestors of the initial value: the levels down to it are loaded and opened. */
  path?: string;
  /** Names of the chosen values (also when they arrive later), shown before their level is loaded. */
  initialLabels?: Record<string, string>;
  placeholder?: string;
}

type SingleProps = CommonProps & { multiple?: false; value?: string; onChange?: (value: string) => void };
type MultipleProps = CommonProps & { multiple: true; value?: string[]; onChange?: (value: string[]) => void };

/**
 * A tree select for trees too big to send whole: antd's TreeSelect with its virtual list, loading
 * each level from `lazy-tree?parentId=` when it opens (50,000 nodes cost one level at a time) and
 * searching on the server (`lazy-list`, every level) instead of in the loaded nodes. Single: empty
 * means the top level, "0" as BladeX stores it. Multiple: an array of ids.
 */
export function LazyTreeSelect(props: SingleProps | MultipleProps) {
  const { id, levelUrl, searchUrl, searchField, exclude, path, initialLabels, placeholder } = props;
  const { t } = useTranslation();
  const dataProvider = useDataProvider();
  const provider = useRef(dataProvider);
  provider.current = dataProvider;
  const requested = useRef(new Set<string>());
  const [levels, setLevels] = useState<Map<string, Level>>(new Map());
  const [expanded, setExpanded] = useState<string[]>([]);
  const [keyword, setKeyword] = useState("");
  const [matches, setMatches] = useState<Match[] | null>(null);
  /** Counts the server's answers to searches (the option list's key, below). */
  const [answers, setAnswers] = useState(0);
  const [searching, setSearching] = useState(false);
  const [names, setNames] = useState<Map<string, string>>(() => new Map());

  // Unchanged names keep the same map: a caller passing a fresh labels object each render costs nothing.
  const remember = useCallback(
    (entries: [string, string][]) => setNames((m) => (entries.every(([k, v]) => m.get(k) === v) ? m : new Map([...m, ...entries]))),
    [],
  );

  const loadLevel = useCallback(
    async (parentId: string) => {
      if (requested.current.has(parentId)) return;
      requested.current.add(parentId);
      try {
        const { data } = await provider.current().custom!<TreeNode[]>({ url: levelUrl, method: "get", query: { parentId } });
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
    [levelUrl, remember],
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
  useEffect(() => remember(Object.entries(initialLabels ?? {})), [initialLabels, remember]);

  const chosen = useMemo(() => {
    if (props.multiple) return props.value ?? [];
    return props.value && props.value !== ROOT ? [props.value] : [];
  }, [props.multiple, props.value]);

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
        const { data } = await provider.current().custom!<Match[]>({ url: searchUrl, method: "get", query: { [searchField]: word } });
        if (!live) return;
        const found = Array.isArray(data) ? data : [];
        setMatches(found);
        setAnswers((n) => n + 1);
        remember(found.map((m) => [m.id, String(m[searchField] ?? "")]));
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
  }, [keyword, searchUrl, searchField, remember]);

  // While a word is typed the list shows what the server found for it (the previous word's
  // matches until the new ones arrive), never the loaded levels filtered locally.
  const inSearch = keyword.trim() !== "";
  const treeData = useMemo<Option[]>(() => {
    if (inSearch) {
      return (matches ?? []).map((m) => {
        const name = String(m[searchField] ?? "");
        const blocked = !!exclude && (m.id === exclude || idsOf(m.ancestors).includes(exclude));
        const title = (
          <span>
            {name}
            {m.parentName ? <Typography.Text type="secondary"> · {m.parentName}</Typography.Text> : null}
          </span>
        );
        return { id: m.id, pId: ROOT, key: m.id, value: m.id, title, label: name, isLeaf: true, disabled: blocked };
      });
    }
    // The edited row is a leaf here: nothing below it can be reached, let alone chosen.
    return [...levels.values()].map((n) => {
      const blocked = n.id === exclude;
      return { id: n.id, pId: n.parentId, key: n.id, value: n.id, title: n.title, label: n.title, isLeaf: !n.hasChildren || blocked, disabled: blocked };
    });
  }, [inSearch, matches, levels, exclude, searchField]);

  const picked = (value: string) => {
    const match = matches?.find((m) => m.id === value);
    // A match from a search: load its place in the tree, so the tree shows it once the search is over.
    if (match) reveal(match.ancestors ? `${match.ancestors},${match.id}` : undefined);
  };

  const labelled = chosen.map((v) => ({ value: v, label: names.get(v) ?? v }));
  // rc-tree-select highlights the first option when the typed word changes, not when options
  // arrive: the server's matches come after the word, and Enter would choose nothing. The list is
  // mounted afresh for each answer, which highlights its first match as a new word would.
  const listKey = inSearch ? `answer-${answers}` : "levels";
  const common = {
    id,
    labelInValue: true,
    treeData,
    treeDataSimpleMode: { id: "id", pId: "pId", rootPId: ROOT },
    treeNodeLabelProp: "label",
    // What the first-match highlight compares the typed word with (the default, the value, is an id).
    treeNodeFilterProp: "label",
    loadData: (node: { value?: unknown }) => loadLevel(String(node.value)),
    treeExpandedKeys: inSearch ? [] : expanded,
    onTreeExpand: (keys: Key[]) => setExpanded(keys.map(String)),
    showSearch: true,
    searchValue: keyword,
    onSearch: setKeyword,
    filterTreeNode: false,
    onOpenChange: (open: boolean) => !open && setKeyword(""),
    notFoundContent: searching ? <Spin size="small" /> : t("common.empty"),
    allowClear: true,
    placeholder,
    popupRender: (list: ReactElement) => <Fragment key={listKey}>{list}</Fragment>,
    virtual: true,
    listHeight: 320,
    style: { width: "100%" },
  } as const;

  if (props.multiple) {
    const { onChange } = props;
    return (
      <TreeSelect
        {...common}
        multiple
        value={labelled}
        onSelect={(_: unknown, node: { value?: unknown }) => picked(String(node.value))}
        onChange={(list: { value: string; label?: ReactNode }[]) => {
          setKeyword("");
          onChange?.((list ?? []).map((o) => o.value));
        }}
      />
    );
  }
  const { onChange } = props;
  return (
    <TreeSelect
      {...common}
      value={labelled[0]}
      onChange={(v?: { value: string }) => {
        if (v) picked(v.value);
        setKeyword("");
        onChange?.(v?.value ?? ROOT);
      }}
    />
  );
}
