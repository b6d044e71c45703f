import { useParsed, type BaseRecord, type CrudFilter, type CrudSort, type HttpError } from "@refinedev/core";
import { EditButton, useTable } from "@refinedev/antd";
import type { ColumnType } from "antd/es/table";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { website } from "../../../config/website";
import type { ResourceSpec } from "../../../../domain/validation";
import { DeleteRowButton } from "../DeleteRowButton";
import { RowActions } from "../ListToolbar";
import { useLazyChildren } from "../useLazyChildren";
import { rowLabel } from "../wording";
import { hasSpecSearch, specSearchFilters, useSpecSearchTerms } from "./SpecSearch";
import { useSpecColumns, type Cells } from "./spec-columns";
import { useBulkDelete } from "./useBulkDelete";
import { useResourceForms, type ResourceFormsOptions } from "./useResourceForms";
import "../i18n";

/** What a page's toolbar buttons may act on: the chosen rows and the list's current query (an export). */
export interface ToolbarContext {
  selected: string[];
  clearSelection: () => void;
  /** Every filter the list sends now: the page's own and the search form's. */
  filters: CrudFilter[];
  sorters: CrudSort[];
}

export interface ResourceListOptions {
  /** Filters the page sets itself, kept under the search form's (a new value starts again at page 1). */
  filters?: CrudFilter[];
  /** Data-provider meta of this list beyond the resource's (another list endpoint, fixed params). */
  meta?: Record<string, unknown>;
  /**
   * Data-provider meta while the search form holds a value, over `meta`: a lazy tree searches every
   * level (BladeX's lazy-list without parentId, as Saber sends it) instead of the top one.
   */
  searchMeta?: Record<string, unknown>;
  /** `lazy`: rows with hasChildren load their children from `lazy-list?parentId=` when expanded. */
  tree?: "lazy";
  /** false for a tree answered whole (no pages). */
  paged?: boolean;
  /** false inside a dialog: the page's URL belongs to the page. */
  syncWithLocation?: boolean;
  /** Rows that may be neither edited nor deleted (sealed dictionary entries, the administrator role). */
  locked?: (row: BaseRecord) => boolean;
  /** The question before a delete, when it takes more than the rows (an application's roles): default 确定将选择数据删除? */
  confirmDelete?: string;
  /** The create and edit dialogs: a form of the page's own, its controls, hidden fields, fixed values. */
  form?: ResourceFormsOptions;
  /** A spec column's cell drawn by the page (the menu list's names, in the platform's words). */
  cells?: Cells;
}

/**
 * The state of a resource's list page, for its parts (parts.tsx) to show: refine's useTable with
 * the spec's search, the lazy tree, the chosen rows and their bulk delete, the create and edit
 * dialogs, the spec's columns and the row actions column. A page with more than the kit shows
 * (the users' department tree, the roles' grant) composes the parts around this; every other
 * page is ResourceList, which is the same composition.
 */
export function useResourceList(spec: ResourceSpec, options: ResourceListOptions = {}) {
  const { filters, meta, searchMeta, tree, locked, paged = true, syncWithLocation = true } = options;
  const { t } = useTranslation();
  const confirmDelete = options.confirmDelete ?? t("messages.confirmDelete");
  // Set with the filters themselves (onSearch), so one render carries both; a reload starts from the URL's.
  const { params: urlParams } = useParsed();
  const [searching, setSearching] = useState(() => syncWithLocation && hasSpecSearch(spec, urlParams?.filters));

  const { tableProps, searchFormProps, tableQuery, setCurrentPage, filters: currentFilters, sorters } = useTable<BaseRecord, HttpError, Record<string, unknown>>({
    resource: spec.name,
    meta: searching && searchMeta ? { ...meta, ...searchMeta } : meta,
    syncWithLocation,
    pagination: paged ? { pageSize: website.defaultPageSize } : { mode: "off" },
    filters: { permanent: filters },
    onSearch: (values) => {
      const next = specSearchFilters(spec, values);
      setSearching(hasSpecSearch(spec, next));
      return next;
    },
  });
  // A new outside filter (another department) starts again at page 1, as a new search does.
  const filterKey = JSON.stringify(filters ?? []);
  const lastFilterKey = useRef(filterKey);
  useEffect(() => {
    if (filterKey === lastFilterKey.current) return;
    lastFilterKey.current = filterKey;
    setCurrentPage(1);
  }, [filterKey, setCurrentPage]);
  // Every refetch (after a save, a move, a delete) reloads the levels already opened as well.
  const lazy = useLazyChildren(spec, tree === "lazy", tableProps.dataSource, tableQuery.dataUpdatedAt);
  const forms = useResourceForms(spec, { meta, ...options.form });
  const { selected, setSelected, rowSelection, bulkDelete } = useBulkDelete(spec, { meta, confirm: confirmDelete, locked });
  const terms = useSpecSearchTerms(spec, currentFilters);
  const columns = useSpecColumns(spec, options.cells);

  const context: ToolbarContext = { selected, clearSelection: () => setSelected([]), filters: currentFilters, sorters };

  /** The row actions column: edit and delete (unless the row is locked), then the page's own. */
  const actionsColumn = ({ width = 180, extra }: { width?: number; extra?: (row: BaseRecord) => ReactNode } = {}): ColumnType<BaseRecord> => ({
    title: t("table.actions"),
    key: "actions",
    fixed: "right",
    width,
    render: (_: unknown, row: BaseRecord) => (
      <RowActions>
        {!locked?.(row) && (
          <>
            {/* The list's own resource, not the route's: a list shown inside another page's dialog is
                gated by its own codes, and its delete refreshes it. */}
            <EditButton size="small" type="link" resource={spec.name} recordItemId={row.id} onClick={() => forms.edit(row.id)} />
            <DeleteRowButton
              resource={spec.name}
              id={row.id}
              name={rowLabel(spec, row)}
              meta={meta}
              confirmTitle={confirmDelete}
              onSuccess={() => setSelected((s) => s.filter((id) => id !== row.id))}
            />
          </>
        )}
        {extra?.(row)}
      </RowActions>
    ),
  });

  return {
    spec,
    title: t(`${spec.name}.title`),
    paged,
    /** The spec's columns (audit fields included), for the page to add its own and the actions column to. */
    columns,
    actionsColumn,
    /** For the search form part. */
    searchFormProps,
    /** The search terms in force (the empty state names them). */
    terms,
    /** refine's table props with the lazy tree's expansion, the loading state and the selection. */
    tableProps: { ...tableProps, ...lazy.tableProps, loading: tableQuery.isFetching, rowSelection },
    context,
    bulkDelete,
    /** Open the create or the edit dialog; `forms.forms` renders them. */
    forms,
  };
}

export type ResourceListState = ReturnType<typeof useResourceList>;
