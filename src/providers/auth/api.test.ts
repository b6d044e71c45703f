import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { HttpResponse } from "msw";
import { md5 } from "js-md5";
import { issueCaptcha } from "../../../server/security/captcha";
import { website } from "../../config/website";
import { setNotifier } from "../http";
import { ok, resetStorage, tokenResponse } from "../testing/fixtures";
import { capture, signIn, startTestApi, type TestApi } from "../../testing/harness";
import { fetchButtons, fetchCaptcha, fetchMenuRoutes, fetchTopMenu, fetchUserInfo, loginByUsername, logoutRequest } from "./api";
import { saveTokens } from "./session";

const toast = vi.fn();
let api: TestApi;
const PLAIN = { account: "plain", password: "Pla1n-passw0rd" };

beforeAll(async () => {
  api = await startTestApi();
  await api.createUser({ ...PLAIN, roleAliases: ["user"] });
});
afterAll(() => api.close());
beforeEach(() => {
  resetStorage();
  toast.mockReset();
  setNotifier({ error: toast });
});
afterEach(() => api.server.resetHandlers());

const captureToken = () => capture(api.server, "/blade-auth/oauth/token");

/** The administrator's sign-in with a captcha the server issued (its code read where it keeps it). */
async function adminLogin(password = api.adminPassword) {
  const { key, code } = await issueCaptcha(api.db, Date.now());
  return { tenantId: "000000", username: "admin", password, type: "account", captchaKey: key, captchaCode: code };
}

describe("loginByUsername", () => {
  it("sends the captcha grant with the md5 password in the query and the login headers", async () => {
    saveTokens(tokenResponse({ access_token: "old" }));
    const calls = captureToken();
    const login = await adminLogin();
    const token = await loginByUsername(login);
    expect(token).toMatchObject({ account: "admin", tenant_id: "000000" });
    expect((await api.request("/api/blade-auth/oauth/user-info", { token: token.access_token })).status).toBe(200);
    expect(calls[0].query).toEqual({
      tenantId: "000000",
      username: "admin",
      password: md5(api.adminPassword),
      grant_type: "captcha",
      scope: "all",
      type: "account",
    });
    const h = calls[0].headers;
    expect([h.get("Tenant-Id"), h.get("Captcha-Key"), h.get("Captcha-Code")]).toEqual(["000000", login.captchaKey, login.captchaCode]);
    expect(h.get("Authorization")).toBe(`Basic ${btoa("saber:saber_secret")}`);
    expect(h.has("Blade-Auth")).toBe(false);
  });

  it("uses the password grant when captcha mode is off", async () => {
    const mutable = website as { captchaMode: boolean };
    mutable.captchaMode = false;
    try {
      const calls = captureToken();
      await expect(loginByUsername({ tenantId: "000000", username: PLAIN.account, password: PLAIN.password })).resolves.toMatchObject({ account: PLAIN.account });
      expect(calls[0].query.grant_type).toBe("password");
      expect(calls[0].headers.has("Captcha-Key")).toBe(false);
    } finally {
      mutable.captchaMode = true;
    }
  });

  it("rejects with error_description and no toast", async () => {
    await expect(loginByUsername(await adminLogin("not-the-password"))).rejects.toMatchObject({ message: "用户名或密码错误", code: 400 });
    expect(toast).not.toHaveBeenCalled();
  });

  it("treats an HTTP 200 answer carrying error_description as a failure", async () => {
    // A BladeX gateway may answer so; the reference server answers its refusals with a 4xx.
    capture(api.server, "/blade-auth/oauth/token", () => HttpResponse.json({ error_code: 400, error_description: "验证码不正确" }));
    await expect(loginByUsername(await adminLogin())).rejects.toThrow("验证码不正确");
  });
});

describe("other auth and menu calls", () => {
  it("fetchCaptcha sends no token and returns key and image (bare or wrapped)", async () => {
    await signIn(api);
    const asked = capture(api.server, "/blade-auth/oauth/captcha");
    const captcha = await fetchCaptcha();
    expect(captcha).toEqual({ key: expect.stringMatching(/.+/), image: expect.stringMatching(/^data:image\/svg\+xml;base64,/) });
    expect(asked).toHaveLength(1);
    expect(asked[0].headers.get("Blade-Auth")).toBeNull();
    // The same answer wrapped in the Blade envelope, as a BladeX gateway may send it: stubbed.
    capture(api.server, "/blade-auth/oauth/captcha", () => HttpResponse.json(ok({ key: "k2", image: "i" })));
    await expect(fetchCaptcha()).resolves.toEqual({ key: "k2", image: "i" });
  });

  it("fetchCaptcha(certificate) asks captchaNew, and keeps the certificate as key when a gateway answers only the image", async () => {
    const asked = capture(api.server, "/blade-auth/oauth/captchaNew");
    const certificate = "0123456789abcdef0123456789abcdef";
    await expect(fetchCaptcha(certificate)).resolves.toEqual({ key: certificate, image: expect.stringMatching(/^data:image\/svg\+xml;base64,/) });
    expect(asked.map((a) => a.query)).toEqual([{ certificate }]);
    expect(asked[0].headers.get("Blade-Auth")).toBeNull();
    capture(api.server, "/blade-auth/oauth/captchaNew", () => HttpResponse.json(ok({ image: "data:image/png;base64,AA" })));
    await expect(fetchCaptcha(certificate)).resolves.toEqual({ key: certificate, image: "data:image/png;base64,AA" });
  });

  it("menu routes, buttons, top menu and user info unwrap the envelope", async () => {
    // A 普通用户 session: its menu, buttons and top menu (the administrator has none) as the server answers them.
    const token = await signIn(api, PLAIN);
    const answer = async (path: string) => ((await (await api.request(`/api${path}`, { token })).json()) as { data: unknown }).data;
    const [routes, buttons, top, info] = await Promise.all(["/blade-system/menu/routes", "/blade-system/menu/buttons", "/blade-system/menu/top-menu", "/blade-auth/oauth/user-info"].map(answer));
    expect(routes).not.toEqual([]);
    expect(top).toHaveLength(1);
    await expect(fetchMenuRoutes()).resolves.toEqual(routes);
    await expect(fetchButtons()).resolves.toEqual(buttons);
    await expect(fetchTopMenu()).resolves.toEqual(top);
    await expect(fetchUserInfo()).resolves.toEqual(info);
    expect(info).toMatchObject({ account: PLAIN.account });
  });

  it("logoutRequest is silent on failure", async () => {
    // The endpoint failing is what this is about (a 500 the real server cannot give on demand): stubbed.
    capture(api.server, "/blade-auth/oauth/logout", () => HttpResponse.json({ code: 500, msg: "boom" }, { status: 500 }));
    await expect(logoutRequest()).rejects.toThrow("boom");
    expect(toast).not.toHaveBeenCalled();
  });
});
