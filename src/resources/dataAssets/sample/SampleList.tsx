import { SearchOutlined } from "@ant-design/icons";
import { List, useTable } from "@refinedev/antd";
import type { BaseRecord, CrudFilter, HttpError } from "@refinedev/core";
import { Alert, Button, Form, Input, Select, Space, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { website } from "../../../config/website";
import "./i18n";

export interface SampleSearchField {
  name: string;
  /** like: free text; equal: one of `options`. */
  kind: "like" | "equal";
  options?: { value: string; label: string }[];
}

export interface SampleListProps {
  resource: string;
  /** The named data provider ("sample" is simple-rest), else the Blade one with `meta`. */
  dataProviderName?: string;
  meta?: Record<string, unknown>;
  columns: ColumnsType<BaseRecord>;
  search?: SampleSearchField[];
  permanent?: CrudFilter[];
}

/** A read-only list of sample data (§1) with search and paging (10 a page, §9). */
export function SampleList({ resource, dataProviderName, meta, columns, search = [], permanent }: SampleListProps) {
  const { t } = useTranslation();
  const { tableProps, searchFormProps, tableQuery } = useTable<BaseRecord, HttpError, Record<string, string | undefined>>({
    resource,
    dataProviderName,
    meta,
    syncWithLocation: false,
    pagination: { pageSize: website.defaultPageSize },
    filters: { permanent },
    onSearch: (values) =>
      search.map((f) => ({ field: f.name, operator: f.kind === "equal" ? "eq" : "contains", value: values[f.name]?.trim() || undefined })),
  });
  return (
    <List breadcrumb={false} canCreate={false}>
      <Alert type="info" showIcon message={t("sample.notice")} style={{ marginBottom: 12 }} />
      {search.length > 0 && (
        <Form {...searchFormProps} name={`${resource}-search`} layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
          {search.map((f) => (
            <Form.Item key={f.name} name={f.name} label={t(`sample.fields.${f.name}`)}>
              {f.kind === "equal" ? <Select allowClear style={{ width: 160 }} options={f.options} /> : <Input allowClear />}
            </Form.Item>
          ))}
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>{t("common.search")}</Button>
            <Button onClick={() => { searchFormProps.form?.resetFields(); searchFormProps.form?.submit(); }}>{t("common.reset")}</Button>
          </Space>
        </Form>
      )}
      <Table<BaseRecord>
        {...tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
        loading={tableQuery.isFetching}
        scroll={{ x: "max-content" }}
        locale={{ emptyText: t("common.empty") }}
        pagination={{ ...tableProps.pagination, pageSizeOptions: [...website.pageSizes], showSizeChanger: true, showTotal: (total) => t("sample.total", { total }) }}
      />
    </List>
  );
}
