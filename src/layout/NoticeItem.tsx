import { AuditOutlined, CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined } from "@ant-design/icons";
import { Avatar, Badge, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { NoticeItemData } from "./notice-items";

/** Image, tag and status of each kind of notice (§2 'Notice item': img, title, subtitle, tag, status). */
function look(item: NoticeItemData) {
  if (item.kind === "decide") return { icon: <AuditOutlined />, tag: "pending", color: "processing" };
  if (item.kind === "ending") return { icon: <ClockCircleOutlined />, tag: "ending", color: "warning" };
  return item.state === 1
    ? { icon: <CheckCircleOutlined />, tag: "approved", color: "success" }
    : { icon: <CloseCircleOutlined />, tag: "rejected", color: "error" };
}

function title(t: (key: string, o?: Record<string, string>) => string, item: NoticeItemData) {
  if (item.kind === "decide") return t("layout.notice.decideTitle", { user: item.userName, app: item.appName });
  if (item.kind === "ending") return t("layout.notice.endingTitle", { app: item.appName, end: item.endTime });
  return t(item.state === 1 ? "layout.notice.approvedTitle" : "layout.notice.rejectedTitle", { app: item.appName });
}

/** One notice: a button that opens its page; an unread one is marked with a dot and bold text. */
export function NoticeItem({ item, unread, onOpen }: { item: NoticeItemData; unread: boolean; onOpen: (item: NoticeItemData) => void }) {
  const { t } = useTranslation();
  const { icon, tag, color } = look(item);
  return (
    <li style={{ borderBottom: "1px solid rgba(5,5,5,0.06)" }}>
      <button
        type="button"
        onClick={() => onOpen(item)}
        style={{ display: "flex", gap: 12, width: "100%", padding: "10px 4px", border: 0, background: "none", cursor: "pointer", textAlign: "start" }}
      >
        <Badge dot={unread}>
          <Avatar icon={icon} size={32} />
        </Badge>
        <span style={{ flex: 1, minWidth: 0 }}>
          <span style={{ display: "flex", justifyContent: "space-between", gap: 8 }}>
            <span style={{ fontWeight: unread ? 600 : 400 }}>{title(t, item)}</span>
            <Tag color={color} style={{ marginInlineEnd: 0 }}>{t(`layout.noticeStatus.${tag}`)}</Tag>
          </span>
          <Typography.Text type="secondary" style={{ display: "block", fontSize: 12 }}>
            {item.time}
          </Typography.Text>
        </span>
      </button>
    </li>
  );
}
