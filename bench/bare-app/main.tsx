/**
 * The yardstick of the Lighthouse bench (bench/lighthouse.ts): the smallest refine + antd app with
 * a sign-in page, as refine's own templates make it — refine's AuthPage at /login, no API calls.
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, Navigate, Route, Routes } from "react-router";
import { App as AntdApp, ConfigProvider } from "antd";
import { Refine, type AuthProvider } from "@refinedev/core";
import { AuthPage, useNotificationProvider } from "@refinedev/antd";
import routerProvider from "@refinedev/react-router";
import "@refinedev/antd/dist/reset.css";

const authProvider: AuthProvider = {
  login: async () => ({ success: true, redirectTo: "/" }),
  logout: async () => ({ success: true, redirectTo: "/login" }),
  check: async () => ({ authenticated: false, redirectTo: "/login" }),
  onError: async () => ({}),
};

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <BrowserRouter>
      <ConfigProvider>
        <AntdApp>
          <Refine routerProvider={routerProvider} authProvider={authProvider} notificationProvider={useNotificationProvider} options={{ disableTelemetry: true }}>
            <Routes>
              <Route path="/login" element={<AuthPage type="login" />} />
              <Route path="*" element={<Navigate to="/login" replace />} />
            </Routes>
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  </StrictMode>,
);
