import { useDataProvider, type BaseRecord } from "@refinedev/core";
import { useState } from "react";
import type { ResourceSpec } from "../../validation";

type Row = BaseRecord & { hasChildren?: boolean; children?: Row[] };

/**
 * The tree-table variant: a row whose hasChildren is true gets an expander, and its children are
 * fetched from `<api>/lazy-list?parentId=` the first time it opens, so a tree of any size costs one
 * level at a time.
 */
export function useLazyChildren(spec: ResourceSpec, enabled: boolean, rows: readonly BaseRecord[] | undefined) {
  const dataProvider = useDataProvider();
  const [loaded, setLoaded] = useState<Record<string, Row[]>>({});
  const [loading, setLoading] = useState<Set<string>>(new Set());
  if (!enabled) return { tableProps: {} };

  const attach = (list: readonly Row[]): Row[] =>
    list.map((r) => ({ ...r, children: r.hasChildren ? attach(loaded[String(r.id)] ?? []) : undefined }));

  const onExpand = async (expanded: boolean, row: Row) => {
    const id = String(row.id);
    if (!expanded || loaded[id] || loading.has(id)) return;
    setLoading((s) => new Set(s).add(id));
    try {
      const { data } = await dataProvider().custom!<Row[]>({ url: `${spec.api}/lazy-list`, method: "get", query: { parentId: id } });
      setLoaded((m) => ({ ...m, [id]: Array.isArray(data) ? data : [] }));
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
