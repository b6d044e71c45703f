/**
 * The console's test harness (never imported by app code): every console test renders through
 * `renderConsole` — the real providers (refine with the app's data, auth, access, i18n, router and
 * notification providers; antd's ConfigProvider and App; HttpBridge; the router) — and reaches
 * the real server app through MSW (`startTestApi`, or `setupResourceTest` for a file's server and
 * signed-in session).
 */
import { Refine } from "@refinedev/core";
import { QueryClient } from "@tanstack/react-query";
import { cleanup, configure, render, screen, waitFor, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { App as AntdApp, ConfigProvider } from "antd";
import { isValidElement, type ReactNode } from "react";
import { BrowserRouter, Route, Routes, useLocation } from "react-router";
import { http as mock, HttpResponse } from "msw";
import type { SetupServer } from "msw/node";
import type { TestApi } from "../../mocks/node";
import type { MenuNode } from "../../domain/contract";
import { accessControlProvider } from "../providers/access-control";
import { authProvider, loadMenusAndPermissions, saveTokens } from "../providers/auth";
import { createDataProvider } from "../providers/data";
import { i18nProvider, useAntdLocale } from "../providers/i18n";
import { useBladeNotificationProvider } from "../providers/notification";
import { routerProvider } from "../providers/router";
import { SAMPLE_PROVIDER, sampleDataProvider } from "../providers/sample-rest";
import { ok, resetStorage } from "../providers/testing/fixtures";
import { HttpBridge } from "../components/HttpBridge";
import { renderEmpty } from "../layout/render-empty";
import type { ResourceDescriptor } from "../resources/types";
import { liveToasts } from "../providers/notification/live-region";

export type { TestApi };

/**
 * A fresh server app behind MSW (mocks/node). Loaded on first use: a test that needs no server
 * does not pay for importing the server app.
 */
export async function startTestApi(...args: Parameters<typeof import("../../mocks/node").startTestApi>): Promise<TestApi> {
  const { startTestApi: start } = await import("../../mocks/node");
  return start(...args);
}

/** Shows the router's current location, so tests can assert navigation. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

export const currentLocation = () => document.querySelector('[data-testid="location"]')?.textContent ?? "";

export interface ConsoleOptions {
  /** Where the browser is when the test starts (default: the resource's path, else "/"). */
  path?: string;
  /** The history state the page was opened with (react-router's location.state). */
  state?: unknown;
  /** The route pattern the element is mounted at (default "*"; a resource's own path for a resource). */
  pattern?: string;
  /** Other routes the page may navigate to (or the layout routes an element wraps). */
  routes?: ReactNode;
  /** Resources registered besides the rendered one (their permission codes, their lists in a page). */
  resources?: ResourceDescriptor[];
}

const isDescriptor = (target: ReactNode | ResourceDescriptor): target is ResourceDescriptor =>
  !!target && typeof target === "object" && !isValidElement(target) && "list" in target;

/** antd's ConfigProvider as Root sets it up (language, empty state), without motion. */
function Antd({ children }: { children: ReactNode }) {
  const locale = useAntdLocale();
  // No motion: jsdom never ends a CSS transition, so closed dialogs would stay mounted.
  return (
    <ConfigProvider locale={locale} theme={{ token: { motion: false } }} renderEmpty={renderEmpty}>
      <AntdApp {...liveToasts}>{children}</AntdApp>
    </ConfigProvider>
  );
}

/**
 * An element, or a resource's list page, inside the console's providers at `path`. Returns the
 * render result and the query client refine uses (to watch or seed its cache).
 */
