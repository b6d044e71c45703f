import { EyeOutlined, KeyOutlined, SyncOutlined } from "@ant-design/icons";
import type { BaseRecord } from "@refinedev/core";
import { App, Button, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TASK_STATUS } from "../../../../domain/resources/applicationManagement/taskResult/spec";
import { userSynchronizerSpec as spec } from "../../../../domain/resources/applicationManagement/userSynchronizer/spec";
import { ResourceList } from "../../../components/resource/ResourceList";
import { useResourceCan } from "../../../providers/access-control";
import { PreviewDialog } from "./PreviewDialog";
import { ScimTokensDialog } from "./ScimTokensDialog";
import { StatusSwitch } from "./StatusSwitch";
import { SynchronizerForm } from "./SynchronizerForm";
import { SyncRunDialog } from "./SyncRunDialog";
import { TaskStatusTag } from "../../../components/task-run/TaskTags";
import "./i18n";

type Target = { id: string; name: string };

/** How the synchroniser runs by itself: by hand only, its cron expression, or every N minutes. */
function ScheduleCell({ row }: { row: BaseRecord }) {
  const { t } = useTranslation();
  const type = String(row.scheduleType ?? "none");
  if (type === "cron") return <Typography.Text code>{String(row.cron ?? "")}</Typography.Text>;
  if (type === "interval") return <>{t("userSynchronizer.everyMinutes", { n: row.intervalMinutes })}</>;
  return <>{t("userSynchronizer.scheduleType.none")}</>;
}

/**
 * Where the synchroniser stands: 运行中 while a run holds its lease, else the last run's status when
 * the server's row carries it (lastTaskStatus), and when the schedule runs it next.
 */
function RunCell({ row }: { row: BaseRecord }) {
  const { t } = useTranslation();
  const last = row.lastTaskStatus;
  const next = typeof row.nextRunTime === "string" ? row.nextRunTime : "";
  if (row.running !== true && typeof last !== "number" && !next) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Space direction="vertical" size={0}>
      {row.running === true ? (
        <TaskStatusTag status={TASK_STATUS.running} />
      ) : typeof last === "number" ? (
        <TaskStatusTag status={last} />
      ) : null}
      {next && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t("userSynchronizer.nextRun", { time: next })}
        </Typography.Text>
      )}
    </Space>
  );
}

/**
 * 用户同步: the tenant's synchronisers (source, schedule, status switch, last run), one sectioned
 * form for create and edit, and per row 预览 (the dry run's diff) and 同步 (the run, followed until
 * it ends). The toolbar's SCIM 令牌 manages the bearer tokens identity providers push users with.
 */
export default function SynchronizerList() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const canPreview = useResourceCan(spec.name, "preview").can === true;
  const canSync = useResourceCan(spec.name, "sync").can === true;
  const canScim = useResourceCan(spec.name, "scim").can === true;
  const [previewing, setPreviewing] = useState<Target | null>(null);
  const [running, setRunning] = useState<Target | null>(null);
  const [tokens, setTokens] = useState(false);

  const targetOf = (row: BaseRecord): Target => ({ id: String(row.id), name: String(row.name ?? "") });
  const syncNow = (target: Target) =>
    modal.confirm({
      title: t("userSynchronizer.syncNowConfirm", { name: target.name }),
      okText: t("common.ok"),
      cancelText: t("buttons.cancel"),
      onOk: () => setRunning(target),
    });

  return (
    <>
      <ResourceList
        spec={spec}
        form={{ Form: SynchronizerForm }}
        actionsWidth={260}
        cells={{
          sourceType: (v) => t(`userSynchronizer.source.${String(v)}`, { defaultValue: String(v ?? "") }),
          scheduleType: (_, row) => <ScheduleCell row={row} />,
        }}
        extraColumns={[
          { key: "status", title: t("userSynchronizer.fields.status"), width: 110, render: (_: unknown, row: BaseRecord) => <StatusSwitch row={row} /> },
          { key: "run", title: t("userSynchronizer.lastRun"), width: 200, render: (_: unknown, row: BaseRecord) => <RunCell row={row} /> },
        ]}
        rowActions={(row) => {
          // A disabled synchroniser neither previews nor runs (the server refuses both).
          const off = Number(row.status) !== 1;
          const why = off ? t("userSynchronizer.disabled") : undefined;
          return (
            <>
              {canPreview && (
                <Button size="small" type="link" icon={<EyeOutlined />} disabled={off} title={why} onClick={() => setPreviewing(targetOf(row))}>
                  {t("userSynchronizer.preview")}
                </Button>
              )}
              {canSync && (
                <Button
                  size="small"
                  type="link"
                  icon={<SyncOutlined />}
                  // A run already holds the synchroniser: the server would refuse a second one.
                  disabled={off || row.running === true}
                  title={why ?? (row.running === true ? t("userSynchronizer.running") : undefined)}
                  onClick={() => syncNow(targetOf(row))}
                >
                  {t("userSynchronizer.sync")}
                </Button>
              )}
            </>
          );
        }}
        toolbar={
          canScim && (
            <Button icon={<KeyOutlined />} onClick={() => setTokens(true)}>
              {t("userSynchronizer.scimTokens")}
            </Button>
          )
        }
      />
      {previewing && (
        <PreviewDialog
          id={previewing.id}
          name={previewing.name}
          canSync={canSync}
          onClose={() => setPreviewing(null)}
          onSync={() => {
            setPreviewing(null);
            setRunning(previewing);
          }}
        />
      )}
      {running && <SyncRunDialog id={running.id} name={running.name} onClose={() => setRunning(null)} />}
      {tokens && <ScimTokensDialog onClose={() => setTokens(false)} />}
    </>
  );
}
