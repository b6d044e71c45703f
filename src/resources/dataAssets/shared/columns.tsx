import type { BaseRecord } from "@refinedev/core";
import { Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";

const col = (t: TFunction, name: string, render?: (v: unknown) => React.ReactNode) => ({
  title: t(`sample.fields.${name}`),
  dataIndex: name,
  key: name,
  ...(render ? { render } : {}),
});

/** §3 project sample columns. */
export const projectColumns = (t: TFunction): ColumnsType<BaseRecord> => [
  col(t, "projectName"),
  col(t, "description"),
  col(t, "classifyType"),
  col(t, "dbType", (v) => <Tag color={v === "Hive" ? "gold" : "blue"}>{String(v)}</Tag>),
  col(t, "status", (v) => t(`sample.statusText.${String(v)}`)),
  col(t, "userCount"),
  col(t, "isCollect", (v) => t(`sample.yesNo.${String(v)}`)),
  col(t, "createTime"),
  col(t, "updateTime"),
];

/** §3 approval item sample columns. */
export const approvalColumns = (t: TFunction): ColumnsType<BaseRecord> => [
  col(t, "projectName"),
  col(t, "createUser"),
  col(t, "createDept"),
  col(t, "createTime"),
  col(t, "status", (v) => <Tag color={APPROVAL_COLOR[String(v)] ?? "orange"}>{t(`sample.approval.${String(v)}`, { defaultValue: String(v) })}</Tag>),
];

/** An approval item's status tag: pending orange, approved green, rejected red. */
const APPROVAL_COLOR: Record<string, string> = { "pending approval": "orange", approved: "green", rejected: "red" };

export const viewRecordColumns = (t: TFunction): ColumnsType<BaseRecord> => [col(t, "tableName"), col(t, "viewer"), col(t, "viewTime")];
