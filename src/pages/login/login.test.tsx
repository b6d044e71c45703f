/** The login page against the reference server: captcha, grants, tenants and providers are real round trips. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { Route } from "react-router";
import { eq } from "drizzle-orm";
import { menu, tenant } from "../../../server/db/schema";
import { website } from "../../config/website";
import { browser } from "../../components/browser";
import { setNotifier } from "../../providers/http";
import { getAccessToken } from "../../providers/auth/session";
import { getStore } from "../../providers/storage";
import { ok, resetStorage } from "../../providers/testing/fixtures";
import { capture, currentLocation, renderConsole, startTestApi, type TestApi } from "../../testing/harness";
import { rememberIntendedPath } from "./sign-in";
import { resetTenantLookup } from "./useTenant";
import LoginPage from "./LoginPage";

const settings = website as unknown as { tenantMode: boolean; captchaMode: boolean; captchaCertificate: boolean };
/** The captcha the server issues while the test hooks are on (a person reads it off the image). */
const CAPTCHA = "abcd";
const PHONE = "13800138000";
/** Every account the tests create signs in with this password. */
const PASSWORD = "Blade-test-9";
let api: TestApi;

/** Signs in as `account` of `tenantId` and answers the token (for setting a tenant up through its own API). */
const tokenOf = async (account: string, tenantId: string) => (await api.login(account, PASSWORD, { tenantId })).access_token;

/** A third-party provider configured in a tenant's 三方登录, as its administrator would. */
async function addProvider(token: string, source: string, name: string, enabled = true) {
  const base = "/api/blade-system/sysConfig";
  const row = { source, name, clientId: `${source}-client`, clientSecret: "s3cret", redirectUri: `http://localhost:3000/oauth/callback/${source}` };
  const urls = { authorizeUrl: `https://idp.example.com/${source}/authorize`, tokenUrl: "https://idp.example.com/token", userInfoUrl: "https://idp.example.com/user" };
  const res = await api.request(`${base}/thirdLoginInfoInsert`, { token, json: { ...row, ...urls } });
  expect(res.status, await res.clone().text()).toBe(200);
  if (enabled) return;
  const [created] = (await (await api.request(`${base}/thirdLoginInfoList`, { token, query: { source } })).json()).data as { id: string }[];
  expect((await api.request(`${base}/thirdLoginInfoStatus`, { token, json: { id: created.id, status: 0 } })).status).toBe(200);
}

/** Tenant mode: the domain the page is served from (jsdom's localhost) names `tenantId`. */
const serveTenantAtLocalhost = (tenantId: string) => api.db.update(tenant).set({ domain: "localhost" }).where(eq(tenant.tenantId, tenantId));

beforeAll(async () => {
  configure({ asyncUtilTimeout: 20_000 });
  api = await startTestApi();
  await api.createUser({ account: "mobile", password: PASSWORD, phone: PHONE });
  // 654321: named by the domain, with a provider of its own. 777777: typed in, with its own
  // provider and the platform's oauth2 switched off.
  for (const id of ["654321", "777777"]) {
    await api.createTenant(id);
    await api.createUser({ account: "admin", password: PASSWORD, tenantId: id, roleAliases: ["admin"] });
  }
  await addProvider(await tokenOf("admin", "654321"), "corp", "企业统一登录");
  const token777 = await tokenOf("admin", "777777");
  await addProvider(token777, "wecom", "企业微信");
  await addProvider(token777, "oauth2", "", false);
});
afterAll(() => api.close());
beforeEach(() => {
  resetStorage();
  resetTenantLookup();
  setNotifier({ error: () => {} });
  // The server issues a known captcha code (its test hook, read when a captcha is issued).
  vi.stubEnv("BLADE_TEST_HOOKS", "1");
  vi.stubEnv("BLADE_CAPTCHA_TEST_CODE", CAPTCHA);
});
afterEach(async () => {
  cleanup();
  api.server.resetHandlers();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  resetStorage();
  settings.tenantMode = false;
  settings.captchaMode = true;
  settings.captchaCertificate = false;
  await api.db.update(tenant).set({ domain: "" }).where(eq(tenant.tenantId, "654321"));
});

