import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { http as mock, HttpResponse } from "msw";
import { setNotifier, setUnauthorizedHandler, HttpError } from "../http";
import { getStore, setStore } from "../storage";
import { createTestServer, ok, resetStorage, tokenResponse } from "../testing/fixtures";
import { authProvider, getMenu, getPermissions } from "./index";
import { getAccessToken, lockSession, saveTokens } from "./session";

const server = createTestServer();
const toast = vi.fn();

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());
beforeEach(() => {
  resetStorage();
  toast.mockReset();
  setNotifier({ error: toast });
  setUnauthorizedHandler(vi.fn());
});
afterEach(() => server.resetHandlers());

const menuNode = { id: "1", parentId: "0", code: "user", name: "用户", alias: "user", path: "/system/user", source: "", sort: 1, category: 1, action: 0, isOpen: 1 };
const buttonTree = [{ ...menuNode, children: [{ ...menuNode, id: "2", code: "user_add", category: 2 }] }];
const credentials = { username: "admin", password: "admin", tenantId: "000000", captchaKey: "k", captchaCode: "c" };

function serverWith(tokenAnswer: () => Response) {
  server.use(
    mock.post("/api/blade-auth/oauth/token", tokenAnswer),
    mock.get("/api/blade-system/menu/routes", () => HttpResponse.json(ok([menuNode]))),
    mock.get("/api/blade-system/menu/buttons", () => HttpResponse.json(ok(buttonTree))),
  );
}

describe("authProvider.login", () => {
  it("saves the tokens, clears tags and lock, loads menus and permissions, goes to the home page", async () => {
    setStore({ name: "tags", content: [{ path: "/x" }] });
    lockSession("pw");
    serverWith(() => HttpResponse.json(tokenResponse({ access_token: "new-token" })));
    const result = await authProvider.login(credentials);
    expect(result).toEqual({ success: true, redirectTo: "/workbench/index" });
    expect(getAccessToken()).toBe("new-token");
    expect(getStore({ name: "tags" })).toBeUndefined();
    expect(getStore({ name: "lock" })).toBeUndefined();
    expect(getMenu().map((m) => m.code)).toEqual(["user"]);
    expect([...getPermissions()]).toEqual(["user_add"]);
  });

  it("on failure returns the error_description and stores nothing", async () => {
    serverWith(() => HttpResponse.json({ error: "invalid_grant", error_description: "用户名或密码不正确" }, { status: 400 }));
    const result = await authProvider.login(credentials);
    expect(result).toEqual({ success: false, error: { name: "LoginError", message: "用户名或密码不正确" } });
    expect(localStorage.length).toBe(0);
    expect(toast).not.toHaveBeenCalled();
  });

  it("falls back to msg when there is no error_description", async () => {
    serverWith(() => HttpResponse.json({ code: 400, msg: "租户不存在" }, { status: 400 }));
    const result = await authProvider.login(credentials);
    expect(result.error?.message).toBe("租户不存在");
  });
});

describe("authProvider session calls", () => {
  it("logout calls the logout endpoint, clears the session even when it fails, and goes to /login", async () => {
    saveTokens(tokenResponse());
    setStore({ name: "menu", content: [menuNode] });
    let called = 0;
    server.use(mock.get("/api/blade-auth/oauth/logout", () => (called++, HttpResponse.json({ code: 500, msg: "x" }, { status: 500 }))));
    await expect(authProvider.logout({})).resolves.toEqual({ success: true, redirectTo: "/login" });
    expect(called).toBe(1);
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
