import { Alert, Button, Card, Col, Row, Skeleton, Statistic } from "antd";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { lazyRoute } from "../../../components/lazy-route";
import { useDocumentTitle } from "../../../components/useDocumentTitle";
import { useDashboard, type BaseInfo } from "./useDashboard";
import "./i18n";

// The charts (and AntV G2 with them) load after the headline numbers, in their own chunk.
const DashboardCharts = lazyRoute(() => import("./DashboardCharts"));

const FIGURES: (keyof BaseInfo)[] = [
  "userCount",
  "deptCount",
  "appCount",
  "onlineCount",
  "todayLoginCount",
  "todayLoginFailCount",
  "todayVisitCount",
];

/** 仪表盘 (/instrumentPanel/index): the tenant's headline numbers and charts, from the real logs. */
export default function DashboardPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("dashboard.title"));
  const base = useDashboard<BaseInfo>("baseInfo");

  return (
    <div>
      {base.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t("dashboard.loadFailed")}
          action={<Button size="small" onClick={() => void base.refetch()}>{t("dashboard.retry")}</Button>}
        />
      )}
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {FIGURES.map((key) => (
          <Col key={key} xs={12} md={8} xl={6} xxl={3}>
            <Card size="small">
              <Statistic title={t(`dashboard.base.${key}`)} value={Number(base.data?.[key] ?? 0)} loading={base.isPending} />
            </Card>
          </Col>
        ))}
      </Row>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 10 }} />}>
        <DashboardCharts />
      </Suspense>
    </div>
  );
}
