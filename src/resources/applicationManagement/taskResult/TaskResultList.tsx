import { List, useSelect } from "@refinedev/antd";
import type { BaseRecord } from "@refinedev/core";
import { Button } from "antd";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { TASK_STATUS_LABELS, TASK_TRIGGERS } from "../../../../domain/resources/applicationManagement/taskResult/spec";
import { userSynchronizerSpec } from "../../../../domain/resources/applicationManagement/userSynchronizer/spec";
import { COLUMN_WIDTH, timeColumn } from "../../../components/table-columns";
import { ReadOnlyList } from "../../../components/resource/list/ReadOnlyList";
import { useDocumentTitle } from "../../../components/useDocumentTitle";
import { useResourceCan } from "../../../providers/access-control";
import { TaskDetailDrawer } from "./TaskDetailDrawer";
import { Counts, TaskStatusTag, type Counted } from "../../../components/task-run/TaskTags";
import "./i18n";

/** The URL parameter naming the run whose detail is open (the synchroniser page links to it). */
const TASK_PARAM = "taskId";

/** The tenant's synchronisers, for the filter (userSynchronizers/list, once). */
function useSynchronizerOptions() {
  const { selectProps } = useSelect<{ id: string; name: string }>({
    resource: userSynchronizerSpec.name,
    meta: { api: userSynchronizerSpec.api, listMode: "list" },
    optionLabel: "name",
    optionValue: "id",
    pagination: { mode: "off" },
  });
  return (selectProps.options ?? []).map((o) => ({ value: String(o.value), label: String(o.label) }));
}

/**
 * 同步记录: every run of the tenant's synchronisers and SCIM pushes, newest first (synchroniser,
 * trigger, status in colour, start, end, counts), filtered by synchroniser, status, trigger and
 * start time. A row opens its detail with the items; `?taskId=` opens it directly.
 */
export default function TaskResultList() {
  const { t } = useTranslation();
  const title = t("taskResult.title");
  useDocumentTitle(title);
  const [params, setParams] = useSearchParams();
  const open = params.get(TASK_PARAM);
  const canView = useResourceCan("taskResult", "show").can !== false;
  const synchronizers = useSynchronizerOptions();
  const show = (id: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id) next.set(TASK_PARAM, id);
      else next.delete(TASK_PARAM);
      return next;
    });

  return (
    <List title={title} breadcrumb={false} canCreate={false}>
      <ReadOnlyList
        resource="taskResult"
        meta={{ rawFilters: true }}
        search={[
          { name: "synchronizerId", label: t("taskResult.synchronizer"), options: synchronizers },
          {
            name: "taskStatus",
            label: t("taskResult.statusLabel"),
            options: Object.keys(TASK_STATUS_LABELS).map((s) => ({ value: Number(s), label: t(`taskRun.status.${s}`) })),
          },
          { name: "trigger", label: t("taskResult.triggerLabel"), options: TASK_TRIGGERS.map((v) => ({ value: v, label: t(`taskRun.trigger.${v}`) })) },
        ]}
        range={{
          label: t("taskResult.timeRange"),
          from: { field: "startTime_dategt", operator: "eq" },
          to: { field: "startTime_datelt", operator: "eq" },
          showTime: true,
        }}
        columns={[
          {
            key: "synchronizerName",
            dataIndex: "synchronizerName",
            title: t("taskResult.synchronizer"),
            width: COLUMN_WIDTH.name,
            render: (v: unknown) => (v ? String(v) : t("taskResult.scimSource")),
          },
          { key: "trigger", dataIndex: "trigger", title: t("taskResult.triggerLabel"), width: COLUMN_WIDTH.narrow, render: (v: unknown) => t(`taskRun.trigger.${String(v)}`, { defaultValue: String(v ?? "") }) },
          { key: "taskStatus", dataIndex: "taskStatus", title: t("taskResult.statusLabel"), width: COLUMN_WIDTH.narrow, render: (v: unknown) => <TaskStatusTag status={Number(v)} /> },
          { key: "startTime", dataIndex: "startTime", title: t("taskResult.startTime"), ...timeColumn() },
          { key: "endTime", dataIndex: "endTime", title: t("taskResult.endTime"), ...timeColumn() },
          { key: "counts", title: t("taskResult.counts"), render: (_: unknown, row: BaseRecord) => <Counts row={row as Counted} /> },
          {
            key: "actions",
            title: t("table.actions"),
            width: 90,
            fixed: "right",
            render: (_: unknown, row: BaseRecord) =>
              canView && (
                <Button type="link" size="small" onClick={() => show(String(row.id))}>
                  {t("buttons.show")}
                </Button>
              ),
          },
        ]}
      />
      {open && <TaskDetailDrawer id={open} onClose={() => show(null)} />}
    </List>
  );
}