const home = <Route path="/workbench/index" element={<p>home page</p>} />;
const renderLogin = () => renderConsole(<LoginPage />, { path: "/login", pattern: "/login", routes: home });
const activePane = () => within(screen.getByTestId("login-method"));
const type = (label: string, value: string) => fireEvent.change(activePane().getByRole("textbox", { name: label }), { target: { value } });
const typePassword = (value: string) => fireEvent.change(activePane().getByLabelText("密码"), { target: { value } });
const submit = () => fireEvent.click(activePane().getByRole("button", { name: /^登\s?录$/ }));
/** The account the session belongs to, as the server knows it. */
const signedInAs = async () => {
  const res = await api.request("/api/blade-auth/oauth/user-info", { token: getAccessToken()! });
  return ((await res.json()).data as { account: string; tenantId: string });
};

describe("SMS sign-in", () => {
  it("checks the phone, sends the code, counts 60 s down and signs in with the sms grant", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const codes = capture(api.server, "/blade-auth/oauth/smsCode");
    const grants = capture(api.server, "/blade-auth/oauth/token");
    renderLogin();
    fireEvent.click(screen.getByText("手机验证码登录"));

    type("手机号码", "12345");
    fireEvent.click(activePane().getByRole("button", { name: "获取验证码" }));
    await screen.findByText("格式不正确");
    expect(codes).toHaveLength(0);

    type("手机号码", PHONE);
    fireEvent.click(activePane().getByRole("button", { name: "获取验证码" }));
    const counting = await screen.findByRole("button", { name: "60秒后重新获取" });
    expect(counting).toBeDisabled();
    expect(codes.map((c) => c.query)).toEqual([{ phone: PHONE }]);

    act(() => vi.advanceTimersByTime(59_000));
    expect(screen.getByRole("button", { name: "1秒后重新获取" })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(activePane().getByRole("button", { name: "获取验证码" })).toBeEnabled();

    const sent = api.lastCodeSent(PHONE)!;
    type("验证码", sent);
    submit();
    await screen.findByText("home page");
    expect(grants).toHaveLength(1);
    // The id is the one smsCode answered: the server finds the code by it, or refuses the grant.
    expect(grants[0].query).toMatchObject({ grant_type: "sms", phone: PHONE, value: sent, id: expect.stringMatching(/.+/), tenantId: "000000", scope: "all" });
    expect(grants[0].headers.get("Tenant-Id")).toBe("000000");
    expect(grants[0].headers.get("Blade-Auth")).toBeNull();
    expect(await signedInAs()).toMatchObject({ account: "mobile", tenantId: "000000" });
  });

  it("shows error_description of a refused code and stores nothing", async () => {
    renderLogin();
    fireEvent.click(screen.getByText("手机验证码登录"));
    // Another phone: the server sends one phone a code a minute, and the test above just did.
    const phone = "13900139000";
    type("手机号码", phone);
    fireEvent.click(activePane().getByRole("button", { name: "获取验证码" }));
    await screen.findByRole("button", { name: "60秒后重新获取" });
    type("验证码", api.lastCodeSent(phone) === "000000" ? "111111" : "000000");
    submit();
    await screen.findByText("验证码不正确");
    expect(getAccessToken()).toBeNull();
    expect(localStorage.length).toBe(0);
    expect(currentLocation()).toBe("/login");
  });

  it("asks for a code first instead of sending a grant without one", async () => {
    const grants = capture(api.server, "/blade-auth/oauth/token");
    renderLogin();
    fireEvent.click(screen.getByText("手机验证码登录"));
    type("手机号码", PHONE);
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
    renderConsole(<LoginPage />, { path: "/login", pattern: "/login", routes: <Route path="/system/user" element={<p>users page</p>} /> });
    // The captcha image has arrived: its key goes with the code.
    await screen.findByRole("img", { name: "验证码" });
    type("账号", "admin");
    typePassword(api.adminPassword);
    type("验证码", CAPTCHA);
    submit();
    await screen.findByText("users page");
    expect(currentLocation()).toBe("/system/user?current=2");
    expect(await signedInAs()).toMatchObject({ account: "admin", tenantId: "000000" });
  });
});

