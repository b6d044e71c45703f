import { theme } from "antd";
import { useId, type ReactNode } from "react";

/**
 * The titled box of a list's aside (the users page's department tree), drawn like a small antd
 * Card from the theme's tokens. Not antd's Card itself: Card imports Tabs for its tab bar, which
 * put ~10 kB into the first resource page a person opens (issue 24's budget).
 */
export function AsidePanel({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { token } = theme.useToken();
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      style={{ background: token.colorBgContainer, border: `${token.lineWidth}px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG }}
    >
      <div
        id={titleId}
        style={{
          padding: `0 ${token.paddingSM}px`,
          minHeight: 38,
          display: "flex",
          alignItems: "center",
          fontWeight: token.fontWeightStrong,
          color: token.colorTextHeading,
          borderBottom: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
        }}
      >
        {title}
      </div>
      <div style={{ padding: token.paddingSM }}>{children}</div>
    </section>
  );
}
