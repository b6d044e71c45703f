import { CanAccess, type BaseRecord } from "@refinedev/core";
import { CreateButton, List } from "@refinedev/antd";
import { Button } from "antd";
import type { ColumnType } from "antd/es/table";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../useDocumentTitle";
import { NoMatch, SelectionCount } from "../ListStatus";
import { ListToolbar } from "../ListToolbar";
import { rowLabel } from "../wording";
import { ListTable } from "./ListTable";
import { clearSearch, SearchForm } from "./SearchForm";
import { searchFieldsOf, SpecSearchFields } from "./SpecSearch";
import type { ResourceListState, ToolbarContext } from "./useResourceList";
import { WithAside } from "./WithAside";
import "../i18n";

/**
 * The parts of a resource's list page, each showing one side of `useResourceList`'s state. A page
 * is their composition: ListFrame around ListSearch, ListActions and ResourceTable, then the
 * state's dialogs (`list.forms.forms`).
 */

/** The page's frame: the tab's title, the list's header with it, and the filter beside the list (a tree). */
export function ListFrame({ list, aside, children }: { list: ResourceListState; aside?: ReactNode; children: ReactNode }) {
  useDocumentTitle(list.title);
  return (
    <WithAside aside={aside}>
      {/* The header holds the title only (canCreate off: refine would put its own create button there). */}
      <List title={list.title} breadcrumb={false} canCreate={false}>
        {children}
      </List>
    </WithAside>
  );
}

/** The search form of the spec's searchable fields (nothing when it has none). */
export function ListSearch({ list }: { list: ResourceListState }) {
  if (searchFieldsOf(list.spec).length === 0) return null;
  return (
    <SearchForm name={`${list.spec.name}-search`} formProps={list.searchFormProps}>
      <SpecSearchFields spec={list.spec} />
    </SearchForm>
  );
}

/**
 * The toolbar: 新增 and bulk 删除, each gated by the access-control provider, the page's own buttons
 * (`children`, as a function they see the chosen rows and the current filters), the chosen count.
 */
export function ListActions({ list, children }: { list: ResourceListState; children?: ReactNode | ((context: ToolbarContext) => ReactNode) }) {
  const { t } = useTranslation();
  const { spec, context } = list;
  return (
    <ListToolbar>
      <CreateButton resource={spec.name} onClick={list.forms.create} />
      <CanAccess resource={spec.name} action="delete">
        <Button danger onClick={list.bulkDelete}>
          {t("buttons.delete")}
        </Button>
      </CanAccess>
      {typeof children === "function" ? children(context) : children}
      <SelectionCount count={context.selected.length} onClear={context.clearSelection} />
    </ListToolbar>
  );
}

/** The table: the given columns (default the spec's and the row actions), paging, selection and the lazy tree. */
export function ResourceTable({ list, columns }: { list: ResourceListState; columns?: ColumnType<BaseRecord>[] }) {
  const { t } = useTranslation();
  const { spec, terms } = list;
  return (
    <ListTable<BaseRecord>
      {...list.tableProps}
      columns={columns ?? [...list.columns, list.actionsColumn()]}
      paged={list.paged}
      rowLabel={(row) => rowLabel(spec, row)}
      locale={{ emptyText: terms.length > 0 ? <NoMatch terms={terms} onClear={() => clearSearch(list.searchFormProps.form)} /> : t("common.empty") }}
    />
  );
}
