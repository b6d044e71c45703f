import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { http as mock, HttpResponse } from "msw";
import { website } from "../../config/website";
import { setNotifier } from "../http";
import { createTestServer, ok, resetStorage, tokenResponse } from "../testing/fixtures";
import { fetchButtons, fetchCaptcha, fetchMenuRoutes, fetchTopMenu, fetchUserInfo, loginByUsername, logoutRequest } from "./api";
import { saveTokens } from "./session";

const server = createTestServer();
const toast = vi.fn();

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());
beforeEach(() => {
  resetStorage();
  toast.mockReset();
  setNotifier({ error: toast });
});
afterEach(() => server.resetHandlers());

function captureToken(answer: () => Response) {
  const calls: { query: Record<string, string>; headers: Headers }[] = [];
  server.use(
    mock.post("/api/blade-auth/oauth/token", ({ request }) => {
      calls.push({ query: Object.fromEntries(new URL(request.url).searchParams), headers: request.headers });
      return answer();
    }),
  );
  return calls;
}

const login = { tenantId: "000000", username: "admin", password: "admin", type: "account", captchaKey: "k1", captchaCode: "abcd" };

describe("loginByUsername", () => {
  it("sends the captcha grant with the md5 password in the query and the login headers", async () => {
    saveTokens(tokenResponse({ access_token: "old" }));
    const calls = captureToken(() => HttpResponse.json(tokenResponse()));
    const token = await loginByUsername(login);
    expect(token.access_token).toBe("access-1");
    expect(calls[0].query).toEqual({
      tenantId: "000000",
      username: "admin",
      password: "21232f297a57a5a743894a0e4a801fc3",
      grant_type: "captcha",
      scope: "all",
      type: "account",
    });
    const h = calls[0].headers;
    expect([h.get("Tenant-Id"), h.get("Captcha-Key"), h.get("Captcha-Code")]).toEqual(["000000", "k1", "abcd"]);
    expect(h.get("Authorization")).toBe(`Basic ${btoa("saber:saber_secret")}`);
    expect(h.has("Blade-Auth")).toBe(false);
  });

  it("uses the password grant when captcha mode is off", async () => {
    const mutable = website as { captchaMode: boolean };
    mutable.captchaMode = false;
    try {
      const calls = captureToken(() => HttpResponse.json(tokenResponse()));
      await loginByUsername({ tenantId: "000000", username: "u", password: "p" });
      expect(calls[0].query.grant_type).toBe("password");
      expect(calls[0].headers.has("Captcha-Key")).toBe(false);
    } finally {
      mutable.captchaMode = true;
    }
  });

  it("rejects with error_description and no toast", async () => {
    captureToken(() => HttpResponse.json({ error: "invalid_grant", error_description: "用户名或密码不正确" }, { status: 400 }));
    await expect(loginByUsername(login)).rejects.toMatchObject({ message: "用户名或密码不正确", code: 400 });
    expect(toast).not.toHaveBeenCalled();
  });

  it("treats an HTTP 200 answer carrying error_description as a failure", async () => {
    captureToken(() => HttpResponse.json({ error_code: 400, error_description: "验证码不正确" }));
    await expect(loginByUsername(login)).rejects.toThrow("验证码不正确");
  });
});

describe("other auth and menu calls", () => {
  it("fetchCaptcha sends no token and returns key and image (bare or wrapped)", async () => {
    saveTokens(tokenResponse());
    let auth: string | null = "unset";
    server.use(
      mock.get("/api/blade-auth/oauth/captcha", ({ request }) => {
        auth = request.headers.get("Blade-Auth");
        return HttpResponse.json({ key: "k", image: "data:image/png;base64,AA" });
      }),
    );
    await expect(fetchCaptcha()).resolves.toEqual({ key: "k", image: "data:image/png;base64,AA" });
    expect(auth).toBeNull();
    server.use(mock.get("/api/blade-auth/oauth/captcha", () => HttpResponse.json(ok({ key: "k2", image: "i" }))));
    await expect(fetchCaptcha()).resolves.toEqual({ key: "k2", image: "i" });
  });

  it("menu routes, buttons, top menu and user info unwrap the envelope", async () => {
    const node = { id: "1", parentId: "0", code: "user", name: "用户", alias: "", path: "/system/user", source: "", sort: 1, category: 1, action: 0, isOpen: 1 };
    server.use(
      mock.get("/api/blade-system/menu/routes", () => HttpResponse.json(ok([node]))),
      mock.get("/api/blade-system/menu/buttons", () => HttpResponse.json(ok([]))),
      mock.get("/api/blade-system/menu/top-menu", () => HttpResponse.json(ok([{ id: "t", code: "c", name: "n", source: "", sort: 1 }]))),
      mock.get("/api/blade-auth/oauth/user-info", () => HttpResponse.json(ok({ account: "admin" }))),
    );
    await expect(fetchMenuRoutes()).resolves.toEqual([node]);
    await expect(fetchButtons()).resolves.toEqual([]);
    await expect(fetchTopMenu()).resolves.toHaveLength(1);
    await expect(fetchUserInfo()).resolves.toEqual({ account: "admin" });
  });

  it("logoutRequest is silent on failure", async () => {
    server.use(mock.get("/api/blade-auth/oauth/logout", () => HttpResponse.json({ code: 500, msg: "boom" }, { status: 500 })));
    await expect(logoutRequest()).rejects.toThrow("boom");
    expect(toast).not.toHaveBeenCalled();
  });
});
