/**
 * Test helpers of resource pages (never imported by app code): one page rendered inside refine
 * with the real providers, against the real server through MSW, without the layout shell.
 */
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { QueryClient } from "@tanstack/react-query";
import { cleanup, configure, render, screen, waitFor, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { App as AntdApp, ConfigProvider } from "antd";
import { BrowserRouter, Route, Routes } from "react-router";
import { startTestApi, type TestApi } from "../../../mocks/node";
import { accessControlProvider } from "../../providers/access-control";
import { authProvider, loadMenusAndPermissions, saveTokens } from "../../providers/auth";
import { createDataProvider } from "../../providers/data";
import { i18nProvider } from "../../providers/i18n";
import { useBladeNotificationProvider } from "../../providers/notification";
import { resetStorage } from "../../providers/testing/fixtures";
import { HttpBridge } from "../HttpBridge";
import type { ResourceDescriptor } from "../../resources/types";

export { startTestApi, type TestApi };

/** What the browser holds after a sign-in: tokens, user, menus and buttons (all in web storage). */
type Stored = { local: [string, string][]; session: [string, string][] };
const entries = (s: Storage): [string, string][] => Array.from({ length: s.length }, (_, i) => s.key(i)!).map((k) => [k, s.getItem(k)!]);
const restore = (s: Storage, items: [string, string][]) => items.forEach(([k, v]) => s.setItem(k, v));

/**
 * The hooks of a resource page's test file: the page's chunk loaded once (so the first test does
 * not pay for it inside its own timeouts), a fresh server, the administrator signed in once for the
 * file (each test starts from that session's storage; a test that ends or changes the session signs
 * in again itself with `signIn`), and a clean DOM and storage after each test. Every step is a real
 * round trip: allow for a busy machine.
 */
export function setupResourceTest(loadPage: () => Promise<unknown>): { api: TestApi; token: string } {
  configure({ asyncUtilTimeout: 20_000 });
  const ctx = {} as { api: TestApi; token: string };
  let session: Stored;
  beforeAll(async () => {
    await loadPage();
    ctx.api = await startTestApi();
    ctx.token = await signIn(ctx.api);
    session = { local: entries(localStorage), session: entries(sessionStorage) };
    resetStorage();
  });
  afterAll(() => ctx.api.close());
  beforeEach(() => {
    restore(localStorage, session.local);
    restore(sessionStorage, session.session);
    // As when another tab changes storage: the in-memory menu, buttons and user are read afresh,
    // so a test that signed in as someone else leaves nothing of that session to the next.
    window.dispatchEvent(new StorageEvent("storage", { key: null }));
  });
  afterEach(() => {
    cleanup();
    resetStorage();
  });
  return ctx;
}

/** Signs in as `account` (default the platform administrator) and loads its menus and buttons. */
export async function signIn(api: TestApi, account?: { account: string; password: string; tenantId?: string }) {
  const token = account ? await api.login(account.account, account.password, { tenantId: account.tenantId }) : await api.loginAdmin();
  saveTokens(token);
  await loadMenusAndPermissions();
  return token.access_token;
}

/**
 * The resource's list page at its path, with refine, antd (no motion) and the router. `others` are
 * resources the page shows lists of besides its own (registered for their permission codes).
 */
export function renderResource(descriptor: ResourceDescriptor, search = "", others: ResourceDescriptor[] = []) {
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
            resources={[descriptor, ...others].map((d) => ({ name: d.name, list: d.path, meta: { ...d.meta, label: d.labelKey } }))}
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

/**
 * A field of the open edit form once the record has filled it. Looked up afresh on every try: the
 * form's inputs are re-created when a slow detail arrives, so a node found earlier goes stale.
 */
export async function loadedField(label: string | RegExp, expected?: string): Promise<HTMLElement> {
  let field: HTMLElement | undefined;
  await waitFor(() => {
    field = within(screen.getAllByRole("dialog").at(-1)!).getByLabelText(label);
    if (expected === undefined) expect(field).not.toHaveValue("");
    else expect(field).toHaveValue(expected);
  });
  return field!;
}
