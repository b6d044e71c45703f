import { Empty, Menu } from "antd";
import type { MenuProps } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import type { MenuNode } from "../contract";
import { useMenu } from "../providers/auth/menu-store";
import { findTrail, isExternal } from "./menu-tree";
import { MenuIcon } from "./MenuIcon";

type Item = Required<MenuProps>["items"][number];

function toItems(nodes: MenuNode[]): Item[] {
  return nodes.map((n) => {
    const children = n.children?.filter((c) => c.category !== 2) ?? [];
    return {
      key: n.path || n.id,
      icon: <MenuIcon source={n.source} />,
      label: n.name,
      children: children.length ? toItems(children) : undefined,
    };
  });
}

/** The side menu of §2: the server's menu tree, opened at the current page. */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const menu = useMenu();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = useMemo(() => toItems(menu), [menu]);
  const trail = useMemo(() => findTrail(menu, pathname), [menu, pathname]);
  const selected = trail.length ? [trail[trail.length - 1].path] : [];
  const open = trail.slice(0, -1).map((n) => n.path || n.id);

  if (!menu.length) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("layout.emptyMenu")} style={{ color: "#bfcbd9", paddingTop: 24 }} />;
  }

  const onClick: MenuProps["onClick"] = ({ key }) => {
    const node = menu.length ? findTrail(menu, key).at(-1) : undefined;
    if (node && isExternal(node)) window.open(node.path, "_blank", "noopener,noreferrer");
    else navigate(key);
  };

  return (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={selected}
      defaultOpenKeys={collapsed ? undefined : open}
      key={collapsed ? "collapsed" : open.join("|")}
      inlineCollapsed={collapsed}
      onClick={onClick}
      style={{ borderInlineEnd: 0 }}
    />
  );
}
