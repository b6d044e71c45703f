import { useQuery } from "@tanstack/react-query";
import { Avatar, Card, Empty, List, Skeleton, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { website } from "../../config/website";
import { useLanguage } from "../../providers/i18n";
import { workbenchCalls, type Notice } from "./calls";
import { noticeText } from "./notice-text";

const statusColor: Record<number, string> = { 0: "default", 1: "processing", 2: "warning", 3: "success" };

/** One notice item of §2 (img, title, subtitle, tag, status); texts are shown as text, never as HTML. */
function NoticeRow({ item: sent }: { item: Notice }) {
  const item = noticeText(sent, useLanguage());
  return (
    <List.Item>
      <List.Item.Meta
        avatar={<Avatar src={item.img || website.defaultAvatar} size={32} alt="" />}
        title={
          <span style={{ display: "flex", justifyContent: "space-between", gap: 8 }}>
            <span>{item.title}</span>
            {item.tag && <Tag color={statusColor[item.status ?? 0]} style={{ marginInlineEnd: 0 }}>{item.tag}</Tag>}
          </span>
        }
        description={item.subtitle}
      />
    </List.Item>
  );
}

/** The user's latest sign-in attempts on their account: a failure they did not make stands out. */
export function NoticeCard() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: ["workbench", "notices"], queryFn: workbenchCalls.notices, retry: false });
  const items = query.data ?? [];
  return (
    <Card title={t("workbench.notices")}>
      {query.isPending ? (
        <Skeleton active avatar />
      ) : items.length === 0 ? (
        <Empty description={t("common.empty")} />
      ) : (
        <List size="small" dataSource={items} rowKey="id" renderItem={(item) => <NoticeRow item={item} />} />
      )}
    </Card>
  );
}