describe("the landing page after sign-in (§3 isDefault, 默认首页)", () => {
  /** Makes the menu of `code` the default page (or no longer), as the platform administrator would. */
  const setDefault = async (code: string, isDefault: 1 | 2) => {
    const [row] = await api.db.select({ id: menu.id }).from(menu).where(eq(menu.code, code));
    const token = (await api.loginAdmin()).access_token;
    const res = await api.request("/api/blade-system/menu/submit", { token, json: { id: row.id, isDefault } });
    expect((await res.json()).msg).toBe("操作成功");
  };
  const signInAs = async (account: string, password: string) => {
    renderConsole(<LoginPage />, {
      path: "/login",
      pattern: "/login",
      routes: (
        <>
          <Route path="/system/user" element={<p>users page</p>} />
          {home}
        </>
      ),
    });
    await screen.findByRole("img", { name: "验证码" });
    type("账号", account);
    typePassword(password);
    type("验证码", CAPTCHA);
    submit();
  };

  it("lands a user who holds the default page on it, and a user who does not on the workbench as before", async () => {
    await setDefault("user", 2);
    try {
      await signInAs("admin", api.adminPassword);
      await screen.findByText("users page");
      expect(currentLocation()).toBe("/system/user");
      cleanup();
      resetStorage();
      // Role 普通用户 does not hold 用户管理: the workbench, as before.
      await signInAs("mobile", PASSWORD);
      await screen.findByText("home page");
      expect(currentLocation()).toBe("/workbench/index");
    } finally {
      await setDefault("user", 1);
    }
  });
});

describe("captcha by certificate (VITE_CAPTCHA_CERTIFICATE)", () => {
  it("asks captchaNew under a certificate of its own, sends it as Captcha-Key and takes a new one for the next attempt", async () => {
    settings.captchaCertificate = true;
    const plain = capture(api.server, "/blade-auth/oauth/captcha");
    const issued = capture(api.server, "/blade-auth/oauth/captchaNew");
    const grants = capture(api.server, "/blade-auth/oauth/token");
    renderLogin();
    await screen.findByRole("img", { name: "验证码" });
    expect(issued).toHaveLength(1);
    const first = issued[0].query.certificate;
    expect(first).toMatch(/^[0-9a-f]{32}$/);

    // A wrong password spends the captcha: the page asks for a new one under a new certificate.
    type("账号", "admin");
    typePassword("wrong-password-1");
    type("验证码", CAPTCHA);
    submit();
    await screen.findByText("用户名或密码错误");
    await waitFor(() => expect(issued).toHaveLength(2));
    const second = issued[1].query.certificate;
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);

    typePassword(api.adminPassword);
    type("验证码", CAPTCHA);
    submit();
    await screen.findByText("home page");
    expect(grants.map((g) => g.headers.get("Captcha-Key"))).toEqual([first, second]);
    expect(plain).toHaveLength(0);
    expect(await signedInAs()).toMatchObject({ account: "admin" });
  });

  it("stays on captcha by default", async () => {
    const plain = capture(api.server, "/blade-auth/oauth/captcha");
    const issued = capture(api.server, "/blade-auth/oauth/captchaNew");
    renderLogin();
    await screen.findByRole("img", { name: "验证码" });
    expect(plain.length).toBeGreaterThan(0);
    expect(issued).toHaveLength(0);
  });
});

