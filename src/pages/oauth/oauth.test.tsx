import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { Route } from "react-router";
import { http as mock } from "msw";
import { eq } from "drizzle-orm";
import { userOauth } from "../../../server/db/schema";
import { nextId } from "../../../server/db/ids";
import { setNotifier } from "../../providers/http";
import { fetchSocialUrl } from "../../providers/auth/api";
import { getAccessToken, getUserInfo } from "../../providers/auth/session";
import { getMenu } from "../../providers/auth/menu-store";
import { setStore } from "../../providers/storage";
import { resetStorage } from "../../providers/testing/fixtures";
import { capture, currentLocation, renderConsole, startTestApi, type TestApi } from "../../testing/harness";
import { SimulatedOAuthProvider } from "../../../mocks/node";
import OAuthCallbackPage from "./OAuthCallbackPage";
import WelPage from "../wel/WelPage";

let api: TestApi;
let boundId: string;
/** The menu of the bound user's roles (普通用户), as the server answers it. */
let boundMenu: unknown[];
let seq = 9000;
/** The provider's identity bound to the account `bound`. */
const BOUND = { id: 8999, login: "octo-bound" };

beforeAll(async () => {
  // The simulated provider, also as source `cas`: a portal that starts sign-ins itself with a ticket.
  const provider = new SimulatedOAuthProvider();
  api = await startTestApi([], { oauth: provider, oauthProviders: [provider.config("cas", "http://localhost:3000/wel", { idpInitiated: true })] });
  boundId = (await api.createUser({ account: "bound", password: "B0und-passw0rd", roleAliases: ["user"] })).id;
  await api.db.insert(userOauth).values({ id: nextId(), tenantId: "000000", userId: boundId, source: "oauth2", uuid: String(BOUND.id) });
  for (const source of ["unified", "cas"]) await api.db.insert(userOauth).values({ id: nextId(), tenantId: "000000", userId: boundId, source, uuid: String(BOUND.id) });
  const token = (await api.login("bound", "B0und-passw0rd")).access_token;
  boundMenu = ((await (await api.request("/api/blade-system/menu/routes", { token })).json()) as { data: unknown[] }).data;
  expect(boundMenu.length).toBeGreaterThan(0);
});
afterAll(() => api.close());
beforeEach(() => {
  resetStorage();
  setNotifier({ error: () => {} });
  keepCookies();
});
afterEach(() => {
  cleanup();
  api.server.resetHandlers();
});

/**
 * A browser sends back the cookies the server set; MSW in jsdom keeps none. The server binds a
 * sign-in's state to the browser that asked for it (a cookie set by render/{source}), so this
 * file's requests go to the server with a cookie jar, as a browser's would.
 */
