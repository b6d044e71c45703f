import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { http as mock, HttpResponse } from "msw";
import { Route } from "react-router";
import { setNotifier } from "../../providers/http";
import { getAccessToken, getUserInfo } from "../../providers/auth/session";
import { getMenu } from "../../providers/auth/menu-store";
import { setStore } from "../../providers/storage";
import { createTestServer, ok, resetStorage, tokenResponse } from "../../providers/testing/fixtures";
import { capture, okReply, currentLocation, renderConsole } from "../../testing/harness";
import OAuthCallbackPage from "./OAuthCallbackPage";
import WelPage from "../wel/WelPage";

const server = createTestServer();
const menu = [{ id: "1", parentId: "0", code: "desk", name: "工作台", alias: "desk", path: "/workbench/index", source: "", sort: 1, category: 1, action: 0, isOpen: 1 }];
let menuCalls = 0;

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());
beforeEach(() => {
  resetStorage();
  menuCalls = 0;
  setNotifier({ error: () => {} });
  server.use(
    mock.get("/api/blade-system/menu/routes", () => (menuCalls++, HttpResponse.json(ok(menu)))),
    mock.get("/api/blade-system/menu/buttons", () => HttpResponse.json(ok([]))),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});

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
    const grants = capture(server, "/blade-auth/oauth/token", () => HttpResponse.json(tokenResponse({ access_token: "social-token" })));
    // Two mounts at once (as StrictMode or a re-mount may do): a single-use code must be exchanged once.
    renderConsole(<StrictMode><OAuthCallbackPage /><OAuthCallbackPage /></StrictMode>, { path: "/oauth/callback/github?code=c-1&state=s-1", pattern: "/oauth/callback/:source", routes: pages });
    await screen.findByText("home page");
    await new Promise((r) => setTimeout(r, 100)); // room for a second exchange, had there been one
    expect(grants).toHaveLength(1);
    expect(grants[0].query).toMatchObject({ grant_type: "social", source: "github", code: "c-1", state: "s-1", tenantId: "000000", scope: "all" });
    expect(grants[0].headers.get("Tenant-Id")).toBe("000000");
    expect(getAccessToken()).toBe("social-token");
    expect(getMenu()).toEqual(menu);
  });

  it("shows the registration dialog for a first third-party sign-in (user_id -1)", async () => {
    capture(server, "/blade-auth/oauth/token", () => HttpResponse.json(tokenResponse({ user_id: "-1", oauth_id: "oauth-77", access_token: "guest-token" })));
    callback("/oauth/callback/oauth2?code=c-2&state=s-2");
    expect(await screen.findByRole("dialog", { name: "账号注册" })).toBeInTheDocument();
    expect(screen.getByLabelText("账号名称")).toBeInTheDocument();
    expect(currentLocation()).toBe("/oauth/callback/oauth2?code=c-2&state=s-2");
    expect(getUserInfo()?.oauth_id).toBe("oauth-77");
    expect(menuCalls).toBe(0);
  });

  it("shows error_description when the grant is refused and stores nothing", async () => {
    capture(server, "/blade-auth/oauth/token", () => HttpResponse.json({ error: "invalid_grant", error_description: "第三方授权码无效" }, { status: 400 }));
    callback("/oauth/callback/github?code=c-3&state=s-3");
    await screen.findByText("第三方登录失败");
    expect(screen.getAllByText("第三方授权码无效").length).toBeGreaterThan(0);
    expect(getAccessToken()).toBeNull();
    expect(localStorage.length).toBe(0);
    fireEvent.click(screen.getByRole("button", { name: "返回登录" }));
    await screen.findByText("login page");
  });

  it("shows the provider's refusal without calling the server when there is no code", async () => {
    const grants = capture(server, "/blade-auth/oauth/token", () => okReply(null));
    callback("/oauth/callback/github?error=access_denied&error_description=user%20cancelled");
    await screen.findByText("user cancelled");
    expect(grants).toHaveLength(0);
  });
});

describe("/wel (unified sign-in landing)", () => {
  it("signs in with the code through the unified source and goes to the workbench", async () => {
    const grants = capture(server, "/blade-auth/oauth/token", () => HttpResponse.json(tokenResponse({ access_token: "wel-token" })));
    wel("/wel?code=w-1&state=st");
    await screen.findByText("home page");
    expect(currentLocation()).toBe("/workbench/index");
    expect(grants[0].query).toMatchObject({ grant_type: "social", source: "unified", code: "w-1", state: "st" });
    expect(getAccessToken()).toBe("wel-token");
  });

  it("accepts a ticket and a named source", async () => {
    const grants = capture(server, "/blade-auth/oauth/token", () => HttpResponse.json(tokenResponse()));
    wel("/wel?ticket=ST-99&source=cas");
    await screen.findByText("home page");
    expect(grants[0].query).toMatchObject({ grant_type: "social", source: "cas", code: "ST-99" });
  });

  it("goes to /authError when the sign-in fails, storing nothing", async () => {
    capture(server, "/blade-auth/oauth/token", () => HttpResponse.json({ error: "invalid_grant", error_description: "票据无效" }, { status: 400 }));
    wel("/wel?ticket=ST-bad");
    await screen.findByText("auth error page");
    expect(getAccessToken()).toBeNull();
  });

  it("goes to /authError when there is nothing to sign in with", async () => {
    const grants = capture(server, "/blade-auth/oauth/token", () => okReply(null));
    wel("/wel");
    await screen.findByText("auth error page");
    await waitFor(() => expect(grants).toHaveLength(0));
  });
});
