import { useDataProvider } from "@refinedev/core";
import { Table, Tag } from "antd";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MenuIcon } from "../../../layout/MenuIcon";
import { useMenuName } from "../../../layout/menu-name";
import type { SampleMenu } from "../../../../domain/resources/dataAssets/sample/areas";
import "./i18n";
import { API } from "../../../../domain/contract/api";

const ROOT = "0";

/** The sample menu tree (§2), a level fetched from the lazy menu list each time one is opened. */
export function SampleMenuTable() {
  const { t } = useTranslation();
  const nameOf = useMenuName();
  const dataProvider = useDataProvider();
  const provider = useRef(dataProvider);
  provider.current = dataProvider;
  const [levels, setLevels] = useState<Map<string, SampleMenu[]>>(new Map());
  const [loading, setLoading] = useState(0);
  const requested = useRef(new Set<string>());

  const load = useCallback(async (parentId: string) => {
    if (requested.current.has(parentId)) return;
    requested.current.add(parentId);
    setLoading((n) => n + 1);
    try {
      const { data } = await provider.current().custom!<SampleMenu[]>({ url: API.get("/blade-sample/menu/lazy-list"), method: "get", query: { parentId } });
      setLevels((m) => new Map(m).set(parentId, Array.isArray(data) ? data : []));
    } catch {
      // The request layer showed why; opening the level again asks again.
      requested.current.delete(parentId);
    } finally {
      setLoading((n) => n - 1);
    }
  }, []);

  useEffect(() => void load(ROOT), [load]);

  type Row = SampleMenu & { children?: Row[] };
  // A row with children gets an empty list until its level arrives, so that it shows its expander.
  const rows = (parentId: string): Row[] =>
    (levels.get(parentId) ?? []).map((m) => (m.hasChildren ? { ...m, children: rows(m.id) } : m));

  return (
    <Table<Row>
      rowKey="id"
      size="middle"
      pagination={false}
      loading={loading > 0}
      dataSource={rows(ROOT)}
      locale={{ emptyText: t("common.empty") }}
      expandable={{ onExpand: (open, row) => open && void load(row.id) }}
      columns={[
        { title: t("sample.fields.name"), dataIndex: "name", key: "name", render: (v: string, row) => <><MenuIcon source={row.source} /> {nameOf({ code: row.code, name: v })}</> },
        { title: t("sample.fields.path"), dataIndex: "path", key: "path", render: (v: string) => <Tag>{v}</Tag> },
        { title: t("sample.fields.code"), dataIndex: "code", key: "code" },
        { title: t("sample.fields.sort"), dataIndex: "sort", key: "sort" },
      ]}
    />
  );
}
