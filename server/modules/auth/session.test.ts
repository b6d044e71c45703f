import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshApp, type TestApp } from "../../test/fresh-app";

let t: TestApp;
beforeAll(async () => {
  t = await freshApp();
});
afterAll(() => t.close());

const UNAUTHORIZED = { code: 401, success: false, data: null, msg: "请求未授权" };
const refresh = (token: string, headers: Record<string, string> = {}) =>
  t.tokenRequest({ grant_type: "refresh_token", refresh_token: token, tenantId: "000000" }, { "Tenant-Id": "000000", ...headers });
const userInfo = (token?: string, headers: Record<string, string> = {}) =>
  t.request("/api/blade-auth/oauth/user-info", { token, headers });

describe("access tokens", () => {
  it("user-info answers the caller without a password", async () => {
    const { access_token } = await t.loginAdmin();
    const res = await userInfo(access_token);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ code: 200, success: true, msg: "操作成功", data: { account: "admin", realName: "管理员", roleName: "超级管理员", tenantName: "管理组" } });
    expect(JSON.stringify(body)).not.toMatch(/password|scrypt/);
  });

  it("answers 401 without a token, with a bad one, or with a token in the query string", async () => {
    const { access_token } = await t.loginAdmin();
    for (const res of [
      await userInfo(),
      await userInfo(undefined, { "Blade-Auth": "bearer not.a.jwt" }),
      await userInfo(undefined, { "Blade-Auth": `${access_token}` }),
      await t.request(`/api/blade-auth/oauth/user-info?blade-auth=bearer%20${access_token}`),
      await userInfo(undefined, { Authorization: `Bearer ${access_token}` }),
    ]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(UNAUTHORIZED);
    }
  });

  it("refuses a refresh token used as an access token", async () => {
    const { refresh_token } = await t.loginAdmin();
    expect((await userInfo(refresh_token)).status).toBe(401);
  });

  it("refuses an expired access token", async () => {
    const { access_token } = await t.loginAdmin();
    t.advanceTime(3601_000);
    try {
      expect((await userInfo(access_token)).status).toBe(401);
    } finally {
      t.advanceTime(-3601_000);
    }
  });

  it("logout (GET or POST) ends the session: the access token and the refresh token stop working", async () => {
    for (const method of ["GET", "POST"]) {
      const tokens = await t.loginAdmin();
      const out = await t.request("/api/blade-auth/oauth/logout", { method, token: tokens.access_token });
      expect(await out.json()).toMatchObject({ code: 200, success: true });
      expect((await userInfo(tokens.access_token)).status).toBe(401);
      expect((await refresh(tokens.refresh_token)).status).toBe(400);
    }
  });

  it("logout of one session leaves the user's other sessions alone", async () => {
    const a = await t.loginAdmin();
    const b = await t.loginAdmin();
    await t.request("/api/blade-auth/oauth/logout", { token: a.access_token });
    expect((await userInfo(b.access_token)).status).toBe(200);
  });
});

describe("refresh tokens", () => {
  it("rotate: a refresh gives a new pair, and the new refresh token works once more", async () => {
    const first = await t.loginAdmin();
    const res = await refresh(first.refresh_token);
    expect(res.status).toBe(200);
    const second = await res.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.user_id).toBe(first.user_id);
    expect((await userInfo(second.access_token)).status).toBe(200);
    expect((await refresh(second.refresh_token)).status).toBe(200);
  });

  it("also answers on /oauth/token/refresh", async () => {
    const { refresh_token } = await t.loginAdmin();
    const res = await t.request("/api/blade-auth/oauth/token/refresh", { method: "POST", query: { refresh_token, tenantId: "000000" } });
    expect(res.status).toBe(200);
  });

  it("reusing an already-used refresh token revokes the whole session", async () => {
    const first = await t.loginAdmin();
    const second = await (await refresh(first.refresh_token)).json();
    const replay = await refresh(first.refresh_token);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: "invalid_grant" });
    // The thief's replay also ends the legitimate holder's tokens.
    expect((await userInfo(second.access_token)).status).toBe(401);
    expect((await refresh(second.refresh_token)).status).toBe(400);
  });

  it("refuses garbage, an access token, and a token of another tenant header", async () => {
    const tokens = await t.loginAdmin();
    expect((await refresh("garbage")).status).toBe(400);
    expect((await refresh(tokens.access_token)).status).toBe(400);
    const other = await t.tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token }, { "Tenant-Id": "123456" });
    expect(other.status).toBe(400);
  });

  it("refuses an expired refresh token", async () => {
    const { refresh_token } = await t.loginAdmin();
    t.advanceTime(8 * 24 * 3600_000);
    try {
      expect((await refresh(refresh_token)).status).toBe(400);
    } finally {
      t.advanceTime(-8 * 24 * 3600_000);
    }
  });

  it("switches department on refresh (Dept-Id), keeps the choice, and refuses a dept the user lacks", async () => {
    const depts = (await (await t.request("/api/blade-system/dept/tree", { token: (await t.loginAdmin()).access_token })).json()).data;
    const [root] = depts;
    const [child] = root.children;
    await t.createUser({ account: "switcher", password: "Passw0rd!x", deptId: `${root.id},${child.id}` });
    const tokens = await t.login("switcher", "Passw0rd!x");
    expect(tokens.dept_id).toBe(`${root.id},${child.id}`);
    const switched = await (await refresh(tokens.refresh_token, { "Dept-Id": child.id })).json();
    expect(switched.dept_id).toBe(child.id);
    const kept = await (await refresh(switched.refresh_token)).json();
    expect(kept.dept_id).toBe(child.id);
    const bad = await refresh(kept.refresh_token, { "Dept-Id": "1234567890123456789" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error_description).toBe("所选部门不属于当前用户");
  });
});
