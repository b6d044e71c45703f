import { DownloadOutlined, SearchOutlined } from "@ant-design/icons";
import { CanAccess, type BaseRecord, type CrudFilter, type HttpError } from "@refinedev/core";
import { List, useTable } from "@refinedev/antd";
import { App, Button, DatePicker, Form, Input, Select, Space, Table } from "antd";
import type { ColumnType } from "antd/es/table";
import type { Dayjs } from "dayjs";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { website } from "../../../config/website";
import { saveBlob } from "../../../components/save-blob";
import { useDocumentTitle } from "../../../components/useDocumentTitle";
import { DATE_FORMAT, filtersToQuery } from "../../../providers/data";
import { http, type BlobResult } from "../../../providers/http";
import { clippedText, COLUMN_WIDTH, scrollWidth, timeColumn } from "../../../components/table-columns";
import type { FieldSpec, ResourceSpec } from "../../../../domain/validation";
import "../../../components/resource/i18n";
import { NoMatch } from "../../../components/resource/ListStatus";
import { BUTTON_GAP, ListToolbar } from "../../../components/resource/ListToolbar";
import { searchTerms, useSearchFromUrl } from "./search-in-url";
import "./i18n";

/** A search control beyond account, IP and the time range (result, type …). */
export interface SearchOption {
  /** The Blade key it sends (`success_equal`, `title` …). */
  key: string;
  label: string;
  options?: { value: string | number; label: string }[];
}

export interface LogListProps {
  spec: ResourceSpec;
  /** Columns in order: spec fields by name, or a column of the page's own. */
  columns: (string | ColumnType<BaseRecord>)[];
  search: SearchOption[];
  /** Beside the export button (the chain check). */
  toolbar?: ReactNode;
  /** Above the table (the chain check's answer). */
  banner?: ReactNode;
  rowClassName?: (row: BaseRecord) => string;
  /**
   * Where the list reads when not `<spec.api>/page` (the operation log's api/operationList), and
   * the keys it takes the time range by. The export of the search sends the same keys.
   */
  source?: { api: string; list: string; from: string; to: string };
  /** An export of the ticked rows by their ids (POST, form-encoded): the rows get checkboxes. */
  exportSelectedUrl?: string;
}

/**
 * A spec field's column at a bounded width (text, never markup: whatever a client sent shows as
 * typed). Long text (a user agent) is cut with its whole value in a tooltip; the time keeps all
 * its characters and stays in sight at the right however wide the rest is.
 */
function sizedColumn(f: FieldSpec | undefined): ColumnType<BaseRecord> {
  if (f?.kind === "date") return timeColumn(true);
  const max = f?.max ?? 0;
  return clippedText(max > 255 ? COLUMN_WIDTH.long : max > 64 ? COLUMN_WIDTH.text : COLUMN_WIDTH.name);
}

type SearchValues = Record<string, unknown> & { createTime?: [Dayjs | null, Dayjs | null] | null };

/**
 * A log's page: search by account, IP, the page's own keys and a time range
 * (createTime_dategt/_datelt), newest first, and an export of exactly what the search shows (an
 * authenticated blob download). Logs are written by the server only: no create, edit or delete.
 */
