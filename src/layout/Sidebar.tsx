import { Empty, Menu } from "antd";
import type { GetRef, MenuProps } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { MenuNode } from "../../domain/contract";
import { menuPathOf } from "./iframe-path";
import { findActiveTrail, flatten, isExternal, menuChildren, roleAliases, visibleFor } from "./menu-tree";
import { isPlainClick, menuHref, useOpenMenuNode } from "./menu-navigation";
import { useMenuName, type MenuNaming } from "./menu-name";
import { isAdministrator, useSessionUser } from "./session-user";
import { MenuIcon } from "./MenuIcon";
import { useSideMenu } from "./top-menu-store";

type Item = Required<MenuProps>["items"][number];

const keyOf = (n: MenuNode) => n.path || n.id;

/** How long antd's submenu takes to open: the active item is scrolled to once it has its place. */
const OPEN_MOTION_MS = 300;

/**
 * A leaf is a real link, so Ctrl/Cmd+click and the middle button open it in a new tab; a plain
 * click is left to the menu, which navigates inside the console (or opens the new window of §2).
 */
function MenuLink({ node, name }: { node: MenuNode; name: string }) {
  const external = isExternal(node);
  return (
    <a
      href={menuHref(node)}
      target={external ? "_blank" : undefined}
      rel={external ? "noopener noreferrer" : undefined}
      // The menu is one Tab stop whose items the arrow keys move through (antd's Menu); a link
      // of its own per item would make Tab walk every page of the menu first.
      tabIndex={-1}
      onClick={(e) => isPlainClick(e) && e.preventDefault()}
    >
      {name}
    </a>
  );
}

/**
 * `plainTop`: collapsed, a first-level item is a 40 px icon whose hidden label an anchor would
 * stretch past the sider, so focusing it scrolled the whole menu sideways; there the label stays
 * text and a modified click is opened by hand (see onClick).
 */
function toItems(nodes: MenuNode[], nameOf: (n: MenuNaming) => string, plainTop: boolean): Item[] {
  return nodes.map((n) => {
    const children = menuChildren(n);
    return {
      key: keyOf(n),
      icon: <MenuIcon source={n.source} />,
      label: children.length || plainTop ? nameOf(n) : <MenuLink node={n} name={nameOf(n)} />,
      children: children.length ? toItems(children, nameOf, false) : undefined,
    };
  });
}

/** Each submenu's key with the keys of the submenus around it, outermost first. */
function ancestry(nodes: MenuNode[], above: string[] = [], into = new Map<string, string[]>()): Map<string, string[]> {
  for (const n of nodes) {
    into.set(keyOf(n), above);
    ancestry(menuChildren(n), [...above, keyOf(n)], into);
  }
  return into;
}

/**
 * The side menu of §2: the server's menu tree filtered by role, the item of the current page (or
 * of the list a detail page belongs to) selected, opened and scrolled into view. Only the current
 * submenu is open: opening another closes its siblings. The administrator's tree opens fully on
 * load (§6); from the first navigation on, it follows the same rule.
 */
export function Sidebar({ collapsed, theme = "dark" }: { collapsed: boolean; theme?: "dark" | "light" }) {
  const { t } = useTranslation();
  const all = useSideMenu();
  const user = useSessionUser();
  const openNode = useOpenMenuNode();
  const nameOf = useMenuName();
  const { pathname, search } = useLocation();
  const menuRef = useRef<GetRef<typeof Menu>>(null);
  const menu = useMemo(() => visibleFor(all, roleAliases(user?.role_name)), [all, user?.role_name]);
  const byKey = useMemo(() => new Map(flatten(menu).map((n) => [keyOf(n), n])), [menu]);
  const parents = useMemo(() => ancestry(menu), [menu]);
  const items = useMemo(() => toItems(menu, nameOf, collapsed), [menu, nameOf, collapsed]);
  const here = menuPathOf(pathname, search);
  const trail = useMemo(() => findActiveTrail(menu, here), [menu, here]);
  const selected = trail.length ? [keyOf(trail[trail.length - 1])] : [];
  const trailOpen = trail.slice(0, -1).map(keyOf);
  const admin = isAdministrator(user);

  // null until the operator opens or closes a submenu, or navigates: the §6 / trail default.
  const [chosenOpen, setChosenOpen] = useState<string[] | null>(null);
  const [openedAt, setOpenedAt] = useState(here);
  if (openedAt !== here) {
    setOpenedAt(here);
    setChosenOpen(trailOpen);
  }
  const openKeys = chosenOpen ?? (admin ? flatten(menu).filter((n) => menuChildren(n).length).map(keyOf) : trailOpen);

  const selectedKey = selected[0];
  useEffect(() => {
    if (!selectedKey || collapsed) return;
    const timer = setTimeout(() => {
      menuRef.current?.menu?.list.querySelector(".ant-menu-item-selected")?.scrollIntoView?.({ block: "nearest" });
    }, OPEN_MOTION_MS);
    return () => clearTimeout(timer);
  }, [selectedKey, collapsed, byKey]);

  if (!menu.length) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("layout.emptyMenu")} style={{ color: "#bfcbd9", paddingTop: 24 }} />;
  }

  const onClick: MenuProps["onClick"] = ({ key, domEvent }) => {
    const node = byKey.get(key);
    if (!node) return;
    if ("button" in domEvent && !isPlainClick(domEvent)) {
      // A modified click on a link is the browser's (a new tab); on a plain label it is ours.
      if (!(domEvent.target as Element).closest?.("a[href]")) window.open(menuHref(node), "_blank", "noopener");
      return;
    }
    openNode(node);
  };

  const onOpenChange = (keys: string[]) => {
    const opened = keys.find((k) => !openKeys.includes(k));
    setChosenOpen(opened ? [...(parents.get(opened) ?? []), opened] : keys);
  };

  return (
    <Menu
      ref={menuRef}
      theme={theme}
      mode="inline"
      items={items}
      selectedKeys={selected}
      // Collapsed, the submenus are pop-ups the menu opens on hover by itself.
      {...(collapsed ? {} : { openKeys, onOpenChange })}
      key={collapsed ? "collapsed" : "expanded"}
      inlineCollapsed={collapsed}
      onClick={onClick}
      style={{ borderInlineEnd: 0, background: "transparent" }}
    />
  );
}
