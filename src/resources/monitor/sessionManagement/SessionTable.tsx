import { LogoutOutlined } from "@ant-design/icons";
import { useInvalidate, type BaseRecord } from "@refinedev/core";
import { App, Button, Checkbox, Space, Tag } from "antd";
import type { ColumnType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RowActions } from "../../../components/resource/ListToolbar";
import { ReadOnlyList } from "../../../components/resource/list/ReadOnlyList";
import { clippedText, COLUMN_WIDTH, timeColumn } from "../../../components/table-columns";
import { usePermission } from "../../../providers/access-control";
import { selectAtLeastOne } from "../../../../domain/validation";
import { stopSessions } from "./calls";
import { SESSION_CODES } from "./codes";
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

/** A live session other than the one in use may be ended. */
const stoppable = (row: BaseRecord) => !row.current && row.status !== 0;

/**
 * One list of sessions (user sessions of the console's client, or application sessions of the
 * other OAuth clients) on the kit's read-only list: search by account and IP, force logout of one
 * or several after a confirmation, and an export of exactly what the search shows.
 */
export function SessionTable({ kind }: { kind: SessionKind }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const invalidate = useInvalidate();
  const canStop = usePermission(SESSION_CODES.stop);
  // Application sessions: Saber lists the authorised (live) ones; the history is one tick away.
  const [history, setHistory] = useState(false);
  const config = KINDS[kind];

  const stop = (ids: string[], done: () => void) =>
    modal.confirm({
      title: t("session.stopConfirm"),
      okText: t("common.ok"),
      cancelText: t("buttons.cancel"),
      okButtonProps: { danger: true },
      onOk: async () => {
        await stopSessions(ids);
        message.success(t("session.stopDone"));
        done();
        await invalidate({ resource: "userSession", invalidates: ["list"] });
      },
    });

  const f = (name: string) => t(`session.fields.${name}`);
  // Bounded widths: a long user agent is cut (whole in its tooltip), the times always show whole.
  const columns = (clearSelection: () => void): ColumnType<BaseRecord>[] => [
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
    ...(canStop
      ? [
          {
            title: t("table.actions"),
            key: "actions",
            fixed: "right" as const,
            width: COLUMN_WIDTH.name,
            render: (_: unknown, row: BaseRecord) =>
              row.status !== 0 && (
                <RowActions>
                  <Button size="small" danger icon={<LogoutOutlined />} disabled={Boolean(row.current)} onClick={() => stop([String(row.id)], clearSelection)}>
                    {t("session.stop")}
                  </Button>
                </RowActions>
              ),
          },
        ]
      : []),
  ];

  return (
    <ReadOnlyList
      resource="userSession"
      name={`session-${kind}`}
      meta={{ api: config.api, params: kind === "app" ? { ...config.params, authFlag: !history } : config.params }}
      search={[
        { name: "account", label: f("account"), operator: "contains", maxLength: 64 },
        { name: "ip", label: f("ip"), operator: "contains", maxLength: 64 },
      ]}
      searchExtra={
        kind === "app" && (
          <Checkbox checked={history} onChange={(e) => setHistory(e.target.checked)}>
            {t("session.history")}
          </Checkbox>
        )
      }
      selectable={canStop && stoppable}
      export={{ filtered: config.download }}
      loadFailed={t("session.loadFailed")}
      toolbar={({ selected, clearSelection }) =>
        canStop && (
          <Button
            danger
            icon={<LogoutOutlined />}
            onClick={() => (selectAtLeastOne(selected) ? void message.warning(t("messages.selectAtLeastOne")) : stop(selected, clearSelection))}
          >
            {t("session.stopSelected")}
          </Button>
        )
      }
      columns={({ clearSelection }) => columns(clearSelection)}
    />
  );
}
