import type { Message } from "../../../validation";

/**
 * 同步记录 (/authentication/taskResult): one row per run of a synchroniser or per SCIM push, and
 * one item per object it touched. Read-only: runs write them (server/modules/user-sync).
 */
export const TASK_RESULT_API = "/authentication/taskResult";

/** status: 0 运行中, 1 成功, 2 部分成功, 3 失败. A run with any failed item is never 成功. */
export const TASK_STATUS = { running: 0, success: 1, partial: 2, failed: 3 } as const;
export const TASK_STATUS_LABELS: Record<number, Message> = {
  0: { zh: "运行中", en: "Running" },
  1: { zh: "成功", en: "Succeeded" },
  2: { zh: "部分成功", en: "Partly succeeded" },
  3: { zh: "失败", en: "Failed" },
};

export const TASK_TRIGGERS = ["manual", "schedule", "scim"] as const;
export type TaskTrigger = (typeof TASK_TRIGGERS)[number];
export const TASK_TRIGGER_LABELS: Record<TaskTrigger, Message> = {
  manual: { zh: "手动", en: "By hand" },
  schedule: { zh: "定时", en: "Scheduled" },
  scim: { zh: "SCIM 推送", en: "SCIM push" },
};

/** What happened to one object; the counts of a task result are these per action. */
export const TASK_ACTIONS = ["create", "update", "disable", "delete", "skip", "fail"] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];
export const TASK_ACTION_LABELS: Record<TaskAction, Message> = {
  create: { zh: "新增", en: "Create" },
  update: { zh: "更新", en: "Update" },
  disable: { zh: "停用", en: "Disable" },
  delete: { zh: "删除", en: "Delete" },
  skip: { zh: "跳过", en: "Skip" },
  fail: { zh: "失败", en: "Failed" },
};
export const TASK_OBJECT_LABELS: Record<"user" | "dept", Message> = {
  user: { zh: "用户", en: "User" },
  dept: { zh: "机构", en: "Department" },
};

/** The fields an item's changes name (taskResultItem.changes keys), as the diff shows them. */
export const TASK_CHANGE_FIELD_LABELS: Record<string, Message> = {
  account: { zh: "账号", en: "Account" },
  name: { zh: "昵称", en: "Name" },
  realName: { zh: "姓名", en: "Real name" },
  phone: { zh: "手机号码", en: "Phone" },
  email: { zh: "电子邮箱", en: "Email" },
  dept: { zh: "所属机构", en: "Department" },
  deptId: { zh: "所属机构", en: "Department" },
  deptName: { zh: "机构名称", en: "Department name" },
  parentId: { zh: "上级机构", en: "Parent department" },
  status: { zh: "状态", en: "Status" },
};

export const taskResultLabels = {
  title: { zh: "同步记录", en: "Sync runs" },
  synchronizer: { zh: "同步器", en: "Synchroniser" },
  trigger: { zh: "触发方式", en: "Trigger" },
  status: { zh: "状态", en: "Status" },
  startTime: { zh: "开始时间", en: "Started" },
  endTime: { zh: "结束时间", en: "Ended" },
  created: { zh: "新增", en: "Created" },
  updated: { zh: "更新", en: "Updated" },
  disabled: { zh: "停用", en: "Disabled" },
  deleted: { zh: "删除", en: "Deleted" },
  skipped: { zh: "跳过", en: "Skipped" },
  failed: { zh: "失败", en: "Failed" },
  message: { zh: "说明", en: "Message" },
  items: { zh: "明细", en: "Items" },
  objectType: { zh: "对象", en: "Object" },
  externalId: { zh: "外部ID", en: "External ID" },
  label: { zh: "名称", en: "Name" },
  action: { zh: "操作", en: "Action" },
  changes: { zh: "变更", en: "Changes" },
  reason: { zh: "原因", en: "Reason" },
  missing: { zh: "同步记录不存在", en: "Sync run not found" },
} satisfies Record<string, Message>;
