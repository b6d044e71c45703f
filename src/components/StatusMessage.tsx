import { CloseCircleFilled, WarningFilled } from "@ant-design/icons";
import { theme } from "antd";
import type { ReactNode } from "react";

interface Props {
  status: "warning" | "error";
  title: ReactNode;
  subTitle?: ReactNode;
  /** The way on: a retry or reload button. */
  extra?: ReactNode;
}

/**
 * A page-sized message with an icon, laid out like antd's Result. Not Result itself: it carries its
 * 403/404/500 illustrations wherever it is used (~6 kB), and the load-error and crash messages are
 * part of the first page a person opens (issue 24's budget). The illustrated pages use Result.
 */
export function StatusMessage({ status, title, subTitle, extra }: Props) {
  const { token } = theme.useToken();
  const Icon = status === "error" ? CloseCircleFilled : WarningFilled;
  return (
    <div role={status === "error" ? "alert" : "status"} style={{ padding: `${token.paddingXL * 1.5}px ${token.paddingLG}px`, textAlign: "center" }}>
      <Icon aria-hidden style={{ fontSize: 72, color: status === "error" ? token.colorError : token.colorWarning }} />
      <h2 style={{ margin: `${token.marginLG}px 0 ${token.marginXS}px`, fontSize: token.fontSizeHeading3, fontWeight: token.fontWeightStrong, color: token.colorTextHeading }}>{title}</h2>
      {subTitle && <p style={{ margin: 0, color: token.colorTextSecondary }}>{subTitle}</p>}
      {extra && <div style={{ marginTop: token.marginLG }}>{extra}</div>}
    </div>
  );
}
