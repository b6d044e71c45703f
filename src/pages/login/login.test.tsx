import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http as mock, HttpResponse } from "msw";
import { Route } from "react-router";
import { website } from "../../config/website";
import { browser } from "../../components/browser";
import { setNotifier } from "../../providers/http";
import { getAccessToken } from "../../providers/auth/session";
import { getStore } from "../../providers/storage";
import { createTestServer, ok, resetStorage, tokenResponse } from "../../providers/testing/fixtures";
import { capture, okReply, currentLocation, renderConsole } from "../../testing/harness";
import { rememberIntendedPath } from "./sign-in";
import { resetTenantLookup } from "./useTenant";
import LoginPage from "./LoginPage";

const server = createTestServer();
const settings = website as unknown as { tenantMode: boolean; captchaMode: boolean };

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());
beforeEach(() => {
  resetStorage();
  resetTenantLookup();
  setNotifier({ error: () => {} });
  server.use(
    mock.get("/api/blade-auth/oauth/captcha", () => HttpResponse.json({ key: "cap-key", image: "data:image/png;base64,AA==" })),
    mock.get("/api/blade-system/menu/routes", () => HttpResponse.json(ok([]))),
    mock.get("/api/blade-system/menu/buttons", () => HttpResponse.json(ok([]))),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  vi.useRealTimers();
  vi.restoreAllMocks();
  settings.tenantMode = false;
  settings.captchaMode = true;
});

const home = <Route path="/workbench/index" element={<p>home page</p>} />;
const renderLogin = () => renderConsole(<LoginPage />, { path: "/login", pattern: "/login", routes: home });
const activePane = () => within(screen.getByTestId("login-method"));
const type = (label: string, value: string) => fireEvent.change(activePane().getByRole("textbox", { name: label }), { target: { value } });
const typePassword = (value: string) => fireEvent.change(activePane().getByLabelText("密码"), { target: { value } });
const submit = () => fireEvent.click(activePane().getByRole("button", { name: /^登\s?录$/ }));

describe("SMS sign-in", () => {
  it("checks the phone, sends the code, counts 60 s down and signs in with the sms grant", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const codes = capture(server, "/blade-auth/oauth/smsCode", () => HttpResponse.json(ok({ id: "code-id-1" })));
    const grants = capture(server, "/blade-auth/oauth/token", () => HttpResponse.json(tokenResponse({ access_token: "sms-token" })));
    renderLogin();
    fireEvent.click(screen.getByText("手机验证码登录"));

    type("手机号码", "12345");
    fireEvent.click(activePane().getByRole("button", { name: "获取验证码" }));
    await screen.findByText("格式不正确");
    expect(codes).toHaveLength(0);

    type("手机号码", "13800138000");
    fireEvent.click(activePane().getByRole("button", { name: "获取验证码" }));
    const counting = await screen.findByRole("button", { name: "60秒后重新获取" });
    expect(counting).toBeDisabled();
    expect(codes.map((c) => c.query)).toEqual([{ phone: "13800138000" }]);

    act(() => vi.advanceTimersByTime(59_000));
    expect(screen.getByRole("button", { name: "1秒后重新获取" })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(activePane().getByRole("button", { name: "获取验证码" })).toBeEnabled();

    type("验证码", "246810");
    submit();
    await screen.findByText("home page");
    expect(grants).toHaveLength(1);
    expect(grants[0].query).toMatchObject({ grant_type: "sms", phone: "13800138000", value: "246810", id: "code-id-1", tenantId: "000000", scope: "all" });
    expect(grants[0].headers.get("Tenant-Id")).toBe("000000");
    expect(grants[0].headers.get("Blade-Auth")).toBeNull();
    expect(getAccessToken()).toBe("sms-token");
  });

  it("shows error_description of a refused code and stores nothing", async () => {
    capture(server, "/blade-auth/oauth/smsCode", () => HttpResponse.json(ok({ id: "code-id-2" })));
    capture(server, "/blade-auth/oauth/token", () => HttpResponse.json({ error: "invalid_grant", error_description: "验证码不正确" }, { status: 400 }));
    renderLogin();
    fireEvent.click(screen.getByText("手机验证码登录"));
    type("手机号码", "13800138000");
    fireEvent.click(activePane().getByRole("button", { name: "获取验证码" }));
    await screen.findByRole("button", { name: "60秒后重新获取" });
    type("验证码", "000000");
    submit();
    await screen.findByText("验证码不正确");
    expect(getAccessToken()).toBeNull();
    expect(localStorage.length).toBe(0);
    expect(currentLocation()).toBe("/login");
  });

  it("asks for a code first instead of sending a grant without one", async () => {
    const grants = capture(server, "/blade-auth/oauth/token", () => okReply(null));
    renderLogin();
    fireEvent.click(screen.getByText("手机验证码登录"));
    type("手机号码", "13800138000");
    type("验证码", "123456");
    submit();
    await screen.findByText("请先获取验证码");
    expect(grants).toHaveLength(0);
  });
});

describe("the login card", () => {
  it("names the product as the header's logo does", async () => {
    renderLogin();
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent(website.title);
    expect(screen.getByText("统一身份认证管理平台，欢迎登录")).toBeInTheDocument();
  });
});

describe("password sign-in", () => {
  it("returns to the page the guard remembered", async () => {
    rememberIntendedPath("/system/user?current=2");
    capture(server, "/blade-auth/oauth/token", () => HttpResponse.json(tokenResponse()));
    const users = { id: "2", parentId: "0", code: "user", name: "用户管理", alias: "menu", path: "/system/user", source: "", sort: 1, category: 1, action: 0, isOpen: 1 };
    server.use(mock.get("/api/blade-system/menu/routes", () => HttpResponse.json(ok([users]))));
    renderConsole(<LoginPage />, { path: "/login", pattern: "/login", routes: <Route path="/system/user" element={<p>users page</p>} /> });
    type("账号", "admin");
    typePassword("admin");
    type("验证码", "abcd");
    submit();
    await waitFor(() => expect(currentLocation()).not.toBe("/login"));
    await screen.findByText("users page");
    expect(currentLocation()).toBe("/system/user?current=2");
  });
});

describe("third-party sign-in", () => {
  it("asks the server for the provider's address and leaves for it", async () => {
    const assign = vi.spyOn(browser, "assign").mockImplementation(() => {});
    const renders = capture(server, "/blade-auth/oauth/render/oauth2", () => HttpResponse.json(ok({ url: "https://idp.example.com/authorize?client_id=c&state=s" })));
    renderLogin();
    fireEvent.click(screen.getByRole("button", { name: /OAuth2$/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://idp.example.com/authorize?client_id=c&state=s"));
    expect(renders).toHaveLength(1);
    expect(getStore({ name: "socialTenant" })).toBe("000000");
  });

  it("refuses an address that is not http(s)", async () => {
    const assign = vi.spyOn(browser, "assign").mockImplementation(() => {});
    capture(server, "/blade-auth/oauth/render/oauth2", () => HttpResponse.json(ok({ url: "javascript:alert(1)" })));
    renderLogin();
    fireEvent.click(screen.getByRole("button", { name: /OAuth2$/ }));
    await screen.findByText("第三方登录地址无效，请联系管理员");
    expect(assign).not.toHaveBeenCalled();
  });
});

describe("tenant mode", () => {
  it("hides the tenant field when the domain names the tenant, and signs in to it", async () => {
    settings.tenantMode = true;
    const lookups = capture(server, "/blade-system/tenant/info", () => HttpResponse.json(ok({ tenantId: "654321", domain: "localhost" })));
    const grants = capture(server, "/blade-auth/oauth/token", () => HttpResponse.json(tokenResponse()));
    renderLogin();
    await waitFor(() => expect(lookups).toHaveLength(1));
    expect(lookups[0].query).toEqual({ domain: window.location.hostname });
    expect(screen.queryByLabelText("租户编号")).toBeNull();
    type("账号", "admin");
    typePassword("admin");
    type("验证码", "abcd");
    submit();
    await screen.findByText("home page");
    expect(grants[0].query.tenantId).toBe("654321");
    expect(grants[0].headers.get("Tenant-Id")).toBe("654321");
  });

  it("lists the domain's tenant's own third-party providers and starts their sign-in in that tenant", async () => {
    settings.tenantMode = true;
    const assign = vi.spyOn(browser, "assign").mockImplementation(() => {});
    capture(server, "/blade-system/tenant/info", () => HttpResponse.json(ok({ tenantId: "654321", domain: "localhost" })));
    const lists = capture(server, "/blade-system/sysConfig/thirdLoginSources", (c) =>
      HttpResponse.json(ok(c.headers.get("Tenant-Id") === "654321" ? [{ source: "corp", name: "企业统一登录" }] : [])),
    );
    const renders = capture(server, "/blade-auth/oauth/render/corp", () => HttpResponse.json(ok({ url: "https://idp.example.com/authorize?state=s" })));
    renderLogin();
    fireEvent.click(await screen.findByRole("button", { name: /企业统一登录/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://idp.example.com/authorize?state=s"));
    expect(lists.every((l) => l.headers.get("Tenant-Id") === "654321" && l.query.tenantId === "654321")).toBe(true);
    // The state the server signs is bound to this tenant, and the callback names the same one.
    expect(renders).toHaveLength(1);
    expect(renders[0].headers.get("Tenant-Id")).toBe("654321");
    expect(renders[0].query.tenantId).toBe("654321");
    expect(getStore({ name: "socialTenant" })).toBe("654321");
  });

  it("lists the providers of the tenant typed in, and signs in to it through them", async () => {
    settings.tenantMode = true;
    const assign = vi.spyOn(browser, "assign").mockImplementation(() => {});
    capture(server, "/blade-system/tenant/info", () => HttpResponse.json(ok({})));
    const lists = capture(server, "/blade-system/sysConfig/thirdLoginSources", (c) =>
      HttpResponse.json(ok(c.headers.get("Tenant-Id") === "777777" ? [{ source: "wecom", name: "企业微信" }] : [{ source: "oauth2", name: "" }])),
    );
    const renders = capture(server, "/blade-auth/oauth/render/wecom", () => HttpResponse.json(ok({ url: "https://wecom.example.com/authorize" })));
    renderLogin();
    const field = await screen.findByLabelText("租户编号");
    await screen.findByRole("button", { name: /OAuth2$/ });
    expect(screen.queryByRole("button", { name: /企业微信/ })).toBeNull();
    fireEvent.change(field, { target: { value: "777777" } });
    const wecom = await screen.findByRole("button", { name: /企业微信/ }, { timeout: 5000 });
    expect(screen.queryByRole("button", { name: /OAuth2$/ })).toBeNull();
    expect(lists.at(-1)!.headers.get("Tenant-Id")).toBe("777777");
    fireEvent.click(wecom);
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://wecom.example.com/authorize"));
    expect(renders[0].headers.get("Tenant-Id")).toBe("777777");
    expect(getStore({ name: "socialTenant" })).toBe("777777");
  });

  it("shows the tenant field when the domain names no tenant, and requires it", async () => {
    settings.tenantMode = true;
    capture(server, "/blade-system/tenant/info", () => HttpResponse.json(ok({})));
    const grants = capture(server, "/blade-auth/oauth/token", () => HttpResponse.json(tokenResponse()));
    renderLogin();
    const field = await screen.findByLabelText("租户编号");
    expect(field).toHaveValue("000000");
    fireEvent.change(field, { target: { value: "" } });
    type("账号", "admin");
    typePassword("admin");
    type("验证码", "abcd");
    submit();
    await screen.findByText("请输入租户编号");
    expect(grants).toHaveLength(0);
    fireEvent.change(field, { target: { value: "777777" } });
    submit();
    await screen.findByText("home page");
    expect(grants[0].headers.get("Tenant-Id")).toBe("777777");
  });
});
