import { Card, Typography } from "antd";
import type { CSSProperties, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "./i18n";

/** §2 the card container: a borderless card that holds a page's content with the console's padding. */
export function CardContainer({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <Card variant="borderless" style={{ marginBottom: 16, ...style }} styles={{ body: { padding: 16 } }}>
      {children}
    </Card>
  );
}

/** §2 the titled section block: a title with an accent bar over its content (default title 'this is a title'). */
export function SectionBlock({ title, extra, children }: { title?: ReactNode; extra?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section style={{ marginBottom: 16 }}>
      <div style={{ display: "flex", alignItems: "center", marginBottom: 12 }}>
        <Typography.Title level={5} style={{ margin: 0, paddingLeft: 8, borderLeft: "3px solid var(--ant-color-primary, #409EFF)", flex: "auto" }}>
          {title ?? t("blocks.defaultTitle")}
        </Typography.Title>
        {extra}
      </div>
      {children}
    </section>
  );
}
