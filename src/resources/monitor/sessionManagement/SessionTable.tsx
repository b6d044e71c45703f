import { DownloadOutlined, LogoutOutlined, SearchOutlined } from "@ant-design/icons";
import { useInvalidate, type BaseRecord, type CrudFilter, type HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Alert, App, Button, Checkbox, Form, Input, Space, Table, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BUTTON_GAP, ListToolbar, RowActions } from "../../../components/resource/ListToolbar";
import { clippedText, COLUMN_WIDTH, scrollWidth, timeColumn } from "../../../components/table-columns";
import { website } from "../../../config/website";
import { usePermission } from "../../../providers/access-control";
import { filtersToQuery } from "../../../providers/data";
import { selectAtLeastOne } from "../../../../domain/validation";
import { downloadSessions, stopSessions } from "./calls";
import { SESSION_CODES } from "./codes";
import "../../../components/resource/i18n";
import { API } from "../../../../domain/contract/api";

export type SessionKind = "user" | "app";

/** The two session lists: their list endpoint, fixed parameters (Saber's) and download path. */
const KINDS = {
  user: { api: API.base("/blade-user/userSession"), params: {}, download: API.get("/blade-user/userSession/download") },
  app: {
    api: API.base("/authentication/appUserSession"),
    params: { descs: "create_time,id" },
    download: API.get("/authentication/appUserSession/download"),
  },
} as const;

interface SessionRecord extends BaseRecord {
  id: string;
  account?: string;
  realName?: string;
  tenantId?: string;
  clientId?: string;
  ip?: string;
  userAgent?: string;
  createTime?: string;
  lastActiveTime?: string;
  expireTime?: string;
  status?: number;
  current?: boolean;
}

/**
 * One list of sessions (user sessions of the console's client, or application sessions of the
 * other OAuth clients): search by account and IP, force logout of one or several after a
 * confirmation, and a download of exactly what the search shows.
 */
export function SessionTable({ kind, syncWithLocation }: { kind: SessionKind; syncWithLocation: boolean }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const invalidate = useInvalidate();
  const canStop = usePermission(SESSION_CODES.stop);
  const canExport = usePermission(SESSION_CODES.export);
  const [selected, setSelected] = useState<string[]>([]);
  // Application sessions: Saber lists the authorised (live) ones; the history is one tick away.
  const [history, setHistory] = useState(false);
  const config = KINDS[kind];

  const { tableProps, searchFormProps, tableQuery, filters } = useTable<SessionRecord, HttpError, { account?: string; ip?: string }>({
    resource: "userSession",
    meta: { api: config.api, params: kind === "app" ? { ...config.params, authFlag: !history } : config.params },
    syncWithLocation,
    pagination: { pageSize: website.defaultPageSize },
    onSearch: (values): CrudFilter[] => [
      { field: "account", operator: "contains", value: values.account?.trim() || undefined },
      { field: "ip", operator: "contains", value: values.ip?.trim() || undefined },
    ],
  });

  const stop = (ids: string[]) =>
    modal.confirm({
      title: t("session.stopConfirm"),
      okText: t("common.ok"),
      cancelText: t("buttons.cancel"),
      okButtonProps: { danger: true },
      onOk: async () => {
        await stopSessions(ids);
        message.success(t("session.stopDone"));
        setSelected([]);
        await invalidate({ resource: "userSession", invalidates: ["list"] });
      },
    });

  const stopSelected = () => {
    if (selectAtLeastOne(selected)) return void message.warning(t("messages.selectAtLeastOne"));
    stop(selected);
  };

  const exportAll = async () => {
    const hide = message.loading(t("session.downloading"), 0);
    try {
      const params = { ...config.params, ...(kind === "app" ? { authFlag: !history } : {}), ...filtersToQuery(filters, false, []) };
      await downloadSessions(config.download, params);
    } finally {
      hide();
    }
  };

  const f = (name: string) => t(`session.fields.${name}`);
  // Bounded widths: a long user agent is cut (whole in its tooltip), the times always show whole.
  const columns: ColumnsType<SessionRecord> = [
    {
      title: f("account"),
      dataIndex: "account",
      width: COLUMN_WIDTH.text,
      render: (v: string, row) => (
        <Space size={4}>
          {v}
          {row.current && <Tag color="blue">{t("session.current")}</Tag>}
        </Space>
      ),
    },
    { title: f("realName"), dataIndex: "realName", ...clippedText(COLUMN_WIDTH.name) },
    { title: f(kind === "app" ? "appName" : "clientId"), dataIndex: "clientId", ...clippedText(COLUMN_WIDTH.name) },
    { title: f("ip"), dataIndex: "ip", ...clippedText(COLUMN_WIDTH.name) },
    { title: f("userAgent"), dataIndex: "userAgent", ...clippedText(COLUMN_WIDTH.long) },
    { title: f("createTime"), dataIndex: "createTime", ...timeColumn() },
    { title: f("lastActiveTime"), dataIndex: "lastActiveTime", ...timeColumn() },
    { title: f("expireTime"), dataIndex: "expireTime", ...timeColumn() },
    {
      title: f("status"),
      dataIndex: "status",
      width: COLUMN_WIDTH.narrow,
      render: (v: number) => <Tag color={v === 0 ? "default" : "green"}>{t(`session.status.${v === 0 ? 0 : 1}`)}</Tag>,
    },
  ];
  if (canStop) {
    columns.push({
      title: t("table.actions"),
      key: "actions",
      fixed: "right",
      width: COLUMN_WIDTH.name,
      render: (_, row) =>
        row.status !== 0 && (
          <RowActions>
            <Button size="small" danger icon={<LogoutOutlined />} disabled={row.current} onClick={() => stop([row.id])}>
              {t("session.stop")}
            </Button>
          </RowActions>
        ),
    });
  }

  return (
    <>
      <Form {...searchFormProps} name={`session-${kind}-search`} layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="account" label={f("account")}>
          <Input allowClear maxLength={64} placeholder={f("account")} />
        </Form.Item>
        <Form.Item name="ip" label={f("ip")}>
          <Input allowClear maxLength={64} placeholder={f("ip")} />
        </Form.Item>
        <Space size={BUTTON_GAP} wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t("common.search")}
          </Button>
          <Button onClick={() => { searchFormProps.form?.resetFields(); searchFormProps.form?.submit(); }}>{t("common.reset")}</Button>
          {kind === "app" && (
            <Checkbox checked={history} onChange={(e) => setHistory(e.target.checked)}>
              {t("session.history")}
            </Checkbox>
          )}
        </Space>
      </Form>
      <ListToolbar>
        {canStop && (
          <Button danger icon={<LogoutOutlined />} onClick={stopSelected}>
            {t("session.stopSelected")}
          </Button>
        )}
        {canExport && (
          <Button icon={<DownloadOutlined />} onClick={() => void exportAll()}>
            {t("session.download")}
          </Button>
        )}
      </ListToolbar>
      {tableQuery.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={t("session.loadFailed")}
          action={<Button size="small" onClick={() => void tableQuery.refetch()}>{t("buttons.refresh")}</Button>}
        />
      )}
      <Table<SessionRecord>
        {...tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
        loading={tableQuery.isFetching}
        scroll={{ x: scrollWidth(columns, canStop) }}
        rowSelection={
          canStop
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(String)),
                getCheckboxProps: (row) => ({ disabled: row.current || row.status === 0 }),
              }
            : undefined
        }
        locale={{ emptyText: t("common.empty") }}
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
