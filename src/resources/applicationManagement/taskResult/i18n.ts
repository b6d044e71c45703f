import { addTranslations } from "../../../providers/i18n";
import type { Message } from "../../../../domain/validation";
import {
  TASK_ACTION_LABELS,
  TASK_OBJECT_LABELS,
  TASK_STATUS_LABELS,
  TASK_TRIGGER_LABELS,
  taskResultLabels,
} from "../../../../domain/resources/applicationManagement/taskResult/spec";

type Lang = "zh" | "en";
const pick = (messages: Record<string, Message>, lang: Lang) => Object.fromEntries(Object.entries(messages).map(([k, m]) => [k, m[lang]]));

/** The page's own words beside the spec's labels. */
const words: Record<string, Message> = {
  topLevel: { zh: "顶级", en: "Top level" },
  timeRange: { zh: "开始时间", en: "Started between" },
  counts: { zh: "数量", en: "Counts" },
  view: { zh: "查看", en: "View" },
  detailTitle: { zh: "同步记录详情", en: "Sync run" },
  scimSource: { zh: "SCIM 推送", en: "SCIM push" },
  allActions: { zh: "全部操作", en: "All actions" },
  filterAction: { zh: "按操作筛选", en: "Filter by action" },
  noItems: { zh: "本次同步没有变更", en: "This run changed nothing" },
  duration: { zh: "耗时", en: "Duration" },
  seconds: { zh: "{{s}} 秒", en: "{{s}} s" },
};

/** Field names a change may carry (taskResultItem.changes keys). */
const changeFields: Record<string, Message> = {
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

const labels = (lang: Lang) => ({
  ...pick(taskResultLabels, lang),
  ...pick(words, lang),
  status: pick(TASK_STATUS_LABELS, lang),
  statusLabel: taskResultLabels.status[lang],
  trigger: pick(TASK_TRIGGER_LABELS, lang),
  triggerLabel: taskResultLabels.trigger[lang],
  action: pick(TASK_ACTION_LABELS, lang),
  actionLabel: taskResultLabels.action[lang],
  object: pick(TASK_OBJECT_LABELS, lang),
  changeField: pick(changeFields, lang),
});

/** 同步记录 (keys `taskResult.*`). */
addTranslations("taskResult", { zh: labels("zh"), en: labels("en") });
