import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshApp, type TestApp } from "../../test/fresh-app";

let t: TestApp;
beforeAll(async () => {
  t = await freshApp();
  await t.createUser({ account: "bystander", password: "Passw0rd!x" });
});
afterAll(() => t.close());

const LOGOUT = "/api/authentication/openid-connect/logout";
const userInfo = (token: string) => t.request("/api/blade-auth/oauth/user-info", { token });
const refresh = (token: string) =>
  t.tokenRequest({ grant_type: "refresh_token", refresh_token: token, tenantId: "000000" }, { "Tenant-Id": "000000" });

describe("POST /authentication/openid-connect/logout (sign out everywhere)", () => {
  it("ends every session of the caller, on every device, refresh tokens included", async () => {
    const here = await t.loginAdmin();
    const laptop = await t.loginAdmin();
    const phone = await t.loginAdmin();
    const res = await t.request(LOGOUT, { method: "POST", token: here.access_token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 200, success: true, data: true, msg: "操作成功" });
    for (const s of [here, laptop, phone]) {
      expect((await userInfo(s.access_token)).status).toBe(401);
      expect((await refresh(s.refresh_token)).status).toBe(400);
    }
  });

  it("leaves other users signed in", async () => {
    const other = await t.login("bystander", "Passw0rd!x");
    await t.request(LOGOUT, { method: "POST", token: (await t.loginAdmin()).access_token });
    expect((await userInfo(other.access_token)).status).toBe(200);
  });

  it("answers 401 without a session, and after the sessions have ended", async () => {
    const none = await t.request(LOGOUT, { method: "POST" });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 401, success: false, msg: "请求未授权" });
    const { access_token } = await t.loginAdmin();
    await t.request(LOGOUT, { method: "POST", token: access_token });
    expect((await t.request(LOGOUT, { method: "POST", token: access_token })).status).toBe(401);
  });

  it("the plain logout still ends only the caller's session", async () => {
    const a = await t.loginAdmin();
    const b = await t.loginAdmin();
    await t.request("/api/blade-auth/oauth/logout", { method: "POST", token: a.access_token });
    expect((await userInfo(b.access_token)).status).toBe(200);
  });
});
