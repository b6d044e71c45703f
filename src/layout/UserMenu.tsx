import { DisconnectOutlined, DownOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from "@ant-design/icons";
import { useLogout } from "@refinedev/core";
import { App, Avatar, Button, Dropdown } from "antd";
import type { MenuProps } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { website } from "../config/website";
import { displayName, useSessionUser } from "./session-user";
import { lazyDialog } from "../components/lazy-dialog";
import styles from "./layout.module.css";

const SwitchDialog = lazyDialog(() => import("./SwitchDialog").then((m) => m.SwitchDialog));

/** The avatar dropdown of §2: real name, personal centre, switch department/role (switch mode), log out, sign out everywhere (§7). */
export function UserMenu({ color }: { color?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const { mutate: logout } = useLogout<{ everywhere?: boolean }>();
  const user = useSessionUser();
  const [switching, setSwitching] = useState(false);

  const confirmLogout = () =>
    modal.confirm({
      title: t("buttons.logout"),
      content: t("layout.logoutConfirm"),
      okText: t("common.ok"),
      cancelText: t("common.cancel"),
      onOk: () => logout(),
    });

  // Every session of the user ends (other browsers and devices too): said plainly before it happens.
  const confirmLogoutEverywhere = () =>
    modal.confirm({
      title: t("layout.logoutEverywhere.menu"),
      content: t("layout.logoutEverywhere.confirm"),
      okText: t("layout.logoutEverywhere.ok"),
      okButtonProps: { danger: true },
      cancelText: t("common.cancel"),
      onOk: () => logout({ everywhere: true }),
    });

  const items: MenuProps["items"] = [
    { key: "person", icon: <UserOutlined />, label: t("layout.personCenter"), onClick: () => navigate("/personCenter/index") },
    ...(website.switchMode ? [{ key: "switch", icon: <SwapOutlined />, label: t("layout.switch.menu"), onClick: () => setSwitching(true) }] : []),
    { type: "divider" },
    { key: "logout", icon: <LogoutOutlined />, label: t("buttons.logout"), onClick: confirmLogout },
    { key: "logoutEverywhere", icon: <DisconnectOutlined />, label: t("layout.logoutEverywhere.menu"), onClick: confirmLogoutEverywhere },
  ];

  return (
    <>
      <Dropdown trigger={["click"]} menu={{ items }}>
        <Button type="text" className={styles.user} style={{ color }} data-testid="user-menu">
          <Avatar size={28} src={user?.avatar || website.defaultAvatar} alt="" />
          <span>{displayName(user)}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      {website.switchMode && <SwitchDialog open={switching} onClose={() => setSwitching(false)} />}
    </>
  );
}
