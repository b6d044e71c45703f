import { addTranslations } from "../../../providers/i18n";
import type { Message } from "../../../../domain/validation";
import { taskResultLabels } from "../../../../domain/resources/applicationManagement/taskResult/spec";

type Lang = "zh" | "en";
const pick = (messages: Record<string, Message>, lang: Lang) => Object.fromEntries(Object.entries(messages).map(([k, m]) => [k, m[lang]]));

/** The page's own words beside the spec's labels. */
const words: Record<string, Message> = {
  timeRange: { zh: "开始时间", en: "Started between" },
  counts: { zh: "数量", en: "Counts" },
  detailTitle: { zh: "同步记录详情", en: "Sync run" },
  scimSource: { zh: "SCIM 推送", en: "SCIM push" },
  allActions: { zh: "全部操作", en: "All actions" },
  filterAction: { zh: "按操作筛选", en: "Filter by action" },
  noItems: { zh: "本次同步没有变更", en: "This run changed nothing" },
  duration: { zh: "耗时", en: "Duration" },
  seconds: { zh: "{{s}} 秒", en: "{{s}} s" },
};

const labels = (lang: Lang) => ({
  ...pick(taskResultLabels, lang),
  ...pick(words, lang),
  statusLabel: taskResultLabels.status[lang],
  triggerLabel: taskResultLabels.trigger[lang],
  actionLabel: taskResultLabels.action[lang],
});

/** 同步记录 (keys `taskResult.*`). */
addTranslations("taskResult", { zh: labels("zh"), en: labels("en") });
