import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { App as AntdApp, ConfigProvider } from "antd";
import { http as mock, HttpResponse } from "msw";
import { MemoryRouter } from "react-router";
import type { TokenResponse } from "../../domain/contract";
import { AppRoutes } from "../Root";
import { browser } from "../components/browser";
import { setNotifier } from "../providers/http";
import { saveTokens } from "../providers/auth/session";
import { resetStorage } from "../providers/testing/fixtures";
import { capture, currentLocation, LocationProbe, signIn as signInAs, startTestApi, type TestApi } from "../testing/harness";
import { website } from "../config/website";

// The pages are lazy chunks, transformed on first use: give them time to arrive.
configure({ asyncUtilTimeout: 10_000 });
const settings = website as unknown as { captchaMode: boolean };
let captchaMode = true;
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
  // Transform the route chunks once up front (the hook has a long timeout), not inside each test.
  await Promise.all([
    import("../RefineApp"),
    import("./login/LoginPage"),
    import("./workbench/WorkbenchPage"),
    import("./person-center/PersonCenterPage"),
    import("./menu-page/MenuPathPage"),
    import("../layout/IframePage"),
  ]);
});
afterAll(() => api.close());
beforeEach(() => {
  resetStorage();
  setNotifier({ error: () => {} });
  captchaMode = settings.captchaMode;
  // version.json is the static file the build writes beside the console, not an answer of the API server.
  api.server.use(mock.get("*/version.json", () => HttpResponse.json({ version: "0.1.0" })));
});
afterEach(() => {
  cleanup();
  api.server.resetHandlers();
  resetStorage();
  settings.captchaMode = captchaMode;
  vi.restoreAllMocks();
});

function renderAt(path: string) {
  return render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <AntdApp>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <LocationProbe />
        </MemoryRouter>
      </AntdApp>
    </ConfigProvider>,
  );
}

/** The administrator signed in on the server, with the menu it answers. */
const signIn = () => signInAs(api);

/** A guest session: an identity of the simulated provider no account is bound to, signed in through it. */
async function guestSession(): Promise<TokenResponse> {
  const render = await (await api.request("/api/blade-auth/oauth/render/oauth2", { headers: { "Tenant-Id": "000000" } })).json();
  const back = api.oauth!.approve(render.data.url, { id: 4242, login: "guest4242" });
  const res = await api.tokenRequest({ grant_type: "social", source: "oauth2", code: back.code, state: back.state, tenantId: "000000" }, { "Tenant-Id": "000000" });
  expect(res.status).toBe(200);
  return res.json();
}
const at = (path: string) => waitFor(() => expect(currentLocation()).toBe(path));

describe("public routes", () => {
  it("/ goes to the login page", async () => {
    renderAt("/");
    expect(await screen.findByRole("heading", { name: website.title })).toBeInTheDocument();
    expect(currentLocation()).toBe("/login");
  });

  it("/authError offers the way back to login", async () => {
    renderAt("/authError");
    await screen.findByText("统一认证登录失败");
    fireEvent.click(screen.getByRole("button", { name: "返回登录" }));
    await at("/login");
  });

  it("/err-page reloads the page it names, only when that is a local path", async () => {
    const assign = vi.spyOn(browser, "assign").mockImplementation(() => {});
    renderAt("/err-page?redirect=%2Fsystem%2Fuser");
    fireEvent.click(await screen.findByRole("button", { name: "刷新页面" }));
    expect(assign).toHaveBeenLastCalledWith("/system/user");
    cleanup();
    renderAt("/err-page?redirect=%2F%2Fevil.example.net");
    fireEvent.click(await screen.findByRole("button", { name: "刷新页面" }));
    expect(assign).toHaveBeenLastCalledWith("/");
  });

  it("/test shows the version, the API health and the language", async () => {
    const meta = Object.assign(document.createElement("meta"), { name: "version", content: "9.8.7" });
    document.head.append(meta);
    const checks = capture(api.server, "/health");
    renderAt("/test");
    await screen.findByText("9.8.7");
    await screen.findByText(/^正常（\d+ 毫秒）$/);
    expect(screen.getByText("简体中文 (zh)")).toBeInTheDocument();
    expect(checks.length).toBeGreaterThan(0);
    meta.remove();
  });

  it("/test reports an unreachable API", async () => {
    // A server in maintenance cannot be asked of the real one: this answer is stubbed.
    capture(api.server, "/health", () => HttpResponse.json({ code: 503, msg: "维护中" }, { status: 503 }));
    renderAt("/test");
    await screen.findByText(/^异常：/);
    expect(screen.getByText("未知")).toBeInTheDocument();
  });
});

describe("signed-in routes", () => {
  it("a signed-out visit is sent to login and comes back to the same page after sign-in", async () => {
    // No captcha: its image cannot be read here (the captcha's own tests are the login page's).
    settings.captchaMode = false;
    renderAt("/applicationManagement?tab=2");
    await at("/login");
    const pane = within(await screen.findByTestId("login-method"));
    fireEvent.change(pane.getByRole("textbox", { name: "账号" }), { target: { value: "admin" } });
    fireEvent.change(pane.getByLabelText("密码"), { target: { value: api.adminPassword } });
    fireEvent.click(pane.getByRole("button", { name: /^登\s?录$/ }));
    await at("/applicationManagement?tab=2");
    // A menu group no resource implements is not a dead end: it lists its pages.
    await screen.findByText("资源目录", {});
  });

  it("/workbench goes to /workbench/index and /personCenter to /personCenter/index", async () => {
    await signIn();
    renderAt("/workbench");
    await at("/workbench/index");
    cleanup();
    renderAt("/personCenter");
    await at("/personCenter/index");
    expect(await screen.findByRole("tab", { name: "个人信息" })).toBeInTheDocument();
  });

  it("a menu group lists its pages; an unknown path goes to /404", async () => {
    await signIn();
    renderAt("/system");
    // The side menu's items are links too: the group's page is the one outside it.
    await waitFor(() => {
      const onPage = screen.getAllByRole("link", { name: "机构管理" }).filter((l) => !l.closest(".ant-layout-sider"));
      expect(onPage).toHaveLength(1);
      expect(onPage[0]).toHaveAttribute("href", "/system/dept");
    });
    cleanup();
    renderAt("/no/such/page");
    await at("/404");
    await screen.findByText("抱歉，您访问的页面不存在");
  });

  it("/myiframe shows the framed address", async () => {
    await signIn();
    renderAt("/myiframe/urlPath?name=Docs&src=https%3A%2F%2Fdocs.example.com%2F");
    const frame = await screen.findByTitle("Docs");
    expect(frame.tagName).toBe("IFRAME");
    expect(frame).toHaveAttribute("src", "https://docs.example.com/");
  });

  it("a session without a valid user id sees only the registration dialog", async () => {
    saveTokens(await guestSession());
    renderAt("/workbench/index");
    expect(await screen.findByRole("dialog", { name: "账号注册" })).toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "个人信息" })).toBeNull();
  });
});
