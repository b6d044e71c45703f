import { Avatar, Tag } from "antd";
import { useTranslation } from "react-i18next";
import type { NoticeItemData } from "./notice-demo";

const statusColor = { 0: "default", 1: "processing", 2: "warning", 3: "success" } as const;

/** One notice (§2 'Notice item'): image, title, subtitle and a status tag. */
export function NoticeItem({ item }: { item: NoticeItemData }) {
  const { t } = useTranslation();
  return (
    <li style={{ display: "flex", gap: 12, padding: "10px 4px", borderBottom: "1px solid rgba(5,5,5,0.06)" }}>
      <Avatar src={item.img} size={32} alt="" />
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ display: "flex", justifyContent: "space-between", gap: 8 }}>
          <span>{t(item.title)}</span>
          <Tag color={statusColor[item.status]} style={{ marginInlineEnd: 0 }}>{t(item.tag)}</Tag>
        </div>
        <div style={{ fontSize: 12, color: "rgba(0,0,0,0.45)" }}>{t(item.subtitle)}</div>
      </div>
    </li>
  );
}
