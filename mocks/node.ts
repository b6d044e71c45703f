import { setupServer } from "msw/node";
import type { HttpHandler } from "msw";
import { freshApp, type TestApp } from "../server/test/fresh-app";
import { apiHandlers } from "./api-handlers";

export interface TestApi extends TestApp {
  /** The MSW server forwarding /api/* to `app`; add handlers with server.use(). */
  server: ReturnType<typeof setupServer>;
}

/**
 * For console tests (jsdom): a fresh server app over its own copy of the seeded database, with
 * MSW forwarding `/api/*` (relative URLs resolve against jsdom's http://localhost:3000) to it.
 * Requests to anything else fail the test. Call close() in afterAll.
 */
export async function startTestApi(extraHandlers: HttpHandler[] = []): Promise<TestApi> {
  const testApp = await freshApp();
  const server = setupServer(...extraHandlers, ...apiHandlers(testApp.app));
  server.listen({ onUnhandledRequest: "error" });
  return {
    ...testApp,
    server,
    close: async () => {
      server.close();
      await testApp.close();
    },
  };
}
