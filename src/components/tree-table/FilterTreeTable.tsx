import { Input, Table, type TableColumnsType } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import "../i18n";
import { useNamedSelection } from "../table-selection";

export interface TreeRow {
  id: string;
  children?: TreeRow[];
}

interface Props<T extends TreeRow> {
  rows: T[];
  columns: TableColumnsType<T>;
  /** The text a keyword is looked for in (default: every string the row holds). */
  text?: (row: T) => string;
  /** Checkboxes on every row (each row checked on its own: a parent does not check its children). */
  checkable?: boolean;
  checkedIds?: string[];
  onCheck?: (ids: string[]) => void;
  /** Rows shown but not choosable (§2: ids in the disabled list have disabled checkboxes). */
  disabledIds?: string[];
  loading?: boolean;
}

const ownText = (row: TreeRow) =>
  Object.values(row)
    .filter((v): v is string | number => typeof v === "string" || typeof v === "number")
    .join(" ");

/** Rows whose text holds the keyword, with their ancestors (so a match keeps its place in the tree). */
function filterRows<T extends TreeRow>(rows: T[], keyword: string, text: (row: T) => string): T[] {
  if (!keyword) return rows;
  const k = keyword.toLowerCase();
  return rows.flatMap((row) => {
    const children = filterRows((row.children ?? []) as T[], keyword, text);
    if (!text(row).toLowerCase().includes(k) && !children.length) return [];
    return [{ ...row, children: children.length ? children : undefined }];
  });
}

/** A row's name for its checkbox: the first column's text, else its id. */
function firstColumnText<T extends TreeRow>(columns: TableColumnsType<T>, row: T): string {
  const first = columns.find((c) => "dataIndex" in c && typeof c.dataIndex === "string");
  const value = first && "dataIndex" in first ? (row as unknown as Record<string, unknown>)[first.dataIndex as string] : undefined;
  return typeof value === "string" || typeof value === "number" ? String(value) : row.id;
}

const idsOf = (rows: TreeRow[]): string[] => rows.flatMap((r) => [r.id, ...idsOf(r.children ?? [])]);

/** §2 the filterable tree table: a keyword box ('enter keyword to filter'), optional checkboxes, a disabled-id list. */
export function FilterTreeTable<T extends TreeRow>({ rows, columns, text = ownText, checkable, checkedIds, onCheck, disabledIds = [], loading }: Props<T>) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState("");
  const shown = useMemo(() => filterRows(rows, keyword.trim(), text), [rows, keyword, text]);
  const disabled = useMemo(() => new Set(disabledIds), [disabledIds]);
  const selection = useNamedSelection<T>(
    checkable
      ? {
          checkStrictly: true,
          selectedRowKeys: checkedIds,
          // Filtering hides rows but keeps them checked: what is hidden stays in the answer.
          preserveSelectedRowKeys: true,
          onChange: (keys) => onCheck?.(keys.map(String)),
          getCheckboxProps: (row) => ({ disabled: disabled.has(row.id) }),
        }
      : undefined,
    (row) => firstColumnText(columns, row),
  );
  return (
    <div>
      <Input.Search
        allowClear
        placeholder={t("components.filterTree.placeholder")}
        aria-label={t("components.filterTree.placeholder")}
        onChange={(e) => setKeyword(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      <Table<T>
        // A new keyword opens every row that is left, so the matches are in view.
        key={keyword.trim()}
        rowKey="id"
        size="small"
        pagination={false}
        loading={loading}
        columns={columns}
        dataSource={shown}
        expandable={{ defaultExpandedRowKeys: idsOf(shown) }}
        rowSelection={selection}
      />
    </div>
  );
}
