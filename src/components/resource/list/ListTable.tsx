import type { BaseRecord } from "@refinedev/core";
import { Table, type TableProps } from "antd";
import type { ColumnType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { website } from "../../../config/website";
import { scrollWidth } from "../../table-columns";
import { useNamedSelection } from "../../table-selection";
import "../i18n";

export interface ListTableProps<T extends BaseRecord> extends Omit<TableProps<T>, "columns" | "scroll"> {
  columns: ColumnType<T>[];
  /** false for a list answered whole (a tree): no pager. */
  paged?: boolean;
  /** The pager's count (default 共 N 条). */
  showTotal?: (total: number) => string;
  /** A row's name for its checkbox (default: the first column's value, else its id). */
  rowLabel?: (row: T) => string;
}

/** The first column's value of a row, as its name when the list gives none. */
function firstColumnValue<T extends BaseRecord>(columns: ColumnType<T>[], row: T): string {
  const index = columns.find((c) => c.dataIndex !== undefined)?.dataIndex;
  const keys = index === undefined ? [] : Array.isArray(index) ? index : [index];
  const value = keys.reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[String(k)] : undefined), row);
  return typeof value === "string" || typeof value === "number" ? String(value) : String(row.id ?? "");
}

/**
 * The table part of every list: rows keyed by id, §9's page sizes with the size changer and the
 * count, scrolling sideways inside the list. When every column has its width the table is exactly
 * that wide (a long value is cut, never widening the page); else it takes its content's width.
 */
export function ListTable<T extends BaseRecord>({ columns, paged = true, showTotal, pagination, rowSelection, rowLabel, ...rest }: ListTableProps<T>) {
  const { t } = useTranslation();
  const selection = useNamedSelection(rowSelection, rowLabel ?? ((row) => firstColumnValue(columns, row)));
  const bounded = columns.every((c) => typeof c.width === "number");
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      {...rest}
      columns={columns}
      rowSelection={selection}
      // Over refine's tableProps.scroll ({ x: true }), which lets a long value widen the table.
      scroll={{ x: bounded ? scrollWidth(columns, Boolean(rowSelection)) : "max-content" }}
      pagination={
        paged && {
          ...pagination,
          pageSizeOptions: [...website.pageSizes],
          showSizeChanger: true,
          showTotal: showTotal ?? ((total) => t("kit.total", { total })),
        }
      }
    />
  );
}
