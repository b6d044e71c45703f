import { Empty, Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { NOTICE_TABS, isUnread, type NoticeItemData, type NoticeKind, type Seen } from "./notice-items";
import { NoticeItem } from "./NoticeItem";

/** The bell's tabs of notices, loaded when the bell is first opened. */
export default function NoticeTabs({ items, tab, onTab, seenAtOpen, onOpen }: {
  items: NoticeItemData[];
  tab: NoticeKind;
  onTab: (tab: NoticeKind) => void;
  seenAtOpen: Seen;
  onOpen: (item: NoticeItemData) => void;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      size="small"
      style={{ width: 340 }}
      activeKey={tab}
      onChange={(key) => onTab(key as NoticeKind)}
      items={NOTICE_TABS.map((kind) => {
        const mine = items.filter((i) => i.kind === kind);
        return {
          key: kind,
          label: `${t(`layout.notice.${kind}`)} (${mine.length})`,
          children: mine.length ? (
            <ul style={{ listStyle: "none", margin: 0, padding: 0, maxHeight: 360, overflowY: "auto" }}>
              {mine.map((item) => <NoticeItem key={item.id} item={item} unread={isUnread(item, seenAtOpen)} onOpen={onOpen} />)}
            </ul>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("layout.notice.empty")} />
          ),
        };
      })}
    />
  );
}
