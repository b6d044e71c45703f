import { ConfigProvider, Layout, theme as antdTheme } from "antd";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { website } from "../config/website";
import { startTokenRefreshTimer } from "../providers/auth";
import { useMenu } from "../providers/auth/menu-store";
import { PageLoading } from "../components/PageLoading";
import { ErrorBoundary } from "../components/error-log/ErrorBoundary";
import { ErrorFallback } from "../components/error-log/ErrorFallback";
import { installErrorCapture } from "../components/error-log/error-log";
import { menuPathOf, pageKey } from "./iframe-path";
import { findActiveTrail } from "./menu-tree";
import { siderTheme } from "./antd-theme";
import { ScreenTip } from "./ScreenTip";
import { useRootFontSize, useScreenLevel } from "./screen";
import { Sidebar } from "./Sidebar";
import { tagStore } from "./tags";
import { useThemeSettings } from "./theme-settings";
import { TopBar } from "./TopBar";
import { useVersionCheck } from "./use-version-check";
import styles from "./layout.module.css";

// antd's Tabs and Breadcrumb serve the tag bar alone: it follows the first paint instead of
// holding it (issue 24's first-load budget); its open pages live in tags.ts, loaded now.
const TagBar = lazy(() => import("./TagBar").then((m) => ({ default: m.TagBar })));

/** Paths on which the side menu starts collapsed (§2). */
const collapsedOn = [website.firstPage.path, "/personCenter/index"];

/** The signed-in frame: sidebar, top bar, tag bar and the page, painted by the chosen theme. */
export function LayoutFrame() {
  const { pathname, search } = useLocation();
  const menu = useMenu();
  const { t } = useTranslation();
  const { theme } = useThemeSettings();
  const { colorPrimary } = antdTheme.useToken().token;
  const small = useScreenLevel() === 0;
  // The operator's own choice (the top bar's toggle) wins over the §2 rule until they toggle again;
  // a change of screen size starts from the rule again.
  const [chosen, setChosen] = useState<{ collapsed: boolean; small: boolean } | null>(null);
  const collapsed = chosen && chosen.small === small ? chosen.collapsed : small || collapsedOn.includes(pathname);

  useEffect(() => startTokenRefreshTimer(), []);
  useEffect(() => installErrorCapture(), []);
  useEffect(() => tagStore.reset(), []);
  // Keyed by the page, not the whole location: a list that writes its paging into the query (a
  // replace still in flight when its tab is closed) must not open that tab again.
  const shownKey = pageKey(pathname, search);
  const shownMenuPath = menuPathOf(pathname, search);
  useEffect(() => {
    const node = findActiveTrail(menu, shownMenuPath).at(-1);
    if (node) tagStore.open({ label: node.name, code: node.code, alias: node.alias, path: shownKey });
  }, [menu, shownKey, shownMenuPath]);
  useVersionCheck();
  useRootFontSize();
  // The focus ring (layout.module.css) is drawn in the primary colour; on the root, so that the
  // dialogs and dropdowns antd portals into <body> carry it too.
  useEffect(() => document.documentElement.style.setProperty("--blade-focus-ring", colorPrimary), [colorPrimary]);

  // A page change can remove the element that had the focus: it falls to <body>, and Chromium then
  // goes on with Tab from where that element was, deep in the old page. Signing in leaves it in the
  // login form, outside the frame. From the top again instead, so that the first Tab on a new page
  // reaches 跳到主要内容. (A focus in a dialog, outside the frame too, is left to the dialog.)
  const top = useRef<HTMLSpanElement>(null);
  const mounted = useRef(false);
  useEffect(() => {
    const focused = document.activeElement;
    const outside = !mounted.current && focused && !top.current?.parentElement?.contains(focused);
    mounted.current = true;
    if (!focused || focused === document.body || outside) top.current?.focus({ preventScroll: true });
  }, [pathname]);

  // The sider's colours come from the theme; antd's Menu needs them as component tokens.
  const siderTokens = useMemo(() => siderTheme(theme), [theme]);

  return (
    <Layout className={styles.root}>
      <span ref={top} tabIndex={-1} className={styles.focusStart} />
      {/* The first stop of Tab: past the menu and the top bar, straight to the page. */}
      <a
        href="#main-content"
        className={styles.skipLink}
        onClick={(e) => {
          e.preventDefault();
          document.getElementById("main-content")?.focus();
        }}
      >
        {t("layout.skipToMain")}
      </a>
      <ConfigProvider theme={siderTokens}>
        <Layout.Sider
          width={website.sidebarWidth}
          collapsedWidth={website.sidebarCollapsedWidth}
          collapsed={collapsed}
          trigger={null}
          className={styles.sider}
          theme={theme.menu}
        >
          <nav aria-label={t("layout.mainMenu")}>
            <Sidebar collapsed={collapsed} theme={theme.menu} />
          </nav>
        </Layout.Sider>
      </ConfigProvider>
      <Layout>
        <TopBar collapsed={collapsed} onToggle={() => setChosen({ collapsed: !collapsed, small })} theme={theme} />
        <Suspense fallback={<div className={styles.tagBar} />}>
          <TagBar />
        </Suspense>
        <ScreenTip />
        <Layout.Content id="main-content" tabIndex={-1} className={styles.content}>
          <ErrorBoundary resetKey={pathname} fallback={(reset) => <ErrorFallback onRetry={reset} />}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
