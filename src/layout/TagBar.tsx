import { CloseOutlined } from "@ant-design/icons";
import { useQueryClient } from "@tanstack/react-query";
import { App, Breadcrumb, Dropdown, Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { website } from "../config/website";
import { useMenu } from "../providers/auth/menu-store";
import { clearCaches } from "./clear-cache";
import { menuPathOf, pageKey } from "./iframe-path";
import { findActiveTrail } from "./menu-tree";
import { useMenuName } from "./menu-name";
import { tagStore, useTags } from "./tags";
import styles from "./layout.module.css";

/**
 * The tag bar of §2: open pages as tabs (首页 never closable), the breadcrumb of the menu path,
 * and a right-click menu with 'clear cache' and 'close others'.
 */
export function TagBar() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const tags = useTags();
  const menu = useMenu();
  const navigate = useNavigate();
  const nameOf = useMenuName();
  const { pathname, search } = useLocation();
  const active = pageKey(pathname, search);
  const trail = findActiveTrail(menu, menuPathOf(pathname, search));

  const close = (path: string) => {
    const next = tagStore.close(path, active);
    if (next) navigate(next);
  };

  const confirmClearCache = () =>
    modal.confirm({
      title: t("layout.tip"),
      content: t("layout.clearCache.confirm"),
      okText: t("common.ok"),
      cancelText: t("common.cancel"),
      onOk: async () => {
        await clearCaches(queryClient);
        void message.success(t("layout.clearCache.done"));
      },
    });

  const contextMenu = (path: string) => ({
    items: [
      { key: "cache", label: t("layout.clearCache.menu"), onClick: confirmClearCache },
      { key: "others", label: t("layout.closeOthers"), onClick: () => { tagStore.closeOthers(path); navigate(path); } },
    ],
  });

  return (
    // A landmark of its own: the open pages are told apart from a page's own tabs (PageTabs).
    <nav className={styles.tagBar} aria-label={t("layout.openPages")}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        locale={{ removeAriaLabel: t("layout.closeTab") }}
        activeKey={active}
        onChange={(key) => navigate(key)}
        onEdit={(key, action) => action === "remove" && typeof key === "string" && close(key)}
        items={tags.map((tag) => ({
          key: tag.path,
          closable: tag.path !== website.firstPage.path,
          closeIcon: <CloseOutlined />,
          label: (
            <Dropdown trigger={["contextMenu"]} menu={contextMenu(tag.path)}>
              <span>{tag.path === website.firstPage.path ? t("layout.home") : nameOf({ code: tag.code, alias: tag.alias, name: tag.label })}</span>
            </Dropdown>
          ),
        }))}
      />
      {trail.length > 0 && (
        <Breadcrumb className={styles.breadcrumb} items={trail.map((n) => ({ title: nameOf(n) }))} separator="/" />
      )}
    </nav>
  );
}
