import { BellOutlined } from "@ant-design/icons";
import { Badge, Button, Popover, Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { noticeDemo, type NoticeTab } from "./notice-demo";
import { NoticeItem } from "./NoticeItem";

const tabs: NoticeTab[] = ["mail", "message", "notice"];

/** The bell of §2: mail, messages and notices tabs (demo data). */
export function NoticePopover() {
  const { t } = useTranslation();
  const count = tabs.reduce((n, tab) => n + noticeDemo[tab].length, 0);
  const content = (
    <Tabs
      size="small"
      style={{ width: 320 }}
      items={tabs.map((tab) => ({
        key: tab,
        label: `${t(`layout.notice.${tab}`)} (${noticeDemo[tab].length})`,
        children: (
          <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {noticeDemo[tab].map((item) => <NoticeItem key={item.id} item={item} />)}
          </ul>
        ),
      }))}
    />
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content} arrow={false}>
      <Badge count={count} size="small" offset={[-4, 4]}>
        <Button type="text" icon={<BellOutlined />} aria-label={t("layout.notice.title")} />
      </Badge>
    </Popover>
  );
}
