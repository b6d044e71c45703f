import { Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { TASK_ACTIONS, type TaskAction } from "../../../../domain/resources/applicationManagement/taskResult/spec";
import "./i18n";

/** 成功 green, 部分成功 orange, 失败 red, 运行中 blue. */
export const STATUS_COLORS: Record<number, string> = { 0: "blue", 1: "green", 2: "orange", 3: "red" };
const ACTION_COLORS: Record<TaskAction, string> = { create: "green", update: "blue", disable: "orange", delete: "red", skip: "default", fail: "volcano" };

export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`taskResult.status.${status}`, { defaultValue: String(status) })}</Tag>;
}

export function ActionTag({ action }: { action: string }) {
  const { t } = useTranslation();
  return <Tag color={ACTION_COLORS[action as TaskAction]}>{t(`taskResult.action.${action}`, { defaultValue: action })}</Tag>;
}

export interface Counted {
  created?: number;
  updated?: number;
  disabled?: number;
  deleted?: number;
  skipped?: number;
  failed?: number;
}
const COUNT_OF: Record<TaskAction, keyof Counted> = { create: "created", update: "updated", disable: "disabled", delete: "deleted", skip: "skipped", fail: "failed" };

/** A run's counts: the non-zero ones as coloured tags (新增 3 …), or 0 when nothing happened. */
export function Counts({ row }: { row: Counted }) {
  const { t } = useTranslation();
  const shown = TASK_ACTIONS.filter((a) => (row[COUNT_OF[a]] ?? 0) > 0);
  if (shown.length === 0) return <Typography.Text type="secondary">0</Typography.Text>;
  return (
    <Space size={[0, 4]} wrap>
      {shown.map((a) => (
        <Tag key={a} color={ACTION_COLORS[a]}>
          {t(`taskResult.action.${a}`)} {row[COUNT_OF[a]]}
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
  const value = (field: string, v: unknown) => (field === "parentId" && String(v) === "0" ? t("taskResult.topLevel") : shown(v));
  return (
    <div>
      {entries.map(([field, [from, to]]) => (
        <div key={field}>
          {t(`taskResult.changeField.${field}`, { defaultValue: field })}: {value(field, from)} → {value(field, to)}
        </div>
      ))}
    </div>
  );
}
