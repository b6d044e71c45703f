import { SearchOutlined } from "@ant-design/icons";
import { CanAccess, useDeleteMany, useParsed, type BaseRecord, type CrudFilter, type CrudSort, type HttpError } from "@refinedev/core";
import { CreateButton, EditButton, List, useTable } from "@refinedev/antd";
import { App, Button, Col, Form, Row, Space, Table } from "antd";
import type { ColumnType } from "antd/es/table";
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { website } from "../../config/website";
import { auditFieldsOf, selectAtLeastOne, type ResourceSpec } from "../../../domain/validation";
import { useDocumentTitle } from "../useDocumentTitle";
import { FieldControl } from "./FieldControl";
import { ResourceForm, type ResourceFormProps } from "./ResourceForm";
import { DeleteRowButton, deletingText } from "./DeleteRowButton";
import { NoMatch, SelectionCount, type SearchTerm } from "./ListStatus";
import { BUTTON_GAP, ListToolbar, RowActions } from "./ListToolbar";
import { useDict } from "./useDict";
import { dictLabel } from "./dict-i18n";
import { useLanguage } from "../../providers/i18n";
import { rowLabel } from "./wording";
import { useLazyChildren } from "./useLazyChildren";
import { useGuardedModalForm } from "./useGuardedModalForm";
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
  cells?: Record<string, (value: unknown, row: BaseRecord) => ReactNode>;
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

function DictText({ code, value }: { code: string; value: unknown }) {
  const { labelOf } = useDict(code);
  return <>{labelOf(value) ?? String(value ?? "")}</>;
}

/**
 * The list page of a resource from its spec, on refine's own components: List with CreateButton,
 * EditButton and DeleteButton gated by the access-control provider (create and the batch actions
 * in the list's toolbar row, above the table), useTable with the search
 * form, page sizes 10/30/50/100/200 kept in the URL, row selection with bulk delete, and one
 * modal form for create and edit.
 */
