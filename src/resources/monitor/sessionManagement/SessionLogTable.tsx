import type { BaseRecord } from "@refinedev/core";
import { Tag } from "antd";
import type { ColumnType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { ReadOnlyList } from "../../../components/resource/list/ReadOnlyList";
import { clippedText, COLUMN_WIDTH, timeColumn } from "../../../components/table-columns";
import { API } from "../../../../domain/contract/api";

/** 会话日志 (`userSession/logPage`) on the kit's read-only list: every sign-in attempt of the tenant, newest first. */
export function SessionLogTable() {
  const { t } = useTranslation();
  const f = (name: string) => t(`session.fields.${name}`);
  // Bounded widths: a long user agent is cut (whole in its tooltip), the time always shows whole.
  const columns: ColumnType<BaseRecord>[] = [
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
    <ReadOnlyList
      resource="userSession"
      name="session-log"
      meta={{ api: API.base("/blade-user/userSession"), endpoints: { list: "logPage" } }}
      search={[
        { name: "account", label: f("account"), operator: "contains", maxLength: 64 },
        { name: "ip", label: f("ip"), operator: "contains", maxLength: 64 },
        { name: "success", label: f("success"), options: [1, 0].map((v) => ({ value: v, label: t(`session.result.${v}`) })) },
      ]}
      // §7: date filters are createTime_dategt / createTime_datelt (the data provider names them), whole days.
      range={{ label: f("logTime"), from: { field: "createTime", operator: "gt" }, to: { field: "createTime", operator: "lt" } }}
      loadFailed={t("session.loadFailed")}
      columns={columns}
    />
  );
}
