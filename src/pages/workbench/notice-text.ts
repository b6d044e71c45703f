import { i18n, type Language } from "../../providers/i18n";
import { reasonText } from "../../resources/logAudit/systemLogin/reason-i18n";
import type { Notice } from "./calls";

// The reference server words its sign-in notices in Chinese (server/modules/workbench/cards.ts):
// the title is one of two fixed texts and the tag a recorded sign-in reason (or the grant type, a
// code shown as it is). Known texts read in the operator's language; anything else, as sent.
const TITLES: Record<string, string> = { 登录成功: "workbench.notice.signedIn", 登录失败: "workbench.notice.failed" };

/** A notice as the operator reads it in `lng`. */
export function noticeText(item: Notice, lng: Language): Notice {
  const title = TITLES[item.title];
  return {
    ...item,
    title: title ? i18n.t(title, { lng }) : item.title,
    tag: item.tag ? reasonText(item.tag, lng) : item.tag,
  };
}
