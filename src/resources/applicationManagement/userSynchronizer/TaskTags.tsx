import { Space, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { TASK_ACTIONS, type TaskAction } from "../../../../domain/resources/applicationManagement/taskResult/spec";
import "./i18n";

/** 成功 green, 部分成功 orange, 失败 red, 运行中 blue (the same colours as 同步记录). */
export const STATUS_COLORS: Record<number, string> = { 0: "blue", 1: "green", 2: "orange", 3: "red" };
export const ACTION_COLORS: Record<TaskAction, string> = { create: "green", update: "blue", disable: "orange", delete: "red", skip: "default", fail: "volcano" };

export function TaskStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`userSynchronizer.taskStatus.${status}`, { defaultValue: String(status) })}</Tag>;
}

export function ActionTag({ action }: { action: string }) {
  const { t } = useTranslation();
  return <Tag color={ACTION_COLORS[action as TaskAction]}>{t(`userSynchronizer.action.${action}`, { defaultValue: action })}</Tag>;
}

/** The counts of a preview or a run, one tag per action: 新增 3, 更新 1 … */
export function CountTags({ counts }: { counts: Partial<Record<TaskAction, number>> }) {
  const { t } = useTranslation();
  return (
    <Space size={[0, 8]} wrap data-testid="sync-counts">
      {TASK_ACTIONS.map((a) => (
        <Tag key={a} color={(counts[a] ?? 0) > 0 ? ACTION_COLORS[a] : "default"}>
          {t(`userSynchronizer.action.${a}`)} {counts[a] ?? 0}
        </Tag>
      ))}
    </Space>
  );
}

/** A task row's counts by action (the row names them created, updated …). */
export const countsOf = (row: { created?: number; updated?: number; disabled?: number; deleted?: number; skipped?: number; failed?: number }) => ({
  create: row.created ?? 0,
  update: row.updated ?? 0,
  disable: row.disabled ?? 0,
  delete: row.deleted ?? 0,
  skip: row.skipped ?? 0,
  fail: row.failed ?? 0,
});

const shown = (v: unknown) => (v === null || v === undefined || v === "" ? "∅" : typeof v === "object" ? JSON.stringify(v) : String(v));

/** What an update changes, one "field: old → new" line each, the field in the page's words where known. */
export function ChangeLines({ changes }: { changes?: Record<string, [unknown, unknown]> | null }) {
  const { t } = useTranslation();
  const entries = Object.entries(changes ?? {});
  if (entries.length === 0) return null;
  // A parent "0" is the top of the tree, as BladeX stores it.
  const value = (field: string, v: unknown) => (field === "parentId" && String(v) === "0" ? t("userSynchronizer.topLevel") : shown(v));
  return (
    <div>
      {entries.map(([field, [from, to]]) => (
        <div key={field}>
          {t(`userSynchronizer.changeField.${field}`, { defaultValue: field })}: {value(field, from)} → {value(field, to)}
        </div>
      ))}
    </div>
  );
}
