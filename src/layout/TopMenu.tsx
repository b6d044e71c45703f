import { Menu } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { MenuIcon } from "./MenuIcon";
import { menuLeaves } from "./menu-tree";
import { useOpenMenuNode } from "./menu-navigation";
import { useMenuName } from "./menu-name";
import { useSessionUser } from "./session-user";
import { loadTopMenus, selectTopMenu, useTopMenuState } from "./top-menu-store";

/** The horizontal top menu of §2 (nothing for the administrator or when the server has none). */
export function TopMenu() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { items, activeId } = useTopMenuState();
  const openNode = useOpenMenuNode();
  const nameOf = useMenuName();
  const userId = user?.user_id;

  // Once per signed-in user; a switch of role or a cache clear reloads through reloadMenus().
  useEffect(() => {
    if (userId) void loadTopMenus();
  }, [userId]);

  if (!items.length) return null;

  const onClick = async (id: string) => {
    const top = items.find((i) => i.id === id);
    if (!top) return;
    const first = menuLeaves(await selectTopMenu(top))[0];
    if (first) openNode(first);
  };

  return (
    <Menu
      mode="horizontal"
      aria-label={t("layout.topMenu")}
      selectedKeys={activeId ? [activeId] : []}
      items={items.map((i) => ({ key: i.id, label: nameOf(i), icon: <MenuIcon source={i.source} /> }))}
      onClick={({ key }) => void onClick(key)}
      style={{ flex: 1, minWidth: 0, borderBottom: 0, background: "transparent", lineHeight: "48px" }}
    />
  );
}
