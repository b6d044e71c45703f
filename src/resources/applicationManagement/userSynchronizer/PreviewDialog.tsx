import { useQuery } from "@tanstack/react-query";
import { Alert, App, Button, Modal, Segmented, Space, Spin, Table, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { TASK_ACTIONS } from "../../../../domain/resources/applicationManagement/taskResult/spec";
import { isHttpError } from "../../../providers/http";
import { syncCalls, type PreviewItem } from "./api";
import { ActionTag, ChangeLines, CountTags } from "../../../components/task-run/TaskTags";
import "./i18n";

const ALL = "all";

/** The server's reason for a failed preview (an unreachable source, a disabled synchroniser …). */
export const reasonOf = (e: unknown) => (isHttpError(e) ? e.message : e instanceof Error ? e.message : String(e));

/**
 * 预览 (dry run): what a run would change, read from the source without writing — the counts as
 * tags and a diff table (object, name, action, "field: old → new" lines, reason) filtered by
 * action. 同步 asks once more (syncConfirm) and hands over to the run dialog.
 */
export function PreviewDialog({ id, name, canSync, onSync, onClose }: { id: string; name: string; canSync: boolean; onSync: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [action, setAction] = useState<string>(ALL);
  // Never cached: a preview is the source as it is now.
  const query = useQuery({ queryKey: ["userSynchronizer", "preview", id], queryFn: () => syncCalls.preview(id), retry: false, gcTime: 0, staleTime: 0 });
  const preview = query.data;
  const rows = useMemo(() => (preview?.items ?? []).filter((i) => action === ALL || i.action === action), [preview, action]);
  const nothing = preview && TASK_ACTIONS.every((a) => (preview.summary[a] ?? 0) === 0);

  const confirmSync = () =>
    modal.confirm({
      title: t("userSynchronizer.syncConfirm"),
      okText: t("common.ok"),
      cancelText: t("buttons.cancel"),
      onOk: onSync,
    });

  return (
    <Modal
      open
      title={`${t("userSynchronizer.previewTitle")} · ${name}`}
      width={1000}
      destroyOnHidden
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t("userSynchronizer.close")}</Button>
          {canSync && (
            <Button type="primary" disabled={!preview || !!nothing} onClick={confirmSync}>
              {t("userSynchronizer.sync")}
            </Button>
          )}
        </Space>
      }
    >
      {query.isPending && (
        <Space style={{ padding: "24px 0" }}>
          <Spin />
          <Typography.Text type="secondary">{t("userSynchronizer.previewLoading")}</Typography.Text>
        </Space>
      )}
      {query.isError && (
        <Alert
          type="error"
          showIcon
          message={t("userSynchronizer.previewFailed")}
          description={reasonOf(query.error)}
          action={<Button size="small" onClick={() => void query.refetch()}>{t("buttons.refresh")}</Button>}
        />
      )}
      {preview && (
        <Space direction="vertical" size={12} style={{ width: "100%" }}>
          <CountTags counts={preview.summary} />
          {nothing && <Alert type="success" showIcon message={t("userSynchronizer.noChanges")} />}
          {preview.truncated && <Alert type="info" showIcon message={t("userSynchronizer.previewTruncated", { shown: preview.items.length, total: preview.total })} />}
          <Segmented
            aria-label={t("userSynchronizer.filterAction")}
            value={action}
            onChange={(v) => setAction(String(v))}
            options={[{ value: ALL, label: t("userSynchronizer.allActions") }, ...TASK_ACTIONS.map((a) => ({ value: a, label: t(`taskRun.action.${a}`) }))]}
          />
          <Table<PreviewItem>
            rowKey={(r) => `${r.objectType}:${r.externalId}:${r.action}`}
            size="small"
            dataSource={rows}
            pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
            locale={{ emptyText: t("common.empty") }}
            columns={[
              { key: "objectType", title: t("userSynchronizer.task.objectType"), dataIndex: "objectType", width: 80, render: (v: string) => t(`taskRun.object.${v}`, { defaultValue: v }) },
              {
                key: "label",
                title: t("userSynchronizer.task.label"),
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
              { key: "action", title: t("userSynchronizer.task.action"), dataIndex: "action", width: 90, render: (v: string) => <ActionTag action={v} /> },
              { key: "changes", title: t("userSynchronizer.task.changes"), render: (_: unknown, r) => <ChangeLines changes={r.changes} /> },
              { key: "reason", title: t("userSynchronizer.task.reason"), dataIndex: "reason", width: 220 },
            ]}
          />
        </Space>
      )}
    </Modal>
  );
}
