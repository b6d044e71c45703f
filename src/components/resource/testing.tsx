/**
 * Test helpers of resource pages (never imported by app code): one page rendered inside refine
 * with the real providers, against the real server through MSW, without the layout shell.
 */
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { QueryClient } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { App as AntdApp, ConfigProvider } from "antd";
import { BrowserRouter, Route, Routes } from "react-router";
import { startTestApi, type TestApi } from "../../../mocks/node";
import { accessControlProvider } from "../../providers/access-control";
import { authProvider, loadMenusAndPermissions, saveTokens } from "../../providers/auth";
import { createDataProvider } from "../../providers/data";
import { i18nProvider } from "../../providers/i18n";
import { useBladeNotificationProvider } from "../../providers/notification";
import { HttpBridge } from "../HttpBridge";
import type { ResourceDescriptor } from "../../resources/types";

export { startTestApi, type TestApi };

/** Signs in as `account` (default the platform administrator) and loads its menus and buttons. */
export async function signIn(api: TestApi, account?: { account: string; password: string; tenantId?: string }) {
  const token = account ? await api.login(account.account, account.password, { tenantId: account.tenantId }) : await api.loginAdmin();
  saveTokens(token);
  await loadMenusAndPermissions();
  return token.access_token;
}

/** The resource's list page at its path, with refine, antd (no motion) and the router. */
export function renderResource(descriptor: ResourceDescriptor, search = "") {
  window.history.pushState({}, "", `${descriptor.path}${search}`);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  return render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <AntdApp>
        <HttpBridge />
        <BrowserRouter>
          <Refine
            routerProvider={routerProvider}
            dataProvider={createDataProvider()}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={i18nProvider}
            notificationProvider={useBladeNotificationProvider}
            resources={[{ name: descriptor.name, list: descriptor.path, meta: { ...descriptor.meta, label: descriptor.labelKey } }]}
            options={{ disableTelemetry: true, syncWithLocation: true, reactQuery: { clientConfig: queryClient } }}
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

/** The table once its first page arrived (route chunks load lazily in jsdom). */
export const findTable = () => screen.findByRole("table", {}, { timeout: 15_000 });

/** The table row holding `text`. */
export async function findRow(text: string): Promise<HTMLElement> {
  const cell = await within(await findTable()).findByText(text, {}, { timeout: 10_000 });
  return cell.closest("tr") as HTMLElement;
}
