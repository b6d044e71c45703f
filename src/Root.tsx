import { lazy, Suspense } from "react";
import { App as AntdApp, ConfigProvider } from "antd";
import { BrowserRouter, Navigate, Route, Routes } from "react-router";
import { useAntdLocale } from "./providers/i18n";
import { website } from "./config/website";
import { PageLoading } from "./components/PageLoading";
import { HttpBridge } from "./components/HttpBridge";

// The sign-in page loads without refine: it is the first thing a person sees, so it ships
// only React, the router, antd's form widgets and the auth calls (budget: 350 KB gz).
const LoginPage = lazy(() => import("./pages/login/LoginPage"));
const ErrorPage = lazy(() => import("./pages/errors/ErrorPage"));
const RefineApp = lazy(() => import("./RefineApp"));

export function Root() {
  const locale = useAntdLocale();
  return (
    <ConfigProvider locale={locale} theme={{ token: { colorPrimary: website.themeColor } }}>
      <AntdApp>
        <HttpBridge />
        <BrowserRouter>
          <Suspense fallback={<PageLoading />}>
            <Routes>
              <Route path="/" element={<Navigate to="/login" replace />} />
              <Route path="/login" element={<LoginPage />} />
              <Route path="/404" element={<ErrorPage status="404" />} />
              <Route path="/403" element={<ErrorPage status="403" />} />
              <Route path="/500" element={<ErrorPage status="500" />} />
              <Route path="*" element={<RefineApp />} />
            </Routes>
          </Suspense>
        </BrowserRouter>
      </AntdApp>
    </ConfigProvider>
  );
}
