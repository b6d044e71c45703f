import { Bar, Column, Line, Pie } from "@ant-design/charts";
import { Col, DatePicker, Row } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FigureCard } from "./FigureCard";
import { useDashboard, type AppCount, type DeptCount, type HourPoint, type TrendPoint } from "./useDashboard";

/**
 * The dashboard's charts, a chunk of their own: @ant-design/charts (AntV G2) is loaded only when
 * this module is, i.e. when the dashboard page renders it.
 */
const HEIGHT = 280;
const list = <T,>(data: T[] | null | undefined): T[] => (Array.isArray(data) ? data : []);

function TrendChart() {
  const { t } = useTranslation();
  const q = useDashboard<TrendPoint[]>("userAuthTrend");
  const rows = list(q.data);
  // Long format: one series per result.
  const data = rows.flatMap((r) => [
    { date: r.date.slice(5), type: t("dashboard.success"), count: r.success },
    { date: r.date.slice(5), type: t("dashboard.fail"), count: r.fail },
  ]);
  return (
    <FigureCard title={t("dashboard.trend")} loading={q.isPending} error={q.isError} empty={rows.length === 0} retry={() => void q.refetch()}>
      <Line data={data} xField="date" yField="count" colorField="type" height={HEIGHT} axis={{ y: { title: t("dashboard.logins") } }} />
    </FigureCard>
  );
}

function DistributionChart() {
  const { t } = useTranslation();
  const q = useDashboard<HourPoint[]>("accessDistribution");
  const rows = list(q.data);
  return (
    <FigureCard
      title={t("dashboard.distribution")}
      loading={q.isPending}
      error={q.isError}
      empty={rows.every((r) => !r.count)}
      retry={() => void q.refetch()}
    >
      <Column data={rows} xField="hour" yField="count" height={HEIGHT} axis={{ y: { title: t("dashboard.visits") } }} />
    </FigureCard>
  );
}

function Top10Chart() {
  const { t } = useTranslation();
  const q = useDashboard<AppCount[]>("applicationAccessTop10");
  const rows = list(q.data).map((r) => ({ ...r, appName: r.appName || r.appId }));
  return (
    <FigureCard title={t("dashboard.top10")} loading={q.isPending} error={q.isError} empty={rows.length === 0} retry={() => void q.refetch()}>
      <Bar data={rows} xField="appName" yField="count" height={HEIGHT} axis={{ y: { title: t("dashboard.visits") } }} />
    </FigureCard>
  );
}

/** §3 dashboard date filter (dateTime): one day, today by default. */
function DeptChart() {
  const { t } = useTranslation();
  const [day, setDay] = useState<Dayjs>(() => dayjs());
  const q = useDashboard<DeptCount[]>("userAuthDeptDistribution", { dateTime: day.format("YYYY-MM-DD") });
  const rows = list(q.data).map((r) => ({ ...r, deptName: r.deptName || t("dashboard.unnamedDept") }));
  return (
    <FigureCard
      title={t("dashboard.dept")}
      extra={
        <DatePicker
          aria-label={t("dashboard.date")}
          value={day}
          allowClear={false}
          disabledDate={(d) => d.isAfter(dayjs(), "day")}
          onChange={(d) => d && setDay(d)}
        />
      }
      loading={q.isPending}
      error={q.isError}
      empty={rows.length === 0}
      retry={() => void q.refetch()}
    >
      <Pie data={rows} angleField="count" colorField="deptName" height={HEIGHT} innerRadius={0.5} />
    </FigureCard>
  );
}

export default function DashboardCharts() {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <TrendChart />
      </Col>
      <Col xs={24} xl={8}>
        <DeptChart />
      </Col>
      <Col xs={24} xl={12}>
        <DistributionChart />
      </Col>
      <Col xs={24} xl={12}>
        <Top10Chart />
      </Col>
    </Row>
  );
}
