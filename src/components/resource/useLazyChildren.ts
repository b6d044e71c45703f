import { useDataProvider, type BaseRecord } from "@refinedev/core";
import { useEffect, useRef, useState } from "react";
import type { ResourceSpec } from "../../../domain/validation";

type Row = BaseRecord & { hasChildren?: boolean; children?: Row[] };
type DataProvider = ReturnType<typeof useDataProvider>;

async function fetchLevel(dataProvider: DataProvider, api: string, id: string): Promise<Row[]> {
  const { data } = await dataProvider().custom!<Row[]>({ url: `${api}/lazy-list`, method: "get", query: { parentId: id } });
  return Array.isArray(data) ? data : [];
}

/**
 * The tree-table variant: a row whose hasChildren is true gets an expander, and its children are
 * fetched from `<api>/lazy-list?parentId=` the first time it opens, so a tree of any size costs one
 * level at a time. When `version` changes (the list was fetched again: a row saved, moved or
 * deleted) the levels already opened are fetched again too, so a moved row leaves its old parent.
 */
export function useLazyChildren(spec: ResourceSpec, enabled: boolean, rows: readonly BaseRecord[] | undefined, version?: number) {
  const dataProvider = useDataProvider();
  const [loaded, setLoaded] = useState<Record<string, Row[]>>({});
  const [loading, setLoading] = useState<Set<string>>(new Set());
  // What the effect below reads without re-running for it: the levels open now, the provider.
  const opened = useRef(loaded);
  opened.current = loaded;
  const provider = useRef(dataProvider);
  provider.current = dataProvider;
  const seen = useRef(version);

  useEffect(() => {
    if (!enabled || version === seen.current) return;
    seen.current = version;
    const ids = Object.keys(opened.current);
    if (ids.length === 0) return;
    let current = true;
    // A level that fails to load again keeps what it showed (the failure has its toast).
    void Promise.allSettled(ids.map((id) => fetchLevel(provider.current, spec.api, id))).then((results) => {
      if (!current) return;
      setLoaded((m) => {
        const next = { ...m };
        results.forEach((r, i) => r.status === "fulfilled" && (next[ids[i]] = r.value));
        return next;
      });
    });
    return () => {
      current = false;
    };
  }, [enabled, version, spec.api]);

  if (!enabled) return { tableProps: {} };

  const attach = (list: readonly Row[]): Row[] =>
    list.map((r) => ({ ...r, children: r.hasChildren ? attach(loaded[String(r.id)] ?? []) : undefined }));

  const onExpand = async (expanded: boolean, row: Row) => {
    const id = String(row.id);
    if (!expanded || loaded[id] || loading.has(id)) return;
    setLoading((s) => new Set(s).add(id));
    try {
      const children = await fetchLevel(dataProvider, spec.api, id);
      setLoaded((m) => ({ ...m, [id]: children }));
    } finally {
      setLoading((s) => {
        const next = new Set(s);
        next.delete(id);
        return next;
      });
    }
  };

  return { tableProps: { dataSource: attach((rows ?? []) as Row[]), expandable: { onExpand } } };
}
