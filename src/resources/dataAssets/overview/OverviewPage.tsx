import { useCustom } from "@refinedev/core";
import { Alert, Card, Col, List, Row, Spin, Statistic, Tag } from "antd";
import { useTranslation } from "react-i18next";
import type { Page } from "../../../../domain/contract";
import { useMenuName } from "../../../layout/menu-name";
import type { SampleMenu } from "../../../../domain/resources/dataAssets/sample/areas";
import "../shared/i18n";
import { API } from "../../../../domain/contract/api";

/** The sample menu answer (§9): the top level, each with its children. */
type SampleMenuForest = (SampleMenu & { children: SampleMenu[] })[];

/** A sample call through the Blade provider's `custom` (it answers the envelope's data). */
const useSample = <T extends object>(url: string, query?: Record<string, unknown>) => {
  const { result, query: q } = useCustom<T>({ url, method: "get", config: { query } });
  return { data: result?.data as T | undefined, loading: q.isLoading, error: q.isError };
};

export default function OverviewPage() {
  const { t } = useTranslation();
  const nameOf = useMenuName();
  const menus = useSample<SampleMenuForest>(API.get("/blade-sample/menu"));
  const all = useSample<Page<unknown>>(API.get("/blade-sample/project/page"), { size: 1 });
  const hive = useSample<Page<unknown>>(API.get("/blade-sample/project/page"), { size: 1, dbType: "Hive" });
  const mysql = useSample<Page<unknown>>(API.get("/blade-sample/project/page"), { size: 1, dbType: "MySQL" });
  return (
    <Card>
      <Alert type="info" showIcon message={t("sample.notice")} style={{ marginBottom: 16 }} />
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={8}><Card><Statistic title={t("sample.projects")} value={all.data?.total ?? "-"} loading={all.loading} /></Card></Col>
        <Col span={8}><Card><Statistic title={t("sample.hive")} value={hive.data?.total ?? "-"} loading={hive.loading} /></Card></Col>
        <Col span={8}><Card><Statistic title={t("sample.mysql")} value={mysql.data?.total ?? "-"} loading={mysql.loading} /></Card></Col>
      </Row>
      <Card title={t("sample.menus")}>
        {menus.loading ? (
          <Spin />
        ) : (
          <List
            grid={{ gutter: 12, column: 4 }}
            dataSource={Array.isArray(menus.data) ? menus.data : []}
            locale={{ emptyText: t("common.empty") }}
            renderItem={(m) => (
              <List.Item>
                <Card size="small" title={nameOf(m)}>
                  <Tag>{m.path}</Tag>
                  {m.children.map((c) => (
                    <div key={c.id}>{nameOf(c)} <Tag>{c.path}</Tag></div>
                  ))}
                </Card>
              </List.Item>
            )}
          />
        )}
      </Card>
    </Card>
  );
}
