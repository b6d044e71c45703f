import { StarFilled, StarOutlined } from "@ant-design/icons";
import { Avatar, Button, Card, Space, Tag, Tooltip, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { AppCardData, Source } from "./api";
import "./i18n";

/** An application's icon: its picture when it has an address, else its first letter. */
export function AppIcon({ icon, name, size = 40 }: { icon: string; name: string; size?: number }) {
  const picture = /^(https?:|\/|data:image\/)/.test(icon);
  return picture ? <Avatar shape="square" size={size} src={icon} alt="" /> : <Avatar shape="square" size={size}>{[...name][0] ?? "?"}</Avatar>;
}

/** Where each grant comes from, as tags: 应用角色 …, 资源目录 办公 / 协同, 申请通过（至 …）. */
export function SourceTags({ sources }: { sources: Source[] }) {
  const { t } = useTranslation();
  return (
    <Space size={[4, 4]} wrap>
      {sources.map((s, i) => (
        <Tag key={i} color={s.type === "request" ? "blue" : undefined}>
          {t(`resourceCenter.source.${s.type}`)}
          {s.name ? `：${s.name}` : ""}
          {s.type === "request" ? `（${s.endTime ? `${t("resourceCenter.fields.endTime")} ${s.endTime}` : t("resourceCenter.permanent")}）` : ""}
        </Tag>
      ))}
    </Space>
  );
}

/** 我的应用's card: icon, name, category, 打开 and the 常用应用 star. */
export function AppCard({ app, onOpen, onPin }: { app: AppCardData; onOpen: () => void; onPin: () => void }) {
  const { t } = useTranslation();
  const pinLabel = app.common ? t("resourceCenter.unpin") : t("resourceCenter.pin");
  return (
    <Card
      size="small"
      role="article"
      aria-label={app.appName}
      actions={[
        <Button key="open" type="link" onClick={onOpen}>
          {t("resourceCenter.open")}
        </Button>,
        <Tooltip key="pin" title={pinLabel}>
          <Button type="text" aria-label={pinLabel} icon={app.common ? <StarFilled style={{ color: "#faad14" }} /> : <StarOutlined />} onClick={onPin} />
        </Tooltip>,
      ]}
    >
      <Card.Meta
        avatar={<AppIcon icon={app.icon} name={app.appName} />}
        title={app.appName}
        description={<Typography.Text type="secondary">{app.categoryName || t("resourceCenter.noCategory")}</Typography.Text>}
      />
    </Card>
  );
}
