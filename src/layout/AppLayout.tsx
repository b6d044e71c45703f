import { Layout } from "antd";
import { Suspense, useEffect, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { website } from "../config/website";
import { startTokenRefreshTimer } from "../providers/auth";
import { useMenu } from "../providers/auth/menu-store";
import { PageLoading } from "../components/PageLoading";
import { findTrail } from "./menu-tree";
import { Sidebar } from "./Sidebar";
import { TagBar } from "./TagBar";
import { tagStore } from "./tags";
import { TopBar } from "./TopBar";
import styles from "./layout.module.css";
import "./i18n";

/** Paths on which the side menu starts collapsed (§2). */
const collapsedOn = [website.firstPage.path, "/personCenter/index"];

/** The signed-in frame: sidebar, top bar, tag bar and the page. */
export function AppLayout() {
  const { pathname } = useLocation();
  const menu = useMenu();
  const [collapsed, setCollapsed] = useState(() => collapsedOn.includes(pathname));

  useEffect(() => startTokenRefreshTimer(), []);
  useEffect(() => tagStore.reset(), []);
  useEffect(() => setCollapsed(collapsedOn.includes(pathname)), [pathname]);
  useEffect(() => {
    const node = findTrail(menu, pathname).at(-1);
    if (node) tagStore.open({ label: node.name, path: pathname });
  }, [menu, pathname]);

  return (
    <Layout className={styles.root}>
      <Layout.Sider
        width={website.sidebarWidth}
        collapsedWidth={website.sidebarCollapsedWidth}
        collapsed={collapsed}
        trigger={null}
        className={styles.sider}
      >
        <Sidebar collapsed={collapsed} />
      </Layout.Sider>
      <Layout>
        <TopBar collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} />
        <TagBar />
        <Layout.Content className={styles.content}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
