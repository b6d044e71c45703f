import { CloseOutlined } from "@ant-design/icons";
import { Breadcrumb, Dropdown, Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { website } from "../config/website";
import { useMenu } from "../providers/auth/menu-store";
import { findTrail } from "./menu-tree";
import { tagStore, useTags } from "./tags";
import styles from "./layout.module.css";

/** The tag bar of §2: open pages as tabs (首页 never closable) and the breadcrumb of the menu path. */
export function TagBar() {
  const { t } = useTranslation();
  const tags = useTags();
  const menu = useMenu();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = tags.find((tag) => tag.path === pathname)?.path ?? pathname;
  const trail = findTrail(menu, pathname);

  const close = (path: string) => {
    const next = tagStore.close(path, active);
    if (next) navigate(next);
  };

  return (
    <div className={styles.tagBar}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={active}
        onChange={(key) => navigate(key)}
        onEdit={(key, action) => action === "remove" && typeof key === "string" && close(key)}
        items={tags.map((tag) => ({
          key: tag.path,
          closable: tag.path !== website.firstPage.path,
          closeIcon: <CloseOutlined aria-label={t("layout.closeTab")} />,
          label: (
            <Dropdown
              trigger={["contextMenu"]}
              menu={{ items: [{ key: "others", label: t("layout.closeOthers"), onClick: () => { tagStore.closeOthers(tag.path); navigate(tag.path); } }] }}
            >
              <span>{tag.path === website.firstPage.path ? t("layout.home") : tag.label}</span>
            </Dropdown>
          ),
        }))}
      />
      {trail.length > 0 && (
        <Breadcrumb className={styles.breadcrumb} items={trail.map((n) => ({ title: n.name }))} separator="/" />
      )}
    </div>
  );
}
