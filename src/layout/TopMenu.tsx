import { Menu } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { placeOf, samePage } from "../../domain/contract/menu-reach";
import { MenuIcon } from "./MenuIcon";
import { menuLeaves } from "./menu-tree";
import { menuPathOf } from "./iframe-path";
import { useOpenMenuNode } from "./menu-navigation";
import { useMenuName } from "./menu-name";
import { useSessionUser } from "./session-user";
import { loadTopMenus, selectTopMenu, useMenuReach, useTopMenuState } from "./top-menu-store";

/** The horizontal top menu of §2 (nothing for the administrator or when the server has none). */
export function TopMenu() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { activeId, items: loaded } = useTopMenuState();
  const reach = useMenuReach();
  const openNode = useOpenMenuNode();
  const nameOf = useMenuName();
  const { pathname, search } = useLocation();
  const userId = user?.user_id;
  // The loaded entries count only for the user they were loaded for (reachOf decides).
  const items = reach.tops.length ? loaded : [];

  // Once per signed-in user; a switch of role or a cache clear reloads through reloadMenus().
  useEffect(() => {
    if (userId) void loadTopMenus();
  }, [userId]);

  // A page opened another way (search, a tag, a link) selects a top entry that lists it.
  const path = menuPathOf(pathname, search);
  useEffect(() => {
    if (!items.length) return;
    const { topIds } = placeOf(reach, (n) => Boolean(n.path) && samePage(n.path, path));
    if (topIds.length && !topIds.includes(activeId ?? "")) selectTopMenu(topIds[0]);
  }, [reach, items.length, path, activeId]);

  if (!items.length) return null;

  const onClick = (id: string) => {
    const first = menuLeaves(selectTopMenu(id))[0];
    if (first) openNode(first);
  };

  return (
    <Menu
      mode="horizontal"
      aria-label={t("layout.topMenu")}
      selectedKeys={activeId ? [activeId] : []}
      items={items.map((i) => ({ key: i.id, label: nameOf(i), icon: <MenuIcon source={i.source} /> }))}
      onClick={({ key }) => onClick(key)}
      style={{ flex: 1, minWidth: 0, borderBottom: 0, background: "transparent", lineHeight: "48px" }}
    />
  );
}
