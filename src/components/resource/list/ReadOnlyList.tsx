import type { BaseRecord, CrudFilter, HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Alert, Button, type PaginationProps } from "antd";
import type { ColumnType } from "antd/es/table";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { website } from "../../../config/website";
import { NoMatch } from "../ListStatus";
import { ListToolbar } from "../ListToolbar";
import { ExportButtons, type ListExport } from "./ExportButtons";
import { ListTable } from "./ListTable";
import { searchFilters, searchTerms, useSearchFromUrl } from "./search-state";
import { clearSearch, SearchForm, type DateRangeSearch, type SearchField } from "./SearchForm";
import { SearchControls } from "./SearchControls";
import "../i18n";

/** What a read-only list's toolbar and row actions may act on. */
export interface ReadOnlyContext {
  selected: string[];
  clearSelection: () => void;
  /** Every filter the list sends now: the page's own and the search form's. */
  filters: CrudFilter[];
}

export interface ReadOnlyListProps {
  resource: string;
  /** The search form is `<name>-search` (default the resource). */
  name?: string;
  /** A named data provider (the sample rows' simple-rest); else the Blade one. */
  dataProviderName?: string;
  /** Data-provider meta: another endpoint, fixed parameters (sent with the export too), raw Blade keys. */
  meta?: { params?: Record<string, unknown>; rawFilters?: boolean; bareFilters?: string[] } & Record<string, unknown>;
  /** The search, page and size in the URL (default): a reload or a shared link shows the same rows. */
  syncWithLocation?: boolean;
  /** Filters the page always applies. */
  permanent?: CrudFilter[];
  search?: SearchField[];
  range?: DateRangeSearch;
  /** Beside 搜索 and 重置 (the application sessions' 含已下线). */
  searchExtra?: ReactNode;
  columns: ColumnType<BaseRecord>[] | ((context: ReadOnlyContext) => ColumnType<BaseRecord>[]);
  /** Rows get checkboxes (implied by an export of ticked rows); as a function, which rows may be ticked. */
  selectable?: boolean | ((row: BaseRecord) => boolean);
  export?: ListExport;
  /** The page's buttons, before the export ones. */
  toolbar?: ReactNode | ((context: ReadOnlyContext) => ReactNode);
  /** Above the table (an answer the page was asked for). */
  banner?: ReactNode;
  /** Said over the table when the list cannot be read (default 加载失败，请稍后重试), with a retry. */
  loadFailed?: string;
  rowClassName?: (row: BaseRecord) => string;
  showTotal?: (total: number) => string;
  /** Rows drawn otherwise than as a table (the project board's cards), with the same pager. */
  renderRows?: (view: { rows: BaseRecord[]; loading: boolean; pagination: PaginationProps }) => ReactNode;
}

/**
 * The read-only variant of the list kit (logs, sessions, sample rows): the search form part with
 * its date range, the toolbar part with 导出 (every row the search matches) and 导出选中 (the
 * ticked rows), and the table part. Nothing is created, edited or deleted here.
 */
export function ReadOnlyList(props: ReadOnlyListProps) {
  const { resource, name = resource, dataProviderName, meta, syncWithLocation = true, permanent, search = [], range, searchExtra } = props;
  const { export: exportTo, toolbar, banner, rowClassName, showTotal, renderRows } = props;
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string[]>([]);

  const { tableProps, searchFormProps, tableQuery, filters, currentPage, pageSize, setCurrentPage, setPageSize } = useTable<BaseRecord, HttpError, Record<string, unknown>>({
    resource,
    dataProviderName,
    meta,
    syncWithLocation,
    pagination: { pageSize: website.defaultPageSize },
    filters: { permanent },
    onSearch: (values) => searchFilters(values, search, range),
  });
  useSearchFromUrl(searchFormProps.form, filters, search, range);
  const terms = searchTerms(filters, search, range);

  const context: ReadOnlyContext = { selected, clearSelection: () => setSelected([]), filters };
  const columns = typeof props.columns === "function" ? props.columns(context) : props.columns;
  const selectable = props.selectable ?? Boolean(exportTo?.ticked);
  const canTick = typeof selectable === "function" ? selectable : () => true;
  const hasToolbar = Boolean(toolbar || exportTo);
  const rows = (tableProps.dataSource ?? []) as BaseRecord[];

  return (
    <>
      {(search.length > 0 || range) && (
        <SearchForm name={`${name}-search`} formProps={searchFormProps} extra={searchExtra}>
          <SearchControls fields={search} range={range} />
        </SearchForm>
      )}
      {hasToolbar && (
        <ListToolbar>
          {typeof toolbar === "function" ? toolbar(context) : toolbar}
          {exportTo && <ExportButtons resource={resource} to={exportTo} query={{ filters, meta }} selected={selected} />}
        </ListToolbar>
      )}
      {banner}
      {tableQuery.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={props.loadFailed ?? t("kit.loadFailed")}
          action={<Button size="small" onClick={() => void tableQuery.refetch()}>{t("buttons.refresh")}</Button>}
        />
      )}
      {renderRows ? (
        renderRows({
          rows,
          loading: tableQuery.isFetching,
          pagination: {
            current: currentPage,
            pageSize,
            total: tableQuery.data?.total ?? 0,
            showTotal: showTotal ?? ((total) => t("kit.total", { total })),
            showSizeChanger: true,
            pageSizeOptions: [...website.pageSizes],
            onChange: (page, size) => {
              setCurrentPage(size === pageSize ? page : 1);
              setPageSize(size);
            },
          },
        })
      ) : (
        <ListTable<BaseRecord>
          {...tableProps}
          columns={columns}
          loading={tableQuery.isFetching}
          rowClassName={rowClassName}
          showTotal={showTotal}
          rowSelection={
            selectable
              ? {
                  selectedRowKeys: selected,
                  preserveSelectedRowKeys: true,
                  onChange: (keys) => setSelected(keys.map(String)),
                  getCheckboxProps: (row) => ({ disabled: !canTick(row) }),
                }
              : undefined
          }
          locale={{ emptyText: terms.length > 0 ? <NoMatch terms={terms} onClear={() => clearSearch(searchFormProps.form)} /> : t("common.empty") }}
        />
      )}
    </>
  );
}
