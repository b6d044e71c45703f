/**
 * The notice popover's demo data (§2 says the popover shows demo data). Texts are i18n keys under
 * `layout.noticeDemo`, so the demo reads right in both languages.
 */
import { website } from "../config/website";

/** A notice item of §2: img, title, subtitle, tag, status (0 not started … 3 done). */
export interface NoticeItemData {
  id: string;
  img: string;
  title: string;
  subtitle: string;
  tag: string;
  status: 0 | 1 | 2 | 3;
}

export type NoticeTab = "mail" | "message" | "notice";

const item = (id: string, status: NoticeItemData["status"]): NoticeItemData => ({
  id,
  img: website.defaultAvatar,
  title: `layout.noticeDemo.${id}.title`,
  subtitle: `layout.noticeDemo.${id}.subtitle`,
  tag: `layout.noticeStatus.${status}`,
  status,
});

export const noticeDemo: Record<NoticeTab, NoticeItemData[]> = {
  mail: [item("mail1", 0), item("mail2", 1), item("mail3", 3)],
  message: [item("message1", 1), item("message2", 0), item("message3", 2)],
  notice: [item("notice1", 0), item("notice2", 2), item("notice3", 1)],
};
