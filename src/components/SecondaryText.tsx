import { theme } from "antd";
import type { CSSProperties, ReactNode } from "react";

/**
 * Typography.Text type="secondary" without Typography, whose editing and copying parts (a text
 * area, a resize observer) would ride along on every list page for one grey word.
 */
export function SecondaryText({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  const { token } = theme.useToken();
  return <span style={{ color: token.colorTextDescription, ...style }}>{children}</span>;
}
