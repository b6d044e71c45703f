import { App as AntdApp, ConfigProvider } from "antd";
import { BrowserRouter, Navigate, Route, Routes } from "react-router";
import { useMemo, type ReactNode } from "react";
import { useAntdLocale } from "./providers/i18n";
import { consoleTheme } from "./layout/antd-theme";
import { useThemeSettings } from "./layout/theme-settings";
import { usePrefersReducedMotion } from "./layout/reduced-motion";
import { renderEmpty } from "./layout/render-empty";
import { LockGuard } from "./layout/LockGuard";
import { HttpBridge } from "./components/HttpBridge";
import { lazyRoute } from "./components/lazy-route";
import { RouteBoundary } from "./components/RouteBoundary";
import { liveToasts } from "./providers/notification/live-region";

// The public pages load without refine: the login page is the first thing a person sees, so it
// ships only React, the router, antd's form widgets and the auth calls (budget: 350 KB gz).
const LoginPage = lazyRoute(() => import("./pages/login/LoginPage"));
const ErrorPage = lazyRoute(() => import("./pages/errors/ErrorPage"));
const LoadErrorPage = lazyRoute(() => import("./pages/errors/LoadErrorPage"));
const AuthErrorPage = lazyRoute(() => import("./pages/errors/AuthErrorPage"));
const DiagnosticsPage = lazyRoute(() => import("./pages/test/DiagnosticsPage"));
const OAuthCallbackPage = lazyRoute(() => import("./pages/oauth/OAuthCallbackPage"));
const WelPage = lazyRoute(() => import("./pages/wel/WelPage"));
const ZfPage = lazyRoute(() => import("./pages/zf/ZfPage"));
const LockPage = lazyRoute(() => import("./pages/lock/LockPage"));
const RefineApp = lazyRoute(() => import("./RefineApp"));

/** The static routes of §2; everything else belongs to the signed-in console (RefineApp). */
export function AppRoutes() {
  return (
    <RouteBoundary>
      <LockGuard>
        <Routes>
          <Route path="/" element={<Navigate to="/login" replace />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/lock" element={<LockPage />} />
          <Route path="/test" element={<DiagnosticsPage />} />
          <Route path="/oauth/callback/:source" element={<OAuthCallbackPage />} />
          <Route path="/wel" element={<WelPage />} />
          <Route path="/wel/index" element={<WelPage />} />
          <Route path="/zf" element={<ZfPage />} />
          <Route path="/404" element={<ErrorPage status="404" />} />
          <Route path="/403" element={<ErrorPage status="403" />} />
          <Route path="/500" element={<ErrorPage status="500" />} />
          <Route path="/err-page" element={<LoadErrorPage />} />
          <Route path="/authError" element={<AuthErrorPage />} />
          <Route path="*" element={<RefineApp />} />
        </Routes>
      </LockGuard>
    </RouteBoundary>
  );
}

/** antd as the console sets it up: language, the theme's tokens, the empty state, and motion unless the system asks for less. */
export function ConsoleConfig({ children }: { children: ReactNode }) {
  const locale = useAntdLocale();
  const { colorPrimary } = useThemeSettings();
  const still = usePrefersReducedMotion();
  // Every antd token the console changes (readable greys, status and tag colours, the primary).
  const theme = useMemo(() => consoleTheme(colorPrimary, { motion: !still }), [colorPrimary, still]);
  return (
    <ConfigProvider locale={locale} theme={theme} wave={{ disabled: still }} renderEmpty={renderEmpty}>
      <AntdApp {...liveToasts}>{children}</AntdApp>
    </ConfigProvider>
  );
}

export function Root() {
  return (
    <ConsoleConfig>
      <HttpBridge />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ConsoleConfig>
  );
}
