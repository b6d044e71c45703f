import type { BaseRecord } from "@refinedev/core";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { clippedText, COLUMN_WIDTH } from "../../../components/table-columns";
import { useLanguage } from "../../../providers/i18n";
import { LogList } from "../shared/LogList";
import { loginLogSpec } from "../../../../domain/resources/logAudit/systemLogin/log-spec";
import { reasonText } from "./reason-i18n";

/** The reason column as the spec sizes it: clipped, the whole on hover. */
const reasonCell = clippedText<BaseRecord>(COLUMN_WIDTH.text);

/** 系统登录日志: every sign-in attempt, its result and the reason the user was shown. */
export default function LoginLogList() {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <LogList
      spec={loginLogSpec}
      search={[
        {
          name: "success_equal",
          label: t("loginLog.fields.success"),
          options: [
            { value: 1, label: t("logAudit.success") },
            { value: 0, label: t("logAudit.failure") },
          ],
        },
      ]}
      columns={[
        "account",
        "grantType",
        {
          title: t("loginLog.fields.success"),
          dataIndex: "success",
          width: COLUMN_WIDTH.narrow,
          render: (v: unknown) => (v === 1 ? <Tag color="success">{t("logAudit.success")}</Tag> : <Tag color="error">{t("logAudit.failure")}</Tag>),
        },
        // The server records the reason in zh, as the user was shown it: known ones follow the language.
        {
          title: t("loginLog.fields.reason"),
          dataIndex: "reason",
          ...reasonCell,
          render: (v: unknown, row: BaseRecord, i: number) => reasonCell.render!(reasonText(String(v ?? ""), lng), row, i),
        },
        "ip",
        "userAgent",
        "createTime",
      ]}
    />
  );
}
