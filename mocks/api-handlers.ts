import { http, type HttpHandler } from "msw";

/** Anything with Hono's fetch: the reference server's app. */
export interface FetchApp {
  fetch(request: Request): Response | Promise<Response>;
}

/**
 * One MSW handler that hands every `/api/*` request, whatever its origin, to the Blade app in
 * this process: console tests then run against the real server logic with no network.
 */
export function apiHandlers(app: FetchApp): HttpHandler[] {
  return [
    http.all("*/api/*", async ({ request }) => {
      const url = new URL(request.url);
      const hasBody = request.method !== "GET" && request.method !== "HEAD";
      // A fresh Request: the intercepted one belongs to MSW and its body may be read only once.
      const forwarded = new Request(`http://localhost${url.pathname}${url.search}`, {
        method: request.method,
        headers: request.headers,
        body: hasBody ? await request.arrayBuffer() : undefined,
      });
      return app.fetch(forwarded);
    }),
  ];
}
