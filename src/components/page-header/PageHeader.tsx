/**
 * The page header refine's <List> draws, in place of @ant-design/pro-layout's (vite.config.ts aliases
 * the package here). refine imports pro-layout for this one component, and pro-layout's styles pull
 * @ant-design/pro-provider: a theme of its own, SWR and the messages of 40 languages, ~17 kB gzipped
 * on every list page. Same markup and class names (ant-page-header…), the same look from antd's
 * own tokens; only the parts refine's List passes are drawn (title, sub-title, extra, breadcrumb,
 * back button, content, footer).
 */
import { ConfigProvider, Space, theme } from "antd";
import { isValidElement, useContext, type CSSProperties, type MouseEvent, type ReactNode } from "react";

export interface PageHeaderProps {
  prefixCls?: string;
  className?: string;
  style?: CSSProperties;
  title?: ReactNode;
  subTitle?: ReactNode;
  tags?: ReactNode;
  extra?: ReactNode;
  breadcrumb?: ReactNode;
  backIcon?: ReactNode;
  onBack?: (e?: MouseEvent<HTMLElement>) => void;
  footer?: ReactNode;
  ghost?: boolean;
  children?: ReactNode;
}

const ellipsis: CSSProperties = { overflow: "hidden", whiteSpace: "nowrap", textOverflow: "ellipsis" };

export function PageHeader({ prefixCls: custom, className, style, title, subTitle, tags, extra, breadcrumb, backIcon, onBack, footer, ghost = true, children }: PageHeaderProps) {
  const { getPrefixCls, direction } = useContext(ConfigProvider.ConfigContext);
  const { token } = theme.useToken();
  const cls = getPrefixCls("page-header", custom);
  const heading = `${cls}-heading`;
  // refine hands over a breadcrumb element (a fragment when it is switched off), as pro-layout takes it.
  const crumb = isValidElement(breadcrumb) ? breadcrumb : null;
  const hasHeading = !!(title || subTitle || tags || extra);
  const classes = [cls, className, crumb && `${cls}-has-breadcrumb`, footer && `${cls}-has-footer`, direction === "rtl" && `${cls}-rtl`, ghost && `${cls}-ghost`];
  const half = token.marginXS / 2;
  return (
    <div
      className={classes.filter(Boolean).join(" ")}
      style={{
        position: "relative",
        boxSizing: "border-box",
        color: token.colorText,
        backgroundColor: ghost ? "transparent" : token.colorBgContainer,
        paddingBlock: 6,
        paddingInline: 16,
        ...(crumb ? { paddingBlockStart: token.paddingSM } : {}),
        ...(footer ? { paddingBlockEnd: 0 } : {}),
        ...style,
      }}
    >
      {crumb}
      {hasHeading && (
        <div className={heading} style={{ display: "flex", justifyContent: "space-between", flexWrap: "wrap" }}>
          <div className={`${heading}-left`} style={{ display: "flex", alignItems: "center", marginBlock: half, overflow: "hidden" }}>
            {backIcon && onBack && (
              <div className={`${cls}-back`} style={{ marginInlineEnd: token.margin, fontSize: 16, lineHeight: 1 }}>
                <div role="button" tabIndex={0} aria-label="back" className={`${cls}-back-button`} style={{ color: token.colorTextHeading, cursor: "pointer" }} onClick={(e) => onBack(e)} onKeyDown={(e) => e.key === "Enter" && onBack()}>
                  {backIcon}
                </div>
              </div>
            )}
            {title && (
              <span className={`${heading}-title`} title={typeof title === "string" ? title : undefined} style={{ marginInlineEnd: token.marginSM, color: token.colorTextHeading, fontWeight: 600, fontSize: token.fontSizeHeading4, lineHeight: `${token.controlHeight}px`, ...ellipsis }}>
                {title}
              </span>
            )}
            {subTitle && (
              <span className={`${heading}-sub-title`} title={typeof subTitle === "string" ? subTitle : undefined} style={{ marginInlineEnd: token.marginSM, color: token.colorTextSecondary, fontSize: 14, lineHeight: token.lineHeight, ...ellipsis }}>
                {subTitle}
              </span>
            )}
            {tags && <span className={`${heading}-tags`}>{tags}</span>}
          </div>
          {extra && (
            <span className={`${heading}-extra`} style={{ marginBlock: half, whiteSpace: "nowrap" }}>
              <Space>{extra}</Space>
            </span>
          )}
        </div>
      )}
      {children && (
        <div className={`${cls}-content`} style={{ paddingBlockStart: token.paddingSM }}>
          {children}
        </div>
      )}
      {footer && (
        <div className={`${cls}-footer`} style={{ marginBlockStart: token.margin }}>
          {footer}
        </div>
      )}
    </div>
  );
}