export function ResourceList(props: ResourceListProps) {
  const { spec, aside, filters, Form: FormComponent = ResourceForm, formControls, extraColumns = [], cells, locked, rowActions, tree, fromRecord } = props;
  const { meta, syncWithLocation = true, paged = true, actionsWidth = 180, formHidden, formExtra, searchMeta, toolbar } = props;
  const { t } = useTranslation();
  const lng = useLanguage();
  const confirmDelete = props.confirmDelete ?? t("messages.confirmDelete");
  const { message, modal } = App.useApp();
  const title = t(`${spec.name}.title`);
  useDocumentTitle(title);
  const [selected, setSelected] = useState<string[]>([]);
  // The names of chosen rows, kept when the page they were chosen on is left (a bulk delete names them).
  const chosenNames = useRef(new Map<string, string>());
  const searchFields = Object.entries(spec.fields).filter(([, f]) => f.search);
  const searchNames = searchFields.map(([name]) => name);
  const hasSearch = (list: readonly CrudFilter[] | undefined) =>
    (list ?? []).some((f) => "field" in f && searchNames.includes(f.field) && f.value !== undefined && f.value !== null && f.value !== "");
  // Set with the filters themselves (onSearch), so one render carries both; a reload starts from the URL's.
  const { params: urlParams } = useParsed();
  const [searching, setSearching] = useState(() => syncWithLocation && hasSearch(urlParams?.filters));

  const { tableProps, searchFormProps, tableQuery, setCurrentPage, filters: currentFilters, sorters } = useTable<BaseRecord, HttpError, Record<string, unknown>>({
    resource: spec.name,
    meta: searching && searchMeta ? { ...meta, ...searchMeta } : meta,
    syncWithLocation,
    pagination: paged ? { pageSize: website.defaultPageSize } : { mode: "off" },
    filters: { permanent: filters },
    onSearch: (values) => {
      const next: CrudFilter[] = searchFields.map(([name, f]) => {
        const v = values[name];
        return { field: name, operator: f.search === "equal" ? "eq" : "contains", value: typeof v === "string" ? v.trim() || undefined : v };
      });
      setSearching(hasSearch(next));
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

  const formOptions = {
    resource: spec.name,
    meta,
    warnWhenUnsavedChanges: true,
    // The dialog closes over the list it was opened from. refine's default (go to the resource's
    // list route) would leave a list shown inside another page (a menu's data scopes) for a route
    // that does not exist, whenever the unsaved-changes guard let it through.
    redirect: false as const,
    ...(fromRecord ? { queryOptions: { select: (d: { data: BaseRecord }) => ({ data: fromRecord(d.data) as BaseRecord }) } } : {}),
  };
  const create = useGuardedModalForm<BaseRecord, HttpError, Record<string, unknown>>({ ...formOptions, action: "create" });
  const edit = useGuardedModalForm<BaseRecord, HttpError, Record<string, unknown>>({ ...formOptions, action: "edit" });
  const { mutate: deleteMany } = useDeleteMany();

  const bulkDelete = () => {
    if (selectAtLeastOne(selected)) return void message.warning(t("messages.selectAtLeastOne"));
    modal.confirm({
      title: confirmDelete,
      content: deletingText(t, selected.map((id) => chosenNames.current.get(id) ?? id)),
      okText: t("common.ok"),
      cancelText: t("buttons.cancel"),
      okButtonProps: { danger: true },
      onOk: () =>
        new Promise<void>((resolve, reject) =>
          deleteMany(
            { resource: spec.name, meta, ids: selected, successNotification: { type: "success", message: t("messages.deleted") } },
            { onSuccess: () => { setSelected([]); resolve(); }, onError: () => reject() },
          ),
        ),
    });
  };

  const clearSearch = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };
  // What the search form asks for now (from the list's filters, so a reloaded URL's search counts).
  const terms: SearchTerm[] = searchFields.flatMap(([name, f]): SearchTerm[] => {
    const filter = currentFilters.find((c) => "field" in c && c.field === name);
    const v: unknown = filter?.value;
    if (v === undefined || v === null || v === "") return [];
    const label = t(`${spec.name}.fields.${name}`);
    if (f.dict) return [{ label, value: <DictText code={f.dict} value={v} /> }];
    return [{ label, value: f.oneOf ? t(`kit.values.${String(v)}`, { defaultValue: String(v) }) : String(v) }];
  });

  const columns: ColumnType<BaseRecord>[] = [
    ...Object.entries({ ...spec.fields, ...auditFieldsOf(spec) })
      .filter(([, f]) => f.column !== false)
      .map(([name, f]): ColumnType<BaseRecord> => ({
        title: t(`${spec.name}.fields.${name}`),
        dataIndex: name,
        sorter: f.sortable ? true : undefined,
        ellipsis: f.kind === "text" && (f.max ?? 0) > 64,
        render: cells?.[name]
          ? cells[name]
          : f.dict
          ? (v: unknown, row: BaseRecord) =>
              typeof row[`${name}Name`] === "string" ? dictLabel(f.dict!, v, row[`${name}Name`] as string, lng) : <DictText code={f.dict!} value={v} />
          : f.oneOf
            ? (v: unknown) => t(`kit.values.${String(v)}`, { defaultValue: String(v ?? "") })
            : undefined,
      })),
    ...extraColumns,
    {
      title: t("table.actions"),
      key: "actions",
      fixed: "right",
      width: actionsWidth,
      render: (_: unknown, row: BaseRecord) =>
        locked?.(row) ? (
          <RowActions>{rowActions?.(row)}</RowActions>
        ) : (
          <RowActions>
            {/* The list's own resource, not the route's: a list shown inside another page's dialog is
                gated by its own codes, and its delete refreshes it. */}
            <EditButton size="small" type="link" resource={spec.name} recordItemId={row.id} onClick={() => edit.show(row.id)} />
            <DeleteRowButton
              resource={spec.name}
              id={row.id}
              name={rowLabel(spec, row)}
              meta={meta}
              confirmTitle={confirmDelete}
              onSuccess={() => setSelected((s) => s.filter((id) => id !== row.id))}
            />
            {rowActions?.(row)}
          </RowActions>
        ),
    },
  ];

  const table = (
    // The header holds the title only (canCreate off: refine would put its own create button there).
    <List title={title} breadcrumb={false} canCreate={false}>
      {searchFields.length > 0 && (
        <Form {...searchFormProps} name={`${spec.name}-search`} layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
          {searchFields.map(([name, f]) => (
            <Form.Item key={name} name={name} label={t(`${spec.name}.fields.${name}`)}>
              <FieldControl f={f} search placeholder={t(f.dict || f.oneOf ? "kit.select" : "kit.enter", { label: t(`${spec.name}.fields.${name}`) })} />
            </Form.Item>
          ))}
          <Space size={BUTTON_GAP}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>{t("common.search")}</Button>
            <Button onClick={clearSearch}>{t("common.reset")}</Button>
          </Space>
        </Form>
      )}
      <ListToolbar>
        <CreateButton resource={spec.name} onClick={() => create.show()} />
        <CanAccess resource={spec.name} action="delete">
          <Button danger onClick={bulkDelete}>
            {t("buttons.delete")}
          </Button>
        </CanAccess>
        {typeof toolbar === "function" ? toolbar({ selected, clearSelection: () => setSelected([]), filters: currentFilters, sorters }) : toolbar}
        <SelectionCount count={selected.length} onClear={() => setSelected([])} />
      </ListToolbar>
      <Table<BaseRecord>
        {...tableProps}
        {...lazy.tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
        loading={tableQuery.isFetching}
        scroll={{ x: "max-content" }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys, rows) => {
            for (const row of rows) if (row) chosenNames.current.set(String(row.id), rowLabel(spec, row));
            setSelected(keys.map(String));
          },
          getCheckboxProps: (row) => ({ disabled: !!locked?.(row) }),
        }}
        locale={{ emptyText: terms.length > 0 ? <NoMatch terms={terms} onClear={clearSearch} /> : t("common.empty") }}
        pagination={
          paged && {
            ...tableProps.pagination,
            pageSizeOptions: [...website.pageSizes],
            showSizeChanger: true,
            showTotal: (total) => t("kit.total", { total }),
          }
        }
      />
    </List>
  );

  return (
    <>
      {aside ? (
        <Row gutter={16} wrap={false}>
          <Col flex="240px">{aside}</Col>
          <Col flex="auto" style={{ minWidth: 0 }}>{table}</Col>
        </Row>
      ) : (
        table
      )}
      {create.open && <FormComponent spec={spec} mode="create" form={create.form} formProps={create.formProps} modalProps={create.modalProps} controls={formControls} hidden={formHidden} extra={formExtra} />}
      {edit.open && <FormComponent spec={spec} mode="edit" form={edit.form} formProps={edit.formProps} modalProps={edit.modalProps} controls={formControls} hidden={formHidden} extra={formExtra} />}
    </>
  );
}

