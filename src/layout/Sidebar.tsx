import { Empty, Menu } from "antd";
import type { MenuProps } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { MenuNode } from "../contract";
import { menuPathOf } from "./iframe-path";
import { findActiveTrail, flatten, menuChildren, roleAliases, visibleFor } from "./menu-tree";
import { useOpenMenuNode } from "./menu-navigation";
import { useMenuName, type MenuNaming } from "./menu-name";
import { isAdministrator, useSessionUser } from "./session-user";
import { MenuIcon } from "./MenuIcon";
import { useSideMenu } from "./top-menu-store";

type Item = Required<MenuProps>["items"][number];

const keyOf = (n: MenuNode) => n.path || n.id;

function toItems(nodes: MenuNode[], nameOf: (n: MenuNaming) => string): Item[] {
  return nodes.map((n) => {
    const children = menuChildren(n);
    return {
      key: keyOf(n),
      icon: <MenuIcon source={n.source} />,
      label: nameOf(n),
      children: children.length ? toItems(children, nameOf) : undefined,
    };
  });
}

/**
 * The side menu of §2: the server's menu tree filtered by role, the item of the current page (or
 * of the list a detail page belongs to) selected and opened. The administrator's tree opens fully.
 */
export function Sidebar({ collapsed, theme = "dark" }: { collapsed: boolean; theme?: "dark" | "light" }) {
  const { t } = useTranslation();
  const all = useSideMenu();
  const user = useSessionUser();
  const openNode = useOpenMenuNode();
  const nameOf = useMenuName();
  const { pathname, search } = useLocation();
  const menu = useMemo(() => visibleFor(all, roleAliases(user?.role_name)), [all, user?.role_name]);
  const byKey = useMemo(() => new Map(flatten(menu).map((n) => [keyOf(n), n])), [menu]);
  const items = useMemo(() => toItems(menu, nameOf), [menu, nameOf]);
  const trail = useMemo(() => findActiveTrail(menu, menuPathOf(pathname, search)), [menu, pathname, search]);
  const selected = trail.length ? [keyOf(trail[trail.length - 1])] : [];
  const admin = isAdministrator(user);
  const open = admin ? flatten(menu).filter((n) => menuChildren(n).length).map(keyOf) : trail.slice(0, -1).map(keyOf);

  if (!menu.length) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("layout.emptyMenu")} style={{ color: "#bfcbd9", paddingTop: 24 }} />;
  }

  const onClick: MenuProps["onClick"] = ({ key }) => {
    const node = byKey.get(key);
    if (node) openNode(node);
  };

  return (
    <Menu
      theme={theme}
      mode="inline"
      items={items}
      selectedKeys={selected}
      defaultOpenKeys={collapsed ? undefined : open}
      // A new trail (or the administrator's full tree) re-opens the menu at the current page.
      key={collapsed ? "collapsed" : admin ? `admin|${byKey.size}` : open.join("|")}
      inlineCollapsed={collapsed}
      onClick={onClick}
      style={{ borderInlineEnd: 0, background: "transparent" }}
    />
  );
}
