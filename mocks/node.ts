import { setupServer } from "msw/node";
import type { HttpHandler } from "msw";
import { freshApp, type FreshAppOptions, type TestApp } from "../server/test/fresh-app";
import { apiHandlers } from "./api-handlers";

export { SimulatedOAuthProvider, type ProviderAccount } from "../server/test/oauth-provider";
export type { FreshAppOptions } from "../server/test/fresh-app";

export interface TestApi extends TestApp {
  /** The MSW server forwarding /api/* to `app`; add handlers with server.use(). */
  server: ReturnType<typeof setupServer>;
}

/**
 * For console tests (jsdom): a fresh server app over its own copy of the seeded database, with
 * MSW forwarding `/api/*` (relative URLs resolve against jsdom's http://localhost:3000) to it.
 * Requests to anything else fail the test. Call close() in afterAll.
 *
 * SMS and mail codes: `api.lastCodeSent(phoneOrEmail)`. Third-party sign-in: `api.oauth` is a
 * provider simulated in process, configured as sources `oauth2` and `unified`; after
 * render/{source} answered an authorise URL, `api.oauth.approve(url, { id, login })` gives the
 * callback URL (with code and state) the provider would send the browser to.
 */
export async function startTestApi(extraHandlers: HttpHandler[] = [], options: FreshAppOptions = {}): Promise<TestApi> {
  const testApp = await freshApp(options);
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

/** The verification code last sent to a phone number or mail address. */
export function lastCodeSent(api: Pick<TestApp, "lastCodeSent">, to: string): string | undefined {
  return api.lastCodeSent(to);
}
