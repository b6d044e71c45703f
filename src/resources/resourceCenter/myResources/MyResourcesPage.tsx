import { useCustom } from "@refinedev/core";
import { Button, Card, Result, Table, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../../components/useDocumentTitle";
import { API } from "../../../../domain/contract/api";
import { AppIcon } from "../shared/AppCard";
import "../shared/i18n";

/** One application and one of its sources (/myResources/list). */
interface ResourceRow {
  id: string;
  appName: string;
  icon: string;
  categoryName: string;
  sourceType: string;
  sourceName: string;
  via: string;
  endTime: string;
}

/**
 * 我的资源 (/resourceCenter/myResources/index): everything granted to the user, one row per
 * application and source (role, directory, role group, approved request), with a time-bound
 * grant's end.
 */
export default function MyResourcesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("resourceCenter.myResources"));
  const { query, result } = useCustom<ResourceRow[]>({ url: API.get("/myResources/list"), method: "get" });
  const rows = Array.isArray(result?.data) ? result.data : [];
  if (query.isError) {
    return <Result status="warning" title={t("resourceCenter.loadFailed")} extra={<Button onClick={() => query.refetch()}>{t("resourceCenter.retry")}</Button>} />;
  }
  return (
    <Card title={t("resourceCenter.myResources")}>
      <Table<ResourceRow>
        rowKey="id"
        loading={query.isLoading}
        dataSource={rows}
        pagination={{ pageSizeOptions: [10, 30, 50, 100, 200], defaultPageSize: 10, showSizeChanger: true }}
        columns={[
          {
            title: t("resourceCenter.fields.appName"),
            dataIndex: "appName",
            render: (name: string, r) => (
              <span>
                <AppIcon icon={r.icon} name={name} size={24} /> {name}
              </span>
            ),
          },
          { title: t("resourceCenter.fields.category"), dataIndex: "categoryName", render: (v: string) => v || t("resourceCenter.noCategory") },
          {
            title: t("resourceCenter.fields.source"),
            dataIndex: "sourceType",
            render: (type: string, r) => (
              <>
                <Tag>{t(`resourceCenter.source.${type}`)}</Tag>
                {r.sourceName}
                {r.via ? `（${r.via}）` : ""}
              </>
            ),
          },
          {
            title: t("resourceCenter.fields.endTime"),
            dataIndex: "endTime",
            render: (end: string, r) => (r.sourceType === "request" ? end || t("resourceCenter.permanent") : "-"),
          },
        ]}
      />
    </Card>
  );
}