export function LogList({ spec, columns, search, toolbar, banner, rowClassName, source, exportSelectedUrl }: LogListProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const title = t(`${spec.name}.title`);
  useDocumentTitle(title);

  const { tableProps, searchFormProps, tableQuery, filters } = useTable<BaseRecord, HttpError, SearchValues>({
    resource: spec.name,
    meta: { rawFilters: true, ...(source ? { api: source.api, endpoints: { list: source.list } } : {}) },
    // The search, page and size live in the URL: a reload or a shared link shows the same rows.
    syncWithLocation: true,
    pagination: { pageSize: website.defaultPageSize },
    onSearch: (values) => {
      const text = (v: unknown) => (typeof v === "string" ? v.trim() || undefined : v);
      const [from, to] = values.createTime ?? [];
      const next: CrudFilter[] = [
        { field: "account", operator: "eq", value: text(values.account) },
        { field: "ip", operator: "eq", value: text(values.ip) },
        ...search.map((s): CrudFilter => ({ field: s.key, operator: "eq", value: text(values[s.key]) })),
        { field: source?.from ?? "createTime_dategt", operator: "eq", value: from ? from.format(DATE_FORMAT) : undefined },
        { field: source?.to ?? "createTime_datelt", operator: "eq", value: to ? to.format(DATE_FORMAT) : undefined },
      ];
      return next;
    },
  });

  const range = { from: source?.from ?? "createTime_dategt", to: source?.to ?? "createTime_datelt" };
  useSearchFromUrl(searchFormProps.form, filters, search, range);
  const terms = searchTerms(
    filters,
    [
      { key: "account", label: t(`${spec.name}.fields.account`) },
      ...search,
      { key: "ip", label: t(`${spec.name}.fields.ip`) },
    ],
    { ...range, label: t("logAudit.timeRange") },
  );
  const clearSearch = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };

  const exportShown = async () => {
    const hide = message.loading(t("logAudit.exporting"), 0);
    try {
      // The list's own filters, paging left out: the file holds every row the search matches.
      saveBlob(await http.get<BlobResult>(`${spec.api}/download`, { params: filtersToQuery(filters, true), responseType: "blob" }));
    } catch {
      // The http layer has shown the refusal.
    } finally {
      hide();
    }
  };

  const [selected, setSelected] = useState<string[]>([]);
  const [exportingSelected, setExportingSelected] = useState(false);
  const exportSelected = async () => {
    if (!exportSelectedUrl || selected.length === 0) return;
    setExportingSelected(true);
    try {
      // In the body, not the URL: a thousand ids would outgrow a query string.
      saveBlob(await http.post<BlobResult>(exportSelectedUrl, { ids: selected.join(",") }, { meta: { isSerialize: true }, responseType: "blob" }));
    } catch {
      // The http layer has shown the refusal.
    } finally {
      setExportingSelected(false);
    }
  };

  const tableColumns: ColumnType<BaseRecord>[] = columns.map((c) =>
    typeof c === "string" ? { title: t(`${spec.name}.fields.${c}`), dataIndex: c, ...sizedColumn(spec.fields[c]) } : c,
  );

  const placeholder = (label: string, select = false) => t(select ? "kit.select" : "kit.enter", { label });

  return (
    // The header holds the title only; the actions sit in the list's toolbar, as on every list.
    <List title={title} breadcrumb={false} canCreate={false}>
      <Form {...searchFormProps} name={`${spec.name}-search`} layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="account" label={t(`${spec.name}.fields.account`)}>
          <Input allowClear maxLength={64} placeholder={placeholder(t(`${spec.name}.fields.account`))} />
        </Form.Item>
        {search.map((s) => (
          <Form.Item key={s.key} name={s.key} label={s.label}>
            {s.options ? (
              <Select allowClear style={{ minWidth: 120 }} options={s.options} placeholder={placeholder(s.label, true)} />
            ) : (
              <Input allowClear maxLength={100} placeholder={placeholder(s.label)} />
            )}
          </Form.Item>
        ))}
        <Form.Item name="ip" label={t(`${spec.name}.fields.ip`)}>
          <Input allowClear maxLength={64} placeholder={placeholder(t(`${spec.name}.fields.ip`))} />
        </Form.Item>
        <Form.Item name="createTime" label={t("logAudit.timeRange")}>
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} format={DATE_FORMAT} />
        </Form.Item>
        <Space size={BUTTON_GAP}>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t("common.search")}
          </Button>
          <Button onClick={clearSearch}>{t("common.reset")}</Button>
        </Space>
      </Form>
      <ListToolbar>
        {toolbar}
        <CanAccess resource={spec.name} action="export">
          <Button icon={<DownloadOutlined />} onClick={() => void exportShown()}>
            {t("buttons.export")}
          </Button>
          {exportSelectedUrl && (
            <Button
              icon={<DownloadOutlined />}
              disabled={selected.length === 0}
              loading={exportingSelected}
              onClick={() => void exportSelected()}
            >
              {t("logAudit.exportSelected", { count: selected.length })}
            </Button>
          )}
        </CanAccess>
      </ListToolbar>
      {banner}
      <Table<BaseRecord>
        {...tableProps}
        rowKey="id"
        size="middle"
        columns={tableColumns}
        loading={tableQuery.isFetching}
        scroll={{ x: scrollWidth(tableColumns, Boolean(exportSelectedUrl)) }}
        rowClassName={rowClassName}
        rowSelection={
          exportSelectedUrl
            ? { selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => setSelected(keys.map(String)) }
            : undefined
        }
        locale={{
          emptyText: tableQuery.isError ? t("logAudit.loadFailed") : terms.length > 0 ? <NoMatch terms={terms} onClear={clearSearch} /> : t("common.empty"),
        }}
        pagination={{
          ...tableProps.pagination,
          pageSizeOptions: [...website.pageSizes],
          showSizeChanger: true,
          showTotal: (total) => t("kit.total", { total }),
        }}
      />
    </List>
  );
}
