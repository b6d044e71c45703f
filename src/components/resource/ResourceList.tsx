import { CanAccess, useParsed, type BaseRecord, type CrudFilter, type CrudSort, type HttpError } from "@refinedev/core";
import { CreateButton, EditButton, List, useTable } from "@refinedev/antd";
import { Button } from "antd";
import type { ColumnType } from "antd/es/table";
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { website } from "../../config/website";
import type { ResourceSpec } from "../../../domain/validation";
import { useDocumentTitle } from "../useDocumentTitle";
import type { ResourceFormProps } from "./ResourceForm";
import { DeleteRowButton } from "./DeleteRowButton";
import { NoMatch, SelectionCount } from "./ListStatus";
import { ListToolbar, RowActions } from "./ListToolbar";
import { rowLabel } from "./wording";
import { useLazyChildren } from "./useLazyChildren";
import { ListTable } from "./list/ListTable";
import { clearSearch, SearchForm } from "./list/SearchForm";
import { hasSpecSearch, searchFieldsOf, specSearchFilters, SpecSearchFields, useSpecSearchTerms } from "./list/SpecSearch";
import { useSpecColumns, type Cells } from "./list/spec-columns";
import { useBulkDelete } from "./list/useBulkDelete";
import { useResourceForms } from "./list/useResourceForms";
import { WithAside } from "./list/WithAside";
import "./i18n";

/** What a page's toolbar buttons may act on: the chosen rows and the list's current query (an export). */
export interface ToolbarContext {
  selected: string[];
  clearSelection: () => void;
  /** Every filter the list sends now: the page's own and the search form's. */
  filters: CrudFilter[];
  sorters: CrudSort[];
}

export interface ResourceListProps {
  spec: ResourceSpec;
  /** Beside the table (the users page's department tree). */
  aside?: ReactNode;
  /** Filters the page sets itself, kept under the search form's. */
  filters?: CrudFilter[];
  /** A form of its own instead of the spec's generic one. */
  Form?: ComponentType<ResourceFormProps>;
  /** Passed to the form: controls replacing a field's default. */
  formControls?: ResourceFormProps["controls"];
  /** A spec column's cell drawn by the page (the menu list's names, in the platform's words). */
  cells?: Cells;
  /** Columns beyond the spec's, before the actions. */
  extraColumns?: ColumnType<BaseRecord>[];
  /** Rows that may be neither edited nor deleted (sealed dictionary entries). */
  locked?: (row: BaseRecord) => boolean;
  /** Row actions beyond edit and delete. */
  rowActions?: (row: BaseRecord) => ReactNode;
  /** `lazy`: rows with hasChildren load their children from `lazy-list?parentId=` when expanded. */
  tree?: "lazy";
  /**
   * Data-provider meta while the search form holds a value, over `meta`: a lazy tree searches every
   * level (BladeX's lazy-list without parentId, as Saber sends it) instead of the top one.
   */
  searchMeta?: Record<string, unknown>;
  /**
   * Buttons of the page beside create and bulk delete (import, sync …), gated by the page; as a
   * function, they see the selection and the list's current filters.
   */
  toolbar?: ReactNode | ((context: ToolbarContext) => ReactNode);
  /** Edit form values from the detail record (e.g. ids lists to arrays). */
  fromRecord?: (record: BaseRecord) => Record<string, unknown>;
  /** Data-provider meta of this list beyond the resource's (another list endpoint, fixed params). */
  meta?: Record<string, unknown>;
  /** false inside a dialog: the page's URL belongs to the page. */
  syncWithLocation?: boolean;
  /** false for a tree answered whole (no pages). */
  paged?: boolean;
  /** Width of the actions column. */
  actionsWidth?: number;
  /** The question before a delete, when it takes more than the rows (an application's roles): default 确定将选择数据删除? */
  confirmDelete?: string;
  /** Passed to the form: fields not shown, values sent with every save, dialog width. */
  formHidden?: string[];
  formExtra?: Record<string, unknown>;
}

/**
 * The list page of a resource from its spec, composed of the kit's parts (list/): the search form,
 * the toolbar with CreateButton and bulk delete gated by the access-control provider (and the
 * page's own buttons), the table with the spec's columns, selection, paging (10/30/50/100/200 kept
 * in the URL) and lazy tree, and one modal form for create and edit.
 */
export function ResourceList(props: ResourceListProps) {
  const { spec, aside, filters, extraColumns = [], cells, locked, rowActions, tree, meta, searchMeta, toolbar } = props;
  const { syncWithLocation = true, paged = true, actionsWidth = 180 } = props;
  const { t } = useTranslation();
  const confirmDelete = props.confirmDelete ?? t("messages.confirmDelete");
  const title = t(`${spec.name}.title`);
  useDocumentTitle(title);
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
  const forms = useResourceForms(spec, { meta, fromRecord: props.fromRecord, Form: props.Form, controls: props.formControls, hidden: props.formHidden, extra: props.formExtra });
  const { selected, setSelected, rowSelection, bulkDelete } = useBulkDelete(spec, { meta, confirm: confirmDelete, locked });
  const terms = useSpecSearchTerms(spec, currentFilters);

  const columns: ColumnType<BaseRecord>[] = [
    ...useSpecColumns(spec, cells),
    ...extraColumns,
    {
      title: t("table.actions"),
      key: "actions",
      fixed: "right",
      width: actionsWidth,
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
          {rowActions?.(row)}
        </RowActions>
      ),
    },
  ];

  return (
    <>
      <WithAside aside={aside}>
        {/* The header holds the title only (canCreate off: refine would put its own create button there). */}
        <List title={title} breadcrumb={false} canCreate={false}>
          {searchFieldsOf(spec).length > 0 && (
            <SearchForm name={`${spec.name}-search`} formProps={searchFormProps}>
              <SpecSearchFields spec={spec} />
            </SearchForm>
          )}
          <ListToolbar>
            <CreateButton resource={spec.name} onClick={forms.create} />
            <CanAccess resource={spec.name} action="delete">
              <Button danger onClick={bulkDelete}>
                {t("buttons.delete")}
              </Button>
            </CanAccess>
            {typeof toolbar === "function" ? toolbar({ selected, clearSelection: () => setSelected([]), filters: currentFilters, sorters }) : toolbar}
            <SelectionCount count={selected.length} onClear={() => setSelected([])} />
          </ListToolbar>
          <ListTable<BaseRecord>
            {...tableProps}
            {...lazy.tableProps}
            columns={columns}
            paged={paged}
            loading={tableQuery.isFetching}
            rowSelection={rowSelection}
            rowLabel={(row) => rowLabel(spec, row)}
            locale={{ emptyText: terms.length > 0 ? <NoMatch terms={terms} onClear={() => clearSearch(searchFormProps.form)} /> : t("common.empty") }}
          />
        </List>
      </WithAside>
      {forms.forms}
    </>
  );
}
