import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CaptchaResponse, MenuNode, R, TokenResponse } from "../domain/contract";
import { md5Hex } from "../server/security/password";
import { lastCodeSent, startTestApi, type TestApi } from "./node";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const basic = `Basic ${btoa("saber:saber_secret")}`;

describe("MSW forwarding to the real server (jsdom)", () => {
  it("runs in jsdom", () => {
    expect(typeof window).toBe("object");
    expect(window.location.origin).toMatch(/^http:\/\/localhost/);
  });

  it("a relative fetch of /api/blade-auth/oauth/captcha reaches the app", async () => {
    const res = await fetch("/api/blade-auth/oauth/captcha", { headers: { Authorization: basic } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as CaptchaResponse;
    expect(body.key).toBeTruthy();
    expect(body.image).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it("a full token grant, then an authenticated call", async () => {
    const query = new URLSearchParams({
      tenantId: "000000",
      username: "admin",
      password: md5Hex(api.adminPassword),
      grant_type: "password",
      scope: "all",
      type: "account",
    });
    const res = await fetch(`/api/blade-auth/oauth/token?${query}`, {
      method: "POST",
      headers: { Authorization: basic, "Tenant-Id": "000000" },
    });
    expect(res.status).toBe(200);
    const token = (await res.json()) as TokenResponse;
    expect(token).toMatchObject({ account: "admin", token_type: "bearer", role_name: "administrator" });

    const routes = await fetch("/api/blade-system/menu/routes", {
      headers: { Authorization: basic, "Blade-Auth": `bearer ${token.access_token}` },
    });
    const body = (await routes.json()) as R<MenuNode[]>;
    expect(body.code).toBe(200);
    expect(body.data.some((n) => n.path === "/system")).toBe(true);
  });

  it("forwards JSON bodies and error statuses unchanged", async () => {
    const token = await api.loginAdmin();
    const res = await fetch("http://localhost:3000/api/blade-user/submit", {
      method: "POST",
      headers: { Authorization: basic, "Blade-Auth": `bearer ${token.access_token}`, "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 400, msg: "请求体不是合法的JSON" });
  });

  it("fails on requests outside /api", async () => {
    await expect(fetch("https://example.com/elsewhere")).rejects.toThrow();
  });
});

describe("sign-in helpers for console tests (jsdom)", () => {
  it("reads the last SMS code sent, and signs in with it", async () => {
    await api.createUser({ account: "phoneuser", password: "Passw0rd!x", phone: "13512345678" });
    const sent = (await (await fetch("/api/blade-auth/oauth/smsCode?phone=13512345678", { headers: { Authorization: basic } })).json()) as R<{ id: string }>;
    const code = lastCodeSent(api, "13512345678");
    expect(code).toMatch(/^\d{6}$/);
    const query = new URLSearchParams({ grant_type: "sms", tenantId: "000000", phone: "13512345678", value: code!, id: sent.data.id });
    const res = await fetch(`/api/blade-auth/oauth/token?${query}`, { method: "POST", headers: { Authorization: basic, "Tenant-Id": "000000" } });
    expect(((await res.json()) as TokenResponse).account).toBe("phoneuser");
  });

  it("signs in through the simulated OAuth2 provider (source oauth2) as a guest", async () => {
    const rendered = await fetch("/api/blade-auth/oauth/render/oauth2", { headers: { Authorization: basic } });
    // The browser key of the sign-in (HttpOnly cookie): jsdom's fetch does not keep it, a browser does.
    const cookie = rendered.headers.get("set-cookie")?.split(";")[0] ?? "";
    const render = (await rendered.json()) as R<{ url: string }>;
    const back = api.oauth!.approve(render.data.url, { id: 77, login: "octo" });
    expect(back.url).toMatch(/^http:\/\/localhost:3000\/oauth\/callback\/oauth2\?code=/);
    const query = new URLSearchParams({ grant_type: "social", source: "oauth2", code: back.code, state: back.state, tenantId: "000000" });
    const res = await fetch(`/api/blade-auth/oauth/token?${query}`, { method: "POST", headers: { Authorization: basic, Cookie: cookie } });
    expect(await res.json()).toMatchObject({ user_id: "-1", account: "octo", oauth_id: expect.stringMatching(/^\d+$/) });
  });
});
