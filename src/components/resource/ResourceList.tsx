import type { BaseRecord } from "@refinedev/core";
import type { ColumnType } from "antd/es/table";
import type { ReactNode } from "react";
import type { ResourceSpec } from "../../../domain/validation";
import { ListActions, ListFrame, ListSearch, ResourceTable } from "./list/parts";
import { useResourceList, type ResourceListOptions, type ToolbarContext } from "./list/useResourceList";

export type { ToolbarContext };

export interface ResourceListProps extends ResourceListOptions {
  spec: ResourceSpec;
  /** Beside the table (the applications' category tree). */
  aside?: ReactNode;
  /** Buttons of the page beside create and bulk delete; as a function, they see the selection and the current filters. */
  toolbar?: ReactNode | ((context: ToolbarContext) => ReactNode);
  /** Columns beyond the spec's, before the actions. */
  extraColumns?: ColumnType<BaseRecord>[];
  /** Row actions beyond edit and delete. */
  rowActions?: (row: BaseRecord) => ReactNode;
  /** Width of the actions column. */
  actionsWidth?: number;
}

/**
 * The list page of a resource from its spec: the kit's parts (list/parts.tsx) composed the usual
 * way — the search form, the toolbar with 新增 and bulk 删除 gated by the access-control provider
 * (and the page's own buttons), the table with the spec's columns, selection, paging (10/30/50/100/200
 * kept in the URL) and lazy tree, and one modal form for create and edit. A page that needs more
 * composes the same parts itself (the users, the roles, the dictionaries).
 */
export function ResourceList({ spec, aside, toolbar, extraColumns = [], rowActions, actionsWidth, ...options }: ResourceListProps) {
  const list = useResourceList(spec, options);
  return (
    <>
      <ListFrame list={list} aside={aside}>
        <ListSearch list={list} />
        <ListActions list={list}>{toolbar}</ListActions>
        <ResourceTable list={list} columns={[...list.columns, ...extraColumns, list.actionsColumn({ width: actionsWidth, extra: rowActions })]} />
      </ListFrame>
      {list.forms.forms}
    </>
  );
}
