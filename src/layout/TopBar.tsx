import { MenuFoldOutlined, MenuUnfoldOutlined } from "@ant-design/icons";
import { Button, Space } from "antd";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Logo } from "./Logo";
import { MenuSearch } from "./MenuSearch";
import { useScreenLevel } from "./screen";
import { TopMenu } from "./TopMenu";
import { UserMenu } from "./UserMenu";
import type { LayoutTheme } from "./themes";
import styles from "./layout.module.css";

// The tools (notices, theme, colour, lock, full screen, language, error log) bring their popovers,
// badges and dialogs: they follow the first paint rather than hold it (issue 24). The menu search
// does not: its Ctrl+K must work from the first moment, not once a chunk has arrived.
const TopBarTools = lazy(() => import("./TopBarTools"));

/** The top bar of §2, left to right: collapse, logo, top menu; then the tools and the avatar menu. */
export function TopBar({ collapsed, onToggle, theme }: { collapsed: boolean; onToggle: () => void; theme: LayoutTheme }) {
  const { t } = useTranslation();
  // On small screens (§9 level < 2) the decorative tools give way to the essential ones.
  const wide = useScreenLevel() >= 2;
  return (
    <header className={styles.header} style={{ background: theme.headerBg, color: theme.headerText }}>
      <div className={styles.headerLeft}>
        <Button
          type="text"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
          aria-label={collapsed ? t("layout.expand") : t("layout.collapse")}
          style={{ color: "inherit" }}
        />
        <Logo color={theme.headerText} />
        <TopMenu />
      </div>
      <Space size={4} className={styles.tools} style={{ color: theme.headerText }}>
        <MenuSearch />
        <Suspense>
          <TopBarTools wide={wide} />
        </Suspense>
        <UserMenu color={theme.headerText} />
      </Space>
    </header>
  );
}