export function renderConsole(target: ReactNode | ResourceDescriptor, options: ConsoleOptions = {}) {
  const descriptor = isDescriptor(target) ? target : undefined;
  const { path = descriptor?.path ?? "/", pattern = descriptor?.path ?? "*", routes, resources = [], state } = options;
  // The shape react-router keeps its location state in (BrowserRouter reads it back from history).
  window.history.pushState({ usr: state, key: "test", idx: 0 }, "", path);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  const registered = descriptor ? [descriptor, ...resources] : resources;
  const element = descriptor ? <descriptor.list /> : (target as ReactNode);
  const result = render(
    <Antd>
      <HttpBridge />
      <BrowserRouter>
        <Refine
          routerProvider={routerProvider}
          dataProvider={{ default: createDataProvider(), [SAMPLE_PROVIDER]: sampleDataProvider }}
          authProvider={authProvider}
          accessControlProvider={accessControlProvider}
          i18nProvider={i18nProvider}
          notificationProvider={useBladeNotificationProvider}
          resources={registered.map((d) => ({ name: d.name, list: d.path, meta: { ...d.meta, label: d.labelKey } }))}
          options={{ disableTelemetry: true, syncWithLocation: true, reactQuery: { clientConfig: queryClient } }}
        >
          <Routes>
            <Route path={pattern} element={element} />
            {routes}
          </Routes>
          <LocationProbe />
        </Refine>
      </BrowserRouter>
    </Antd>,
  );
  return { ...result, queryClient };
}

/** What the browser holds after a sign-in: tokens, user, menus and buttons (all in web storage). */
type Stored = { local: [string, string][]; session: [string, string][] };
const entries = (s: Storage): [string, string][] => Array.from({ length: s.length }, (_, i) => s.key(i)!).map((k) => [k, s.getItem(k)!]);
const restore = (s: Storage, items: [string, string][]) => items.forEach(([k, v]) => s.setItem(k, v));

/**
 * The hooks of a console test file: the page's chunk loaded once (so the first test does not pay
 * for it inside its own timeouts), a fresh server, the administrator signed in once for the file
 * (each test starts from that session's storage; a test that ends or changes the session signs in
 * again itself with `signIn`, or clears it for a signed-out page), and a clean DOM and storage
 * after each test. Every step is a real round trip: allow for a busy machine.
 */
export function setupResourceTest(loadPage: () => Promise<unknown> = async () => {}): { api: TestApi; token: string } {
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
    ctx.api.server.resetHandlers();
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

/**
 * Waits for `container`'s own empty state (暂无数据 in an antd Empty with its full image), not the
 * simple one the console's ConfigProvider shows in an empty table or select.
 */
export const findOwnEmpty = (container: HTMLElement) =>
  waitFor(() => {
    const own = [...container.querySelectorAll(".ant-empty:not(.ant-empty-normal):not(.ant-empty-small) .ant-empty-description")];
    expect(own.map((e) => e.textContent)).toContain("暂无数据");
  });

/** A menu entry as the server's menu routes answer it (layout tests set menus from these). */
export const menuNode = (id: string, name: string, path: string, extra: Partial<MenuNode> & Record<string, unknown> = {}): MenuNode => ({
  id, parentId: "0", code: id, name, alias: id, path, source: "", sort: 1, category: 1, action: 0, isOpen: 1, ...extra,
});

export interface Captured {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Headers;
  body: unknown;
}

/**
 * Records every call to `path` (any method). Without `answer` the call goes on to the real server
 * (what the test asserts is what the console sent, and the page shows the server's answer); with
 * one, the stub answers instead — only for answers the real server cannot give on demand.
 */
export function capture(server: SetupServer, path: string, answer?: (c: Captured) => Response | Promise<Response>) {
  const calls: Captured[] = [];
  server.use(
    mock.all(`/api${path}`, async ({ request }) => {
      const url = new URL(request.url);
      const copy = request.clone();
      const type = copy.headers.get("Content-Type") ?? "";
      let body: unknown;
      if (type.includes("json")) body = await copy.json();
      else if (type.includes("multipart")) body = await copy.formData();
      else body = (await copy.text()) || undefined;
      const c: Captured = { method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), headers: request.headers, body };
      calls.push(c);
      return answer ? answer(c) : undefined;
    }),
  );
  return calls;
}

/** A stubbed Blade success envelope (for the stubs `capture` keeps). */
export const okReply = <T,>(data: T) => HttpResponse.json(ok(data));
