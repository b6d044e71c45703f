import { useQuery } from "@tanstack/react-query";
import { Card, Col, Row, Statistic } from "antd";
import { useTranslation } from "react-i18next";
import { workbenchCalls, type TaskRunStatistics } from "./calls";

interface Props {
  /** Optional task name; the label defaults to 任务名称 (§2). */
  taskName?: string;
  runCount?: number;
  successCount?: number;
  failCount?: number;
  /** Optional: shown only when known. */
  runningCount?: number;
  loading?: boolean;
}

/** The task-run statistics card of §2: every number defaults to 0. */
export function TaskStatistics({ taskName, runCount = 0, successCount = 0, failCount = 0, runningCount, loading }: Props) {
  const { t } = useTranslation();
  const figures: [string, number, string?][] = [
    [t("workbench.task.runCount"), runCount],
    [t("workbench.task.successCount"), successCount, "#52c41a"],
    [t("workbench.task.failCount"), failCount, "#ff4d4f"],
  ];
  if (runningCount !== undefined) figures.push([t("workbench.task.runningCount"), runningCount, "#409EFF"]);
  return (
    <Card title={t("workbench.task.title")} extra={taskName || t("workbench.task.name")}>
      <Row gutter={16}>
        {figures.map(([title, value, color]) => (
          <Col key={title} span={24 / figures.length}>
            <Statistic title={title} value={value} loading={loading} valueStyle={color ? { color } : undefined} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}

/** The card fed by the server's task results; a gateway without them leaves the zeros. */
export function TaskStatCard() {
  const query = useQuery({ queryKey: ["workbench", "tasks"], queryFn: workbenchCalls.taskStatistics, retry: false });
  const s: TaskRunStatistics = query.data ?? {};
  return (
    <TaskStatistics
      taskName={s.taskName}
      runCount={s.runCount}
      successCount={s.successCount}
      failCount={s.failCount}
      runningCount={s.runningCount ?? 0}
      loading={query.isPending}
    />
  );
}
