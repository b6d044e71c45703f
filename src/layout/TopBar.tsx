import { DownOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from "@ant-design/icons";
import { useGetIdentity, useLogout } from "@refinedev/core";
import { App, Avatar, Button, Dropdown, Select, Space } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { website } from "../config/website";
import { setLanguage } from "../providers/i18n";
import styles from "./layout.module.css";

interface Identity {
  name?: string;
  avatar?: string;
}

/** The top bar of §2: collapse toggle, platform name, language switch and the avatar menu. */
export function TopBar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const { data: identity } = useGetIdentity<Identity>();
  const { mutate: logout } = useLogout();

  const confirmLogout = () =>
    modal.confirm({
      title: t("layout.logout"),
      content: t("layout.logoutConfirm"),
      okText: t("common.ok"),
      cancelText: t("buttons.cancel"),
      onOk: () => logout(),
    });

  return (
    <header className={styles.header}>
      <Space size={12}>
        <Button
          type="text"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
          aria-label={collapsed ? t("layout.expand") : t("layout.collapse")}
        />
        <span className={styles.title}>{website.title}</span>
      </Space>
      <Space size={16}>
        <Select
          size="small"
          value={i18n.language.startsWith("en") ? "en" : "zh"}
          onChange={(v: "zh" | "en") => setLanguage(v)}
          options={[{ value: "zh", label: "简体中文" }, { value: "en", label: "English" }]}
          aria-label={t("layout.language")}
          style={{ width: 104 }}
        />
        <Dropdown
          trigger={["click"]}
          menu={{
            items: [
              { key: "person", icon: <UserOutlined />, label: t("layout.personCenter"), onClick: () => navigate("/personCenter/index") },
              { type: "divider" },
              { key: "logout", icon: <LogoutOutlined />, label: t("layout.logout"), onClick: confirmLogout },
            ],
          }}
        >
          <Button type="text" className={styles.user} data-testid="user-menu">
            <Avatar size={28} src={identity?.avatar || website.defaultAvatar} alt="" />
            <span>{identity?.name}</span>
            <DownOutlined style={{ fontSize: 10 }} />
          </Button>
        </Dropdown>
      </Space>
    </header>
  );
}
