import { useInvalidate } from "@refinedev/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Alert, Button, Modal, Result, Space, Spin, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TASK_STATUS } from "../../../../domain/resources/applicationManagement/taskResult/spec";
import { userSynchronizerSpec as spec } from "../../../../domain/resources/applicationManagement/userSynchronizer/spec";
import { syncCalls, taskResultLink, type TaskRow } from "./api";
import { reasonOf } from "./PreviewDialog";
import { CountTags, countsOf, TaskStatusTag } from "../../../components/task-run/TaskTags";
import "./i18n";

/** How often a running task is asked for its state. */
export const POLL_MS = 1000;

const RESULT_STATUS = { [TASK_STATUS.success]: "success", [TASK_STATUS.partial]: "warning", [TASK_STATUS.failed]: "error" } as const;
const RESULT_TITLE = { [TASK_STATUS.success]: "syncStarted", [TASK_STATUS.partial]: "syncPartial", [TASK_STATUS.failed]: "syncFailed" } as const;

/** Seconds since the run started, ticking while it runs. */
function Elapsed() {
  const { t } = useTranslation();
  const [s, setS] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setS((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  return <Typography.Text type="secondary">{t("userSynchronizer.elapsed", { s })}</Typography.Text>;
}

/**
 * 同步: starts the run (sync/{id} answers its task row at once, the run goes on in the server),
 * then asks taskResult/detail every second until the task is no longer 运行中 and shows the
 * outcome with its counts and a link to the task result. Closing the dialog unmounts it, which
 * stops the polling.
 */
export function SyncRunDialog({ id, name, onClose }: { id: string; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const start = useMutation({ mutationFn: () => syncCalls.start(id) });
  const started = useRef(false);
  useEffect(() => {
    // One run per opening, even when the effect runs twice (React's strict mode in development).
    if (started.current) return;
    started.current = true;
    start.mutate();
  }, [start]);

  const taskId = start.data?.id;
  const task = useQuery<TaskRow>({
    queryKey: ["taskResult", "detail", taskId],
    queryFn: () => syncCalls.task(taskId!),
    enabled: !!taskId,
    initialData: start.data,
    refetchInterval: (q) => (q.state.data?.taskStatus === TASK_STATUS.running ? POLL_MS : false),
    // A missed answer is asked again on the next tick rather than failing the dialog.
    retry: 2,
  });
  const row = task.data;
  const done = !!row && row.taskStatus !== TASK_STATUS.running;
  useEffect(() => {
    if (done) void invalidate({ resource: spec.name, invalidates: ["list"] });
  }, [done, invalidate]);

  return (
    <Modal
      open
      title={t("userSynchronizer.syncTitle", { name })}
      width={640}
      destroyOnHidden
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t("userSynchronizer.close")}</Button>}
    >
      {start.isError && <Alert type="error" showIcon message={t("userSynchronizer.syncFailed")} description={reasonOf(start.error)} />}
      {!start.isError && !done && (
        <Space direction="vertical" size={12} style={{ width: "100%", padding: "16px 0" }} aria-busy>
          <Space>
            <Spin />
            <Typography.Text>{t("userSynchronizer.syncRunning")}</Typography.Text>
            <Elapsed />
          </Space>
          {row && <CountTags counts={countsOf(row)} />}
        </Space>
      )}
      {done && row && (
        <Result
          status={RESULT_STATUS[row.taskStatus as 1 | 2 | 3] ?? "info"}
          title={t(`userSynchronizer.${RESULT_TITLE[row.taskStatus as 1 | 2 | 3] ?? "syncStarted"}`)}
          subTitle={row.message || undefined}
          extra={
            <Space direction="vertical" size={12}>
              <Space>
                <TaskStatusTag status={row.taskStatus} />
                <CountTags counts={countsOf(row)} />
              </Space>
              <Link to={taskResultLink(row.id)} onClick={onClose}>
                {t("userSynchronizer.viewResult")}
              </Link>
            </Space>
          }
        />
      )}
    </Modal>
  );
}