describe("third-party sign-in", () => {
  it("asks the server for the provider's address and leaves for it", async () => {
    const assign = vi.spyOn(browser, "assign").mockImplementation(() => {});
    const renders = capture(api.server, "/blade-auth/oauth/render/oauth2");
    renderLogin();
    fireEvent.click(await screen.findByRole("button", { name: /OAuth2$/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    // The simulated provider's authorise address, with the state the server signed.
    const url = new URL(assign.mock.calls[0][0]);
    expect(`${url.origin}${url.pathname}`).toBe(api.oauth!.config().authorizeUrl);
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(renders).toHaveLength(1);
    expect(getStore({ name: "socialTenant" })).toBe("000000");
  });

  it("refuses an address that is not http(s)", async () => {
    const assign = vi.spyOn(browser, "assign").mockImplementation(() => {});
    // Stubbed: the server only answers its providers' http(s) addresses (a configured provider's
    // URLs are validated), so a javascript: answer can only come from a misbehaving gateway.
    capture(api.server, "/blade-auth/oauth/render/oauth2", () => HttpResponse.json(ok({ url: "javascript:alert(1)" })));
    renderLogin();
    fireEvent.click(await screen.findByRole("button", { name: /OAuth2$/ }));
    await screen.findByText("第三方登录地址无效，请联系管理员");
    expect(assign).not.toHaveBeenCalled();
  });
});

describe("tenant mode", () => {
  it("hides the tenant field when the domain names the tenant, and signs in to it", async () => {
    settings.tenantMode = true;
    await serveTenantAtLocalhost("654321");
    const lookups = capture(api.server, "/blade-system/tenant/info");
    const grants = capture(api.server, "/blade-auth/oauth/token");
    renderLogin();
    await waitFor(() => expect(lookups).toHaveLength(1));
    expect(lookups[0].query).toEqual({ domain: window.location.hostname });
    expect(screen.queryByLabelText("租户编号")).toBeNull();
    await screen.findByRole("img", { name: "验证码" });
    type("账号", "admin");
    typePassword(PASSWORD);
    type("验证码", CAPTCHA);
    submit();
    await screen.findByText("home page");
    expect(grants[0].query.tenantId).toBe("654321");
    expect(grants[0].headers.get("Tenant-Id")).toBe("654321");
    expect(await signedInAs()).toMatchObject({ account: "admin", tenantId: "654321" });
  });

  it("lists the domain's tenant's own third-party providers and starts their sign-in in that tenant", async () => {
    settings.tenantMode = true;
    await serveTenantAtLocalhost("654321");
    const assign = vi.spyOn(browser, "assign").mockImplementation(() => {});
    const lists = capture(api.server, "/blade-system/sysConfig/thirdLoginSources");
    const renders = capture(api.server, "/blade-auth/oauth/render/corp");
    renderLogin();
    fireEvent.click(await screen.findByRole("button", { name: /企业统一登录/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign.mock.calls[0][0]).toMatch(/^https:\/\/idp\.example\.com\/corp\/authorize\?/);
    expect(lists.length).toBeGreaterThan(0);
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
    const lists = capture(api.server, "/blade-system/sysConfig/thirdLoginSources");
    const renders = capture(api.server, "/blade-auth/oauth/render/wecom");
    renderLogin();
    const field = await screen.findByLabelText("租户编号");
    await screen.findByRole("button", { name: /OAuth2$/ });
    expect(screen.queryByRole("button", { name: /企业微信/ })).toBeNull();
    fireEvent.change(field, { target: { value: "777777" } });
    const wecom = await screen.findByRole("button", { name: /企业微信/ });
    // 777777 switched the platform's oauth2 off: its list replaces the platform's.
    expect(screen.queryByRole("button", { name: /OAuth2$/ })).toBeNull();
    expect(lists.at(-1)!.headers.get("Tenant-Id")).toBe("777777");
    fireEvent.click(wecom);
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign.mock.calls[0][0]).toMatch(/^https:\/\/idp\.example\.com\/wecom\/authorize\?/);
    expect(renders[0].headers.get("Tenant-Id")).toBe("777777");
    expect(getStore({ name: "socialTenant" })).toBe("777777");
  });

  it("shows the tenant field when the domain names no tenant, and requires it", async () => {
    settings.tenantMode = true;
    const grants = capture(api.server, "/blade-auth/oauth/token");
    renderLogin();
    const field = await screen.findByLabelText("租户编号");
    expect(field).toHaveValue("000000");
    await screen.findByRole("img", { name: "验证码" });
    fireEvent.change(field, { target: { value: "" } });
    type("账号", "admin");
    typePassword(PASSWORD);
    type("验证码", CAPTCHA);
    submit();
    await screen.findByText("请输入租户编号");
    expect(grants).toHaveLength(0);
    fireEvent.change(field, { target: { value: "777777" } });
    submit();
    await screen.findByText("home page");
    expect(grants[0].headers.get("Tenant-Id")).toBe("777777");
    expect(await signedInAs()).toMatchObject({ account: "admin", tenantId: "777777" });
  });
});
