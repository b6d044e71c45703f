import { addTranslations } from "../../providers/i18n";
import type { Message } from "../../../domain/validation";
import {
  TASK_ACTION_LABELS,
  TASK_CHANGE_FIELD_LABELS,
  TASK_OBJECT_LABELS,
  TASK_STATUS_LABELS,
  TASK_TRIGGER_LABELS,
} from "../../../domain/resources/applicationManagement/taskResult/spec";

type Lang = "zh" | "en";
const pick = (messages: Record<string, Message>, lang: Lang) => Object.fromEntries(Object.entries(messages).map(([k, m]) => [k, m[lang]]));

const labels = (lang: Lang) => ({
  status: pick(TASK_STATUS_LABELS, lang),
  trigger: pick(TASK_TRIGGER_LABELS, lang),
  object: pick(TASK_OBJECT_LABELS, lang),
  // An item's action (data, labelled by the task-result spec), not a button: see parity.test.ts.
  action: pick(TASK_ACTION_LABELS, lang),
  changeField: pick(TASK_CHANGE_FIELD_LABELS, lang),
  topLevel: lang === "zh" ? "顶级" : "Top level",
});

/** What a sync run shows wherever it appears (用户同步's preview and run, 同步记录): keys `taskRun.*`. */
addTranslations("taskRun", { zh: labels("zh"), en: labels("en") });
