import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Alert, Button, Descriptions, Drawer, Segmented, Space, Table, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Page, R } from "../../../../domain/contract";
import { API } from "../../../../domain/contract/api";
import { TASK_ACTIONS, TASK_STATUS } from "../../../../domain/resources/applicationManagement/taskResult/spec";
import { http, isHttpError } from "../../../providers/http";
import { ActionTag, ChangeLines, Counts, TaskStatusTag } from "../../../components/task-run/TaskTags";
import "./i18n";

export interface TaskRow {
  id: string;
  synchronizerId: string;
  synchronizerName: string;
  trigger: string;
  taskStatus: number;
  startTime: string;
  endTime?: string | null;
  created: number;
  updated: number;
  disabled: number;
  deleted: number;
  skipped: number;
  failed: number;
  message?: string;
}

interface Item {
  id: string;
  objectType: string;
  externalId: string;
  label: string;
  action: string;
  changes?: Record<string, [unknown, unknown]> | null;
  reason?: string;
}

const ALL = "all";
const ITEMS_PER_PAGE = 20;
const reasonOf = (e: unknown) => (isHttpError(e) ? e.message : String(e));

/**
 * One run: its row (detail?id, asked again every second while it runs) and its items a page at a
 * time (items?taskId&action), filtered by action, each update's fields as "old → new".
 */
export function TaskDetailDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [action, setAction] = useState(ALL);
  const [current, setCurrent] = useState(1);
  const detail = useQuery({
    queryKey: ["taskResult", "detail", id],
    queryFn: async () => (await http.get<R<TaskRow>>(API.get("/authentication/taskResult/detail"), { params: { id }, silent: true })).data,
    refetchInterval: (q) => (q.state.data?.taskStatus === TASK_STATUS.running ? 1000 : false),
  });
  const row = detail.data;
  const items = useQuery({
    queryKey: ["taskResult", "items", id, action, current, row?.taskStatus],
    queryFn: async () =>
      (
        await http.get<R<Page<Item>>>(API.get("/authentication/taskResult/items"), {
          params: { taskId: id, current, size: ITEMS_PER_PAGE, ...(action === ALL ? {} : { action }) },
        })
      ).data,
    enabled: !!row,
    // The rows of the last answer stay while the next page or filter loads (no flash of an empty table).
    placeholderData: keepPreviousData,
  });

  return (
    <Drawer open title={t("taskResult.detailTitle")} width={960} onClose={onClose} destroyOnHidden>
      {detail.isError && <Alert type="error" showIcon message={reasonOf(detail.error)} />}
      {row && (
        <Space direction="vertical" size={16} style={{ width: "100%" }}>
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label={t("taskResult.synchronizer")}>{row.synchronizerName || t("taskResult.scimSource")}</Descriptions.Item>
            <Descriptions.Item label={t("taskResult.triggerLabel")}>{t(`taskRun.trigger.${row.trigger}`, { defaultValue: row.trigger })}</Descriptions.Item>
            <Descriptions.Item label={t("taskResult.statusLabel")}>
              <TaskStatusTag status={row.taskStatus} />
            </Descriptions.Item>
            <Descriptions.Item label={t("taskResult.counts")}>
              <Counts row={row} />
            </Descriptions.Item>
            <Descriptions.Item label={t("taskResult.startTime")}>{row.startTime}</Descriptions.Item>
            <Descriptions.Item label={t("taskResult.endTime")}>{row.endTime ?? "-"}</Descriptions.Item>
            {row.message ? (
              <Descriptions.Item label={t("taskResult.message")} span={2}>
                <Typography.Text type={row.taskStatus === TASK_STATUS.failed ? "danger" : undefined}>{row.message}</Typography.Text>
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t("taskResult.items")}
          </Typography.Title>
          <Segmented
            aria-label={t("taskResult.filterAction")}
            value={action}
            onChange={(v) => {
              setAction(String(v));
              setCurrent(1);
            }}
            options={[{ value: ALL, label: t("taskResult.allActions") }, ...TASK_ACTIONS.map((a) => ({ value: a, label: t(`taskRun.action.${a}`) }))]}
          />
          {items.isError && (
            <Alert
              type="error"
              showIcon
              message={t("kit.loadFailed")}
              action={<Button size="small" onClick={() => void items.refetch()}>{t("buttons.refresh")}</Button>}
            />
          )}
          <Table<Item>
            rowKey="id"
            size="small"
            loading={items.isFetching}
            dataSource={items.data?.records ?? []}
            locale={{ emptyText: action === ALL ? t("taskResult.noItems") : t("common.empty") }}
            pagination={{ current, pageSize: ITEMS_PER_PAGE, total: Number(items.data?.total ?? 0), showSizeChanger: false, onChange: setCurrent, hideOnSinglePage: true }}
            columns={[
              { key: "objectType", dataIndex: "objectType", title: t("taskResult.objectType"), width: 80, render: (v: string) => t(`taskRun.object.${v}`, { defaultValue: v }) },
              {
                key: "label",
                title: t("taskResult.label"),
                width: 220,
                render: (_: unknown, r) => (
                  <>
                    <div>{r.label}</div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {r.externalId}
                    </Typography.Text>
                  </>
                ),
              },
              { key: "action", dataIndex: "action", title: t("taskResult.actionLabel"), width: 90, render: (v: string) => <ActionTag action={v} /> },
              { key: "changes", title: t("taskResult.changes"), render: (_: unknown, r) => <ChangeLines changes={r.changes} /> },
              { key: "reason", dataIndex: "reason", title: t("taskResult.reason"), width: 220 },
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
}
