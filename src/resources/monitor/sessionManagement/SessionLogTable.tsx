import { SearchOutlined } from "@ant-design/icons";
import type { BaseRecord, CrudFilter, HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Alert, Button, DatePicker, Form, Input, Select, Space, Table, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import dayjs, { type Dayjs } from "dayjs";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { BUTTON_GAP } from "../../../components/resource/ListToolbar";
import { clippedText, COLUMN_WIDTH, scrollWidth, timeColumn } from "../../../components/table-columns";
import { website } from "../../../config/website";
import { DATE_FORMAT } from "../../../providers/data";
import "../../../components/resource/i18n";
import { API } from "../../../../domain/contract/api";

interface LogRecord extends BaseRecord {
  id: string;
  account?: string;
  grantType?: string;
  success?: number;
  reason?: string;
  ip?: string;
  userAgent?: string;
  createTime?: string;
}

interface Search {
  account?: string;
  ip?: string;
  success?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** 会话日志 (`userSession/logPage`): every sign-in attempt of the tenant, newest first. */
export function SessionLogTable() {
  const { t } = useTranslation();
  const { tableProps, searchFormProps, tableQuery, filters } = useTable<LogRecord, HttpError, Search>({
    resource: "userSession",
    meta: { api: API.base("/blade-user/userSession"), endpoints: { list: "logPage" } },
    // In the URL, as every list: a reload or a shared link shows the same rows.
    syncWithLocation: true,
    pagination: { pageSize: website.defaultPageSize },
    onSearch: (values): CrudFilter[] => [
      { field: "account", operator: "contains", value: values.account?.trim() || undefined },
      { field: "ip", operator: "contains", value: values.ip?.trim() || undefined },
      { field: "success", operator: "eq", value: values.success },
      // §7: date filters are createTime_dategt / createTime_datelt.
      // As text, not dayjs objects: they travel in the URL.
      { field: "createTime", operator: "gt", value: values.range?.[0]?.startOf("day").format(DATE_FORMAT) },
      { field: "createTime", operator: "lt", value: values.range?.[1]?.endOf("day").format(DATE_FORMAT) },
    ],
  });
  // A reloaded URL's search back in the form: refine fills account and ip by name, not the result
  // (a number where the URL holds text) nor the range (two filters on one field).
  const form = searchFormProps.form;
  useEffect(() => {
    const value = (operator: string) => {
      const f = filters.find((c) => "field" in c && c.operator === operator && (operator === "eq" ? c.field === "success" : c.field === "createTime"));
      return f?.value === undefined || f.value === "" ? undefined : String(f.value);
    };
    const [success, from, to] = [value("eq"), value("gt"), value("lt")];
    form?.setFieldsValue({
      success: success === undefined ? undefined : Number(success),
      range: from || to ? [from ? dayjs(from, DATE_FORMAT) : null, to ? dayjs(to, DATE_FORMAT) : null] : undefined,
    });
    // Once, when the tab opens: afterwards the form is the source of the filters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form]);
  const f = (name: string) => t(`session.fields.${name}`);
  // Bounded widths: a long user agent is cut (whole in its tooltip), the time always shows whole.
  const columns: ColumnsType<LogRecord> = [
    { title: f("account"), dataIndex: "account", ...clippedText(COLUMN_WIDTH.name) },
    { title: f("grantType"), dataIndex: "grantType", ...clippedText(COLUMN_WIDTH.narrow) },
    {
      title: f("success"),
      dataIndex: "success",
      width: COLUMN_WIDTH.narrow,
      render: (v: number) => <Tag color={v === 1 ? "green" : "red"}>{t(`session.result.${v === 1 ? 1 : 0}`)}</Tag>,
    },
    { title: f("reason"), dataIndex: "reason", ...clippedText(COLUMN_WIDTH.text) },
    { title: f("ip"), dataIndex: "ip", ...clippedText(COLUMN_WIDTH.name) },
    { title: f("userAgent"), dataIndex: "userAgent", ...clippedText(COLUMN_WIDTH.long) },
    { title: f("logTime"), dataIndex: "createTime", ...timeColumn(true) },
  ];

  return (
    <>
      <Form {...searchFormProps} name="session-log-search" layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="account" label={f("account")}>
          <Input allowClear maxLength={64} placeholder={f("account")} />
        </Form.Item>
        <Form.Item name="ip" label={f("ip")}>
          <Input allowClear maxLength={64} placeholder={f("ip")} />
        </Form.Item>
        <Form.Item name="success" label={f("success")}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={f("success")}
            options={[1, 0].map((v) => ({ value: v, label: t(`session.result.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="range" label={f("logTime")}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Space size={BUTTON_GAP}>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t("common.search")}
          </Button>
          <Button onClick={() => { searchFormProps.form?.resetFields(); searchFormProps.form?.submit(); }}>{t("common.reset")}</Button>
        </Space>
      </Form>
      {tableQuery.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={t("session.loadFailed")}
          action={<Button size="small" onClick={() => void tableQuery.refetch()}>{t("buttons.refresh")}</Button>}
        />
      )}
      <Table<LogRecord>
        {...tableProps}
        rowKey="id"
        size="middle"
        loading={tableQuery.isFetching}
        scroll={{ x: scrollWidth(columns) }}
        locale={{ emptyText: t("common.empty") }}
        columns={columns}
        pagination={{
          ...tableProps.pagination,
          pageSizeOptions: [...website.pageSizes],
          showSizeChanger: true,
          showTotal: (total) => t("kit.total", { total }),
        }}
      />
    </>
  );
}
