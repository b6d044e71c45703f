/** Test helpers of the layout tests (never imported by app code). */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { App as AntdApp, ConfigProvider } from "antd";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import type { MenuNode } from "../../domain/contract";
import "./i18n";

/** Shows the router's current location, so tests can assert navigation. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

export const currentLocation = () => document.querySelector('[data-testid="location"]')?.textContent ?? "";

export function renderWithShell(ui: ReactNode, { path = "/workbench/index", routes }: { path?: string; routes?: ReactNode } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      {/* No motion: jsdom never ends a CSS transition, so closed dialogs would stay mounted. */}
      <ConfigProvider theme={{ token: { motion: false } }}>
      <AntdApp>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={<>{ui}<LocationProbe /></>} />
            {routes}
          </Routes>
        </MemoryRouter>
      </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

export const menuNode = (id: string, name: string, path: string, extra: Partial<MenuNode> & Record<string, unknown> = {}): MenuNode => ({
  id, parentId: "0", code: id, name, alias: id, path, source: "", sort: 1, category: 1, action: 0, isOpen: 1, ...extra,
});
