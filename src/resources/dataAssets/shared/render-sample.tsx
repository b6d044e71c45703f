/** Test helper (never imported by app code): a sample page inside refine with both data providers. */
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { App as AntdApp, ConfigProvider } from "antd";
import { BrowserRouter, Route, Routes } from "react-router";
import { HttpBridge } from "../../../components/HttpBridge";
import { accessControlProvider } from "../../../providers/access-control";
import { authProvider } from "../../../providers/auth";
import { createDataProvider } from "../../../providers/data";
import { i18nProvider } from "../../../providers/i18n";
import { useBladeNotificationProvider } from "../../../providers/notification";
import { SAMPLE_PROVIDER, sampleDataProvider } from "../../../providers/sample-rest";
import type { ResourceDescriptor } from "../../types";

export function renderSample(descriptor: ResourceDescriptor) {
  window.history.pushState({}, "", descriptor.path);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  return render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <AntdApp>
        <HttpBridge />
        <BrowserRouter>
          <Refine
            routerProvider={routerProvider}
            dataProvider={{ default: createDataProvider(), [SAMPLE_PROVIDER]: sampleDataProvider }}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={i18nProvider}
            notificationProvider={useBladeNotificationProvider}
            resources={[{ name: descriptor.name, list: descriptor.path, meta: { ...descriptor.meta, label: descriptor.labelKey } }]}
            options={{ disableTelemetry: true, reactQuery: { clientConfig: queryClient } }}
          >
            <Routes>
              <Route path={descriptor.path} element={<descriptor.list />} />
            </Routes>
          </Refine>
        </BrowserRouter>
      </AntdApp>
    </ConfigProvider>,
  );
}
