import { useTranslation } from "react-i18next";
import { LogList } from "../shared/LogList";
import { appVisitLogSpec } from "../../../../domain/resources/logAudit/applicationAccess/log-spec";

/** 应用访问日志: who opened which application, from where and when. */
export default function AppVisitList() {
  const { t } = useTranslation();
  return (
    <LogList
      spec={appVisitLogSpec}
      search={[{ name: "appName", label: t("appVisitLog.fields.appName") }]}
      columns={["account", "appId", "appName", "ip", "userAgent", "createTime"]}
    />
  );
}
