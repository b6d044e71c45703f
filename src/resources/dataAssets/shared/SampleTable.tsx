import { SearchOutlined } from "@ant-design/icons";
import { useTable } from "@refinedev/antd";
import type { BaseRecord, CrudFilter, HttpError } from "@refinedev/core";
import { Button, Card, Descriptions, Form, Input, List as AntList, Select, Space, Table, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BUTTON_GAP, ListToolbar } from "../../../components/resource/ListToolbar";
import { website } from "../../../config/website";
import type { SampleSearchField } from "../../../../domain/resources/dataAssets/sample/areas";
import "./i18n";

export interface SampleTableProps {
  resource: string;
  /** The named data provider ("sample" is simple-rest), else the Blade one with `meta`. */
  dataProviderName?: string;
  meta?: Record<string, unknown>;
  columns: ColumnsType<BaseRecord>;
  search?: SampleSearchField[];
  permanent?: CrudFilter[];
  /** Rows as cards (the project board): titled by `projectName`, tagged by `dbType`, these columns below. */
  board?: { fields: string[] };
  /** The list's actions, in the toolbar row every list has above its table (none: a read-only list has no toolbar). */
  toolbar?: ReactNode;
}

/** A read-only sample list (§1) with its search form and paging (10 a page, §9). */
export function SampleTable({ resource, dataProviderName, meta, columns, search = [], permanent, board, toolbar }: SampleTableProps) {
  const { t } = useTranslation();
  const { tableProps, searchFormProps, tableQuery, currentPage, pageSize, setCurrentPage, setPageSize } = useTable<
    BaseRecord,
    HttpError,
    Record<string, string | undefined>
  >({
    resource,
    dataProviderName,
    meta,
    syncWithLocation: false,
    pagination: { pageSize: website.defaultPageSize },
    filters: { permanent },
    onSearch: (values) =>
      search.map((f) => ({ field: f.name, operator: f.kind === "equal" ? "eq" : "contains", value: values[f.name]?.trim() || undefined })),
  });
  const showTotal = (total: number) => t("sample.total", { total });
  const total = tableQuery.data?.total ?? 0;
  return (
    <>
      {search.length > 0 && (
        <Form {...searchFormProps} name={`${resource}-search`} layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
          {search.map((f) => (
            <Form.Item key={f.name} name={f.name} label={t(`sample.fields.${f.name}`)}>
              {f.kind === "equal" ? (
                <Select allowClear style={{ width: 160 }} options={f.options?.map((o) => ({ value: o.value, label: t(o.label, { defaultValue: o.label }) }))} />
              ) : (
                <Input allowClear />
              )}
            </Form.Item>
          ))}
          <Space size={BUTTON_GAP}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>{t("common.search")}</Button>
            <Button onClick={() => { searchFormProps.form?.resetFields(); searchFormProps.form?.submit(); }}>{t("common.reset")}</Button>
          </Space>
        </Form>
      )}
      {toolbar && <ListToolbar>{toolbar}</ListToolbar>}
      {board ? (
        <AntList<BaseRecord>
          grid={{ gutter: 12, column: 3, xs: 1, sm: 2, md: 2, lg: 3, xl: 3, xxl: 4 }}
          loading={tableQuery.isFetching}
          dataSource={tableProps.dataSource as BaseRecord[] | undefined}
          locale={{ emptyText: t("common.empty") }}
          pagination={{
            current: currentPage,
            pageSize,
            total,
            showTotal,
            showSizeChanger: true,
            pageSizeOptions: [...website.pageSizes],
            onChange: (page, size) => {
              setCurrentPage(size === pageSize ? page : 1);
              setPageSize(size);
            },
          }}
          renderItem={(row) => (
            <AntList.Item>
              <Card size="small" title={String(row.projectName ?? "")} extra={row.dbType ? <Tag>{String(row.dbType)}</Tag> : null}>
                <Descriptions
                  size="small"
                  column={1}
                  items={columns
                    .filter((c) => board.fields.includes(String(c.key)))
                    .map((c) => {
                      const key = String(c.key);
                      return { key, label: c.title as React.ReactNode, children: c.render ? (c.render(row[key], row, 0) as React.ReactNode) : String(row[key] ?? "") };
                    })}
                />
              </Card>
            </AntList.Item>
          )}
        />
      ) : (
        <Table<BaseRecord>
          {...tableProps}
          rowKey="id"
          size="middle"
          columns={columns}
          loading={tableQuery.isFetching}
          scroll={{ x: "max-content" }}
          locale={{ emptyText: t("common.empty") }}
          pagination={{ ...tableProps.pagination, pageSizeOptions: [...website.pageSizes], showSizeChanger: true, showTotal }}
        />
      )}
    </>
  );
}
