/** Test helpers of the page tests (never imported by app code). */
import { render } from "@testing-library/react";
import { App as AntdApp, ConfigProvider } from "antd";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { http as mock, HttpResponse } from "msw";
import type { SetupServer } from "msw/node";
import { ok } from "../providers/testing/fixtures";

/** Shows the router's current location, so tests can assert navigation. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

export const currentLocation = () => document.querySelector('[data-testid="location"]')?.textContent ?? "";

/** A page at `path`, with `routes` as the other pages it may navigate to. */
export function renderPage(ui: ReactNode, { path = "/", pattern = "*", routes }: { path?: string; pattern?: string; routes?: ReactNode } = {}) {
  return render(
    // No motion: jsdom never ends a CSS transition, so closed dialogs would stay mounted.
    <ConfigProvider theme={{ token: { motion: false } }}>
      <AntdApp>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={pattern} element={ui} />
            {routes}
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </AntdApp>
    </ConfigProvider>,
  );
}

export interface Captured {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Headers;
  body: unknown;
}

/** Records every call to `path` (any method) and answers with `answer`. */
export function capture(server: SetupServer, path: string, answer: (c: Captured) => Response | Promise<Response> = () => HttpResponse.json(ok(null))) {
  const calls: Captured[] = [];
  server.use(
    mock.all(`/api${path}`, async ({ request }) => {
      const url = new URL(request.url);
      const type = request.headers.get("Content-Type") ?? "";
      let body: unknown;
      if (type.includes("json")) body = await request.json();
      else if (type.includes("multipart")) body = await request.formData();
      else body = (await request.text()) || undefined;
      const c: Captured = { method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), headers: request.headers, body };
      calls.push(c);
      return answer(c);
    }),
  );
  return calls;
}
