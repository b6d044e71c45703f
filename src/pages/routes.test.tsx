import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { App as AntdApp, ConfigProvider } from "antd";
import { http as mock, HttpResponse } from "msw";
import { MemoryRouter } from "react-router";
import { AppRoutes } from "../Root";
import { browser } from "../components/browser";
import { setNotifier } from "../providers/http";
import { saveTokens } from "../providers/auth/session";
import { setMenu } from "../providers/auth/menu-store";
import { createTestServer, ok, resetStorage, tokenResponse } from "../providers/testing/fixtures";
import { currentLocation, LocationProbe } from "../testing/harness";
import { website } from "../config/website";

const server = createTestServer();
// The pages are lazy chunks, transformed on first use: give them time to arrive.
configure({ asyncUtilTimeout: 10_000 });
const node = (id: string, name: string, path: string, children?: unknown[]) => ({ id, parentId: "0", code: id, name, alias: id, path, source: "", sort: 1, category: 1, action: 0, isOpen: 1, children });
const menu = [
  node("sys", "系统管理", "/system", [node("dept", "机构管理", "/system/dept"), node("user", "用户管理", "/system/user")]),
  // A menu path no resource implements yet.
  node("applicationManagement", "应用管理", "/applicationManagement", [node("resourceDirectory", "资源目录", "/applicationManagement/resourceDirectory/index")]),
];

beforeAll(async () => {
  server.listen({ onUnhandledRequest: "bypass" });
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
afterAll(() => server.close());
beforeEach(() => {
  resetStorage();
  setNotifier({ error: () => {} });
  server.use(
    mock.get("/api/blade-auth/oauth/captcha", () => HttpResponse.json({ key: "k", image: "data:image/png;base64,AA==" })),
    mock.get("/api/blade-system/menu/routes", () => HttpResponse.json(ok(menu))),
    mock.get("/api/blade-system/menu/buttons", () => HttpResponse.json(ok([]))),
    mock.get("/api/blade-user/info", () => HttpResponse.json(ok({ realName: "管理员", name: "admin" }))),
    mock.get("*/version.json", () => HttpResponse.json({ version: "0.1.0" })),
    // Whatever else the layout asks for (notices, top menu…) is not what these tests are about.
    mock.all("/api/*", () => HttpResponse.json(ok([]))),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
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

const signIn = (overrides = {}) => {
  saveTokens(tokenResponse(overrides));
  setMenu(menu as never);
};
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
    server.use(mock.get("/api/health", () => HttpResponse.json({ status: "ok" })));
    renderAt("/test");
    await screen.findByText("9.8.7");
    await screen.findByText(/^正常（\d+ 毫秒）$/);
    expect(screen.getByText("简体中文 (zh)")).toBeInTheDocument();
    meta.remove();
  });

  it("/test reports an unreachable API", async () => {
    server.use(mock.get("/api/health", () => HttpResponse.json({ code: 503, msg: "维护中" }, { status: 503 })));
    renderAt("/test");
    await screen.findByText(/^异常：/);
    expect(screen.getByText("未知")).toBeInTheDocument();
  });
});

describe("signed-in routes", () => {
  it("a signed-out visit is sent to login and comes back to the same page after sign-in", async () => {
    renderAt("/applicationManagement/resourceDirectory/index?tab=2");
    await at("/login");
    const pane = within(await screen.findByTestId("login-method"));
    fireEvent.change(pane.getByRole("textbox", { name: "账号" }), { target: { value: "admin" } });
    fireEvent.change(pane.getByLabelText("密码"), { target: { value: "admin" } });
    fireEvent.change(pane.getByRole("textbox", { name: "验证码" }), { target: { value: "abcd" } });
    server.use(mock.post("/api/blade-auth/oauth/token", () => HttpResponse.json(tokenResponse())));
    fireEvent.click(pane.getByRole("button", { name: /^登\s?录$/ }));
    await at("/applicationManagement/resourceDirectory/index?tab=2");
    // A menu path no resource implements is not a dead end.
    await screen.findByText("该功能暂未开放，敬请期待", {});
  });

  it("/workbench goes to /workbench/index and /personCenter to /personCenter/index", async () => {
    signIn();
    renderAt("/workbench");
    await at("/workbench/index");
    cleanup();
    renderAt("/personCenter");
    await at("/personCenter/index");
    expect(await screen.findByRole("tab", { name: "个人信息" })).toBeInTheDocument();
  });

  it("a menu group lists its pages; an unknown path goes to /404", async () => {
    signIn();
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
    signIn();
    renderAt("/myiframe/urlPath?name=Docs&src=https%3A%2F%2Fdocs.example.com%2F");
    const frame = await screen.findByTitle("Docs");
    expect(frame.tagName).toBe("IFRAME");
    expect(frame).toHaveAttribute("src", "https://docs.example.com/");
  });

  it("a session without a valid user id sees only the registration dialog", async () => {
    signIn({ user_id: "-1", oauth_id: "o-1" });
    renderAt("/workbench/index");
    expect(await screen.findByRole("dialog", { name: "账号注册" })).toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "个人信息" })).toBeNull();
  });
});
