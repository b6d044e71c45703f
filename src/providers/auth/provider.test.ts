import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { HttpResponse } from "msw";
import type { MenuNode } from "../../../domain/contract";
import { issueCaptcha } from "../../../server/security/captcha";
import { setNotifier, setUnauthorizedHandler, HttpError } from "../http";
import { getStore, setStore } from "../storage";
import { resetStorage, tokenResponse } from "../testing/fixtures";
import { capture, startTestApi, type TestApi } from "../../testing/harness";
import { authProvider, getMenu, getPermissions } from "./index";
import { getAccessToken, lockSession, saveTokens } from "./session";

const toast = vi.fn();
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  resetStorage();
  toast.mockReset();
  setNotifier({ error: toast });
  setUnauthorizedHandler(vi.fn());
});
afterEach(() => api.server.resetHandlers());

const menuNode = { id: "1", parentId: "0", code: "user", name: "用户", alias: "user", path: "/system/user", source: "", sort: 1, category: 1, action: 0, isOpen: 1 };

/** The administrator's credentials with a captcha the server issued (its code read where it keeps it). */
async function credentials(password = api.adminPassword) {
  const { key, code } = await issueCaptcha(api.db, Date.now());
  return { username: "admin", password, tenantId: "000000", captchaKey: key, captchaCode: code };
}

/** The leaf codes of a buttons tree: what a session is granted (§6). */
const leafCodes = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => (n.children?.length ? leafCodes(n.children as MenuNode[]) : [n.code]));

describe("authProvider.login", () => {
  it("saves the tokens, clears tags and lock, loads menus and permissions, goes to the home page", async () => {
    setStore({ name: "tags", content: [{ path: "/x" }] });
    lockSession("pw");
    const result = await authProvider.login(await credentials());
    expect(result).toEqual({ success: true, redirectTo: "/workbench/index" });
    const token = getAccessToken();
    expect(token).toBeTruthy();
    expect((await api.request("/api/blade-auth/oauth/user-info", { token: token! })).status).toBe(200);
    expect(getStore({ name: "tags" })).toBeUndefined();
    expect(getStore({ name: "lock" })).toBeUndefined();
    // The menu and buttons the server grants this session.
    const routes = ((await (await api.request("/api/blade-system/menu/routes", { token: token! })).json()) as { data: MenuNode[] }).data;
    const buttons = ((await (await api.request("/api/blade-system/menu/buttons", { token: token! })).json()) as { data: MenuNode[] }).data;
    expect(routes.length).toBeGreaterThan(0);
    expect(getMenu().map((m) => m.code)).toEqual(routes.map((m) => m.code));
    expect([...getPermissions()].sort()).toEqual([...new Set(leafCodes(buttons))].sort());
    expect(getPermissions().has("user_add")).toBe(true);
  });

  it("on failure returns the error_description and stores nothing", async () => {
    const result = await authProvider.login(await credentials("not-the-password"));
    expect(result).toEqual({ success: false, error: { name: "LoginError", message: "用户名或密码错误" } });
    expect(localStorage.length).toBe(0);
    expect(toast).not.toHaveBeenCalled();
  });

  it("falls back to msg when there is no error_description", async () => {
    // A gateway's Blade envelope instead of an OAuth error: the real server always gives error_description.
    capture(api.server, "/blade-auth/oauth/token", () => HttpResponse.json({ code: 400, msg: "租户不存在" }, { status: 400 }));
    const result = await authProvider.login(await credentials());
    expect(result.error?.message).toBe("租户不存在");
  });
});

describe("authProvider session calls", () => {
  it("logout calls the logout endpoint, clears the session even when it fails, and goes to /login", async () => {
    saveTokens(tokenResponse());
    setStore({ name: "menu", content: [menuNode] });
    // The test is about the endpoint failing (a 500 the real server cannot give on demand): stubbed.
    const called = capture(api.server, "/blade-auth/oauth/logout", () => HttpResponse.json({ code: 500, msg: "x" }, { status: 500 }));
    await expect(authProvider.logout({})).resolves.toEqual({ success: true, redirectTo: "/login" });
    expect(called).toHaveLength(1);
    expect(getAccessToken()).toBeNull();
    expect(getStore({ name: "menu" })).toBeUndefined();
    expect(toast).not.toHaveBeenCalled();
  });

  it("check is authenticated iff a token exists", async () => {
    await expect(authProvider.check()).resolves.toEqual({ authenticated: false, redirectTo: "/login", logout: true });
    saveTokens(tokenResponse());
    await expect(authProvider.check()).resolves.toEqual({ authenticated: true });
  });

  it("onError logs out on 401 and never on 403", async () => {
    await expect(authProvider.onError(new HttpError({ code: 401, status: 401, msg: "请求未授权" }))).resolves.toEqual({ logout: true, redirectTo: "/login" });
    await expect(authProvider.onError({ statusCode: 401, message: "x" })).resolves.toMatchObject({ logout: true });
    await expect(authProvider.onError(new HttpError({ code: 403, status: 403, msg: "请求被拒绝" }))).resolves.toEqual({});
    await expect(authProvider.onError(new HttpError({ code: 400, status: 200, msg: "x" }))).resolves.toEqual({});
    await expect(authProvider.onError(new Error("boom"))).resolves.toEqual({});
  });

  it("getIdentity reads the stored user, with the default avatar when empty", async () => {
    await expect(authProvider.getIdentity!()).resolves.toBeNull();
    saveTokens(tokenResponse({ avatar: "", real_name: "管理员", role_name: "administrator" }));
    await expect(authProvider.getIdentity!()).resolves.toMatchObject({
      id: "1123598821738675201",
      name: "管理员",
      avatar: "/avatar.svg",
      account: "admin",
      tenantId: "000000",
      roleName: "administrator",
    });
    saveTokens(tokenResponse({ avatar: "https://x/a.png" }));
    await expect(authProvider.getIdentity!()).resolves.toMatchObject({ avatar: "https://x/a.png" });
  });

  it("getPermissions returns the granted codes", async () => {
    setStore({ name: "permission", content: ["user_add", "user_edit"] });
    await expect(authProvider.getPermissions!()).resolves.toEqual(["user_add", "user_edit"]);
  });
});
