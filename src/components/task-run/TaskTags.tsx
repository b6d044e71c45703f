import { Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { TASK_ACTIONS, type TaskAction } from "../../../domain/resources/applicationManagement/taskResult/spec";
import "./i18n";

/**
 * A sync run as 用户同步 (preview, run) and 同步记录 show it: status and action tags, counts, and
 * an item's changes as "field: old → new" lines. 成功 green, 部分成功 orange, 失败 red, 运行中 blue.
 */
export const STATUS_COLORS: Record<number, string> = { 0: "blue", 1: "green", 2: "orange", 3: "red" };
export const ACTION_COLORS: Record<TaskAction, string> = { create: "green", update: "blue", disable: "orange", delete: "red", skip: "default", fail: "volcano" };

export function TaskStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`taskRun.status.${status}`, { defaultValue: String(status) })}</Tag>;
}

export function ActionTag({ action }: { action: string }) {
  const { t } = useTranslation();
  return <Tag color={ACTION_COLORS[action as TaskAction]}>{t(`taskRun.action.${action}`, { defaultValue: action })}</Tag>;
}

/** The options of a filter by action, after an "all" option of the page's own. */
export function useActionOptions() {
  const { t } = useTranslation();
  return TASK_ACTIONS.map((a) => ({ value: a, label: t(`taskRun.action.${a}`) }));
}

export interface Counted {
  created?: number;
  updated?: number;
  disabled?: number;
  deleted?: number;
  skipped?: number;
  failed?: number;
}

/** A task row's counts by action (the row names them created, updated …). */
export const countsOf = (row: Counted): Record<TaskAction, number> => ({
  create: row.created ?? 0,
  update: row.updated ?? 0,
  disable: row.disabled ?? 0,
  delete: row.deleted ?? 0,
  skip: row.skipped ?? 0,
  fail: row.failed ?? 0,
});

/** Every action's count, one tag each (新增 3, 更新 0 …): a preview's or a finished run's summary. */
export function CountTags({ counts }: { counts: Partial<Record<TaskAction, number>> }) {
  const { t } = useTranslation();
  return (
    <Space size={[0, 8]} wrap data-testid="sync-counts">
      {TASK_ACTIONS.map((a) => (
        <Tag key={a} color={(counts[a] ?? 0) > 0 ? ACTION_COLORS[a] : "default"}>
          {t(`taskRun.action.${a}`)} {counts[a] ?? 0}
        </Tag>
      ))}
    </Space>
  );
}

/** A run's counts in a list cell: the non-zero ones as tags, or 0 when nothing happened. */
export function Counts({ row }: { row: Counted }) {
  const { t } = useTranslation();
  const counts = countsOf(row);
  const shown = TASK_ACTIONS.filter((a) => counts[a] > 0);
  if (shown.length === 0) return <Typography.Text type="secondary">0</Typography.Text>;
  return (
    <Space size={[0, 4]} wrap>
      {shown.map((a) => (
        <Tag key={a} color={ACTION_COLORS[a]}>
          {t(`taskRun.action.${a}`)} {counts[a]}
        </Tag>
      ))}
    </Space>
  );
}

const shown = (v: unknown) => (v === null || v === undefined || v === "" ? "∅" : typeof v === "object" ? JSON.stringify(v) : String(v));

/** An item's changes, one "field: old → new" line each. */
export function ChangeLines({ changes }: { changes?: Record<string, [unknown, unknown]> | null }) {
  const { t } = useTranslation();
  const entries = Object.entries(changes ?? {});
  if (entries.length === 0) return null;
  // A parent "0" is the top of the tree, as BladeX stores it.
  const value = (field: string, v: unknown) => (field === "parentId" && String(v) === "0" ? t("taskRun.topLevel") : shown(v));
  return (
    <div>
      {entries.map(([field, [from, to]]) => (
        <div key={field}>
          {t(`taskRun.changeField.${field}`, { defaultValue: field })}: {value(field, from)} → {value(field, to)}
        </div>
      ))}
    </div>
  );
}