function keepCookies() {
  const jar = new Map<string, string>();
  api.server.use(
    mock.all("*/api/*", async ({ request }) => {
      const url = new URL(request.url);
      const headers = new Headers(request.headers);
      if (jar.size) headers.set("Cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
      const hasBody = request.method !== "GET" && request.method !== "HEAD";
      const res = await api.app.fetch(
        new Request(`http://localhost${url.pathname}${url.search}`, { method: request.method, headers, body: hasBody ? await request.arrayBuffer() : undefined }),
      );
      for (const cookie of res.headers.getSetCookie()) {
        const [pair] = cookie.split(";");
        const at = pair.indexOf("=");
        if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      }
      return res;
    }),
  );
}

/** The console asks for the authorise URL (as the login page does); the provider approves as `who`. */
async function approved(who: { id: number; login: string } = { id: seq, login: `octo${seq++}` }, source = "oauth2") {
  const url = await fetchSocialUrl("render", source, "000000");
  return api.oauth!.approve(url, who);
}

const pages = (
  <>
    <Route path="/workbench/index" element={<p>home page</p>} />
    <Route path="/login" element={<p>login page</p>} />
    <Route path="/authError" element={<p>auth error page</p>} />
  </>
);
const callback = (path: string) => renderConsole(<OAuthCallbackPage />, { path, pattern: "/oauth/callback/:source", routes: pages });
const wel = (path: string) => renderConsole(<WelPage />, { path, pattern: "/wel", routes: pages });

describe("/oauth/callback/:source", () => {
  it("exchanges the code once with the social grant, stores the session and opens the console", async () => {
    setStore({ name: "socialTenant", content: "000000", type: "session" });
    const back = await approved(BOUND);
    const menus = capture(api.server, "/blade-system/menu/routes");
    const grants = capture(api.server, "/blade-auth/oauth/token");
    // Two mounts at once (as StrictMode or a re-mount may do): a single-use code must be exchanged once.
    const path = `/oauth/callback/oauth2?code=${encodeURIComponent(back.code)}&state=${encodeURIComponent(back.state)}`;
    renderConsole(<StrictMode><OAuthCallbackPage /><OAuthCallbackPage /></StrictMode>, { path, pattern: "/oauth/callback/:source", routes: pages });
    await screen.findByText("home page");
    await new Promise((r) => setTimeout(r, 100)); // room for a second exchange, had there been one
    expect(grants).toHaveLength(1);
    expect(grants[0].query).toMatchObject({ grant_type: "social", source: "oauth2", code: back.code, state: back.state, tenantId: "000000", scope: "all" });
    expect(grants[0].headers.get("Tenant-Id")).toBe("000000");
    expect(getAccessToken()).toBeTruthy();
    expect(getUserInfo()).toMatchObject({ user_id: boundId, account: "bound" });
    expect(menus.length).toBeGreaterThan(0);
    expect(getMenu()).toEqual(boundMenu);
  });

  it("shows the registration dialog for a first third-party sign-in (user_id -1)", async () => {
    const back = await approved();
    const menus = capture(api.server, "/blade-system/menu/routes");
    const path = `/oauth/callback/oauth2?code=${encodeURIComponent(back.code)}&state=${encodeURIComponent(back.state)}`;
    callback(path);
    expect(await screen.findByRole("dialog", { name: "账号注册" })).toBeInTheDocument();
    expect(screen.getByLabelText("账号名称")).toBeInTheDocument();
    expect(currentLocation()).toBe(path);
    expect(getUserInfo()).toMatchObject({ user_id: "-1" });
    // The guest is the provider's identity the server recorded, unbound.
    const [row] = await api.db.select().from(userOauth).where(eq(userOauth.id, getUserInfo()!.oauth_id));
    expect(row).toMatchObject({ source: "oauth2", userId: null });
    expect(menus).toHaveLength(0);
  });

  it("shows error_description when the grant is refused and stores nothing", async () => {
    // A code the provider never issued: the server's exchange with the provider fails.
    const back = await approved();
    const refused = capture(api.server, "/blade-auth/oauth/token");
    callback(`/oauth/callback/oauth2?code=not-issued&state=${encodeURIComponent(back.state)}`);
    await screen.findByText("第三方登录失败");
    await waitFor(() => expect(refused).toHaveLength(1));
    expect(screen.getAllByText("第三方登录失败,请重试").length).toBeGreaterThan(0);
    expect(getAccessToken()).toBeNull();
    expect(localStorage.length).toBe(0);
    fireEvent.click(screen.getByRole("button", { name: "返回登录" }));
    await screen.findByText("login page");
  });

  it("shows the provider's refusal without calling the server when there is no code", async () => {
    const grants = capture(api.server, "/blade-auth/oauth/token");
    callback("/oauth/callback/oauth2?error=access_denied&error_description=user%20cancelled");
    await screen.findByText("user cancelled");
    expect(grants).toHaveLength(0);
  });
});

describe("/wel (unified sign-in landing)", () => {
  it("signs in with the code through the unified source and goes to the workbench", async () => {
    const back = await approved(BOUND, "unified");
    const grants = capture(api.server, "/blade-auth/oauth/token");
    wel(`/wel?code=${encodeURIComponent(back.code)}&state=${encodeURIComponent(back.state)}`);
    await screen.findByText("home page");
    expect(currentLocation()).toBe("/workbench/index");
    expect(grants[0].query).toMatchObject({ grant_type: "social", source: "unified", code: back.code, state: back.state });
    expect(getAccessToken()).toBeTruthy();
    expect(getUserInfo()).toMatchObject({ user_id: boundId, account: "bound" });
  });

  it("accepts a ticket and a named source", async () => {
    // The portal's own ticket (no state): source cas allows sign-ins it starts.
    const ticket = api.oauth!.issueCode(BOUND, undefined, "http://localhost:3000/wel");
    const grants = capture(api.server, "/blade-auth/oauth/token");
    wel(`/wel?ticket=${encodeURIComponent(ticket)}&source=cas`);
    await screen.findByText("home page");
    expect(grants[0].query).toMatchObject({ grant_type: "social", source: "cas", code: ticket });
    expect(getUserInfo()).toMatchObject({ user_id: boundId });
  });

  it("goes to /authError when the sign-in fails, storing nothing", async () => {
    const grants = capture(api.server, "/blade-auth/oauth/token");
    wel("/wel?ticket=ST-bad");
    await screen.findByText("auth error page");
    expect(grants).toHaveLength(1);
    expect(getAccessToken()).toBeNull();
  });

  it("goes to /authError when there is nothing to sign in with", async () => {
    const grants = capture(api.server, "/blade-auth/oauth/token");
    wel("/wel");
    await screen.findByText("auth error page");
    await waitFor(() => expect(grants).toHaveLength(0));
  });
});
