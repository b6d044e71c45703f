import { MenuFoldOutlined, MenuUnfoldOutlined } from "@ant-design/icons";
import { Button, Space } from "antd";
import { useTranslation } from "react-i18next";
import { ColorSetting } from "./ColorSetting";
import { ErrorLogButton } from "./ErrorLogButton";
import { FullScreenButton } from "./FullScreenButton";
import { LanguageSelect } from "./LanguageSelect";
import { LockButton } from "./LockButton";
import { Logo } from "./Logo";
import { MenuSearch } from "./MenuSearch";
import { NoticePopover } from "./NoticePopover";
import { useScreenLevel } from "./screen";
import { ThemeSetting } from "./ThemeSetting";
import { TopMenu } from "./TopMenu";
import { UserMenu } from "./UserMenu";
import type { LayoutTheme } from "./themes";
import styles from "./layout.module.css";

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
        {wide && <ColorSetting />}
        <ErrorLogButton />
        <LockButton />
        {wide && <ThemeSetting />}
        {wide && <FullScreenButton />}
        <LanguageSelect />
        <NoticePopover />
        <UserMenu color={theme.headerText} />
      </Space>
    </header>
  );
}
