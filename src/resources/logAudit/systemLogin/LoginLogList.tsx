import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { COLUMN_WIDTH } from "../../../components/table-columns";
import { LogList } from "../shared/LogList";
import { loginLogSpec } from "./log-spec";

/** 系统登录日志: every sign-in attempt, its result and the reason the user was shown. */
export default function LoginLogList() {
  const { t } = useTranslation();
  return (
    <LogList
      spec={loginLogSpec}
      search={[
        {
          key: "success_equal",
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
        "reason",
        "ip",
        "userAgent",
        "createTime",
      ]}
    />
  );
}
