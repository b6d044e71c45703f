import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshApp, type TestApp } from "../../test/fresh-app";
import { PASSWORD_EXPIRED, policyMessages } from "../../../domain/validation/password-policy";
import { md5Hex } from "../../security/password";
import { MSG_NO_INIT_PASSWORD, MSG_ONE_USER } from "./reset";

describe("/blade-user/resetPwd: the initial password comes from the parameters", () => {
  let api: TestApp;
  let admin: string;
  let userId: string;
  beforeAll(async () => {
    api = await freshApp({ oauth: false });
    admin = (await api.loginAdmin()).access_token;
    userId = (await api.createUser({ account: "resetme", password: "Old-passw0rd", roleAliases: ["user"] })).id;
  });
  afterAll(() => api.close());

  const reset = (token: string, ids: string) => api.request("/api/blade-user/resetPwd", { method: "POST", token, query: { ids } });
  const setInitial = (paramValue: string) =>
    api.request("/api/blade-system/param/submit", { token: admin, json: { paramName: "初始密码", paramKey: "account.initPassword", paramValue } });

  it("refuses while no initial password is set, and changes nothing", async () => {
    const res = await reset(admin, userId);
    expect(await res.json()).toMatchObject({ code: 400, msg: MSG_NO_INIT_PASSWORD });
    await expect(api.login("resetme", "Old-passw0rd")).resolves.toBeTruthy();
  });

  it("sets the parameter's password, answers it once for the operator to pass on, and ends the user's sessions", async () => {
    const before = (await api.login("resetme", "Old-passw0rd")).access_token;
    expect((await setInitial("Blade-Init-2026")).status).toBe(200);
    const res = await reset(admin, userId);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toMatchObject({ code: 200, data: { password: "Blade-Init-2026" } });
    expect((await api.request("/api/blade-user/info", { token: before })).status).toBe(401);
    await expect(api.login("resetme", "Old-passw0rd")).rejects.toThrow();
    await expect(api.login("resetme", "Blade-Init-2026")).resolves.toBeTruthy();
  });

  it("needs the user_reset button, and answers another tenant's user like a missing one", async () => {
    const plain = (await api.login("resetme", "Blade-Init-2026")).access_token;
    expect((await reset(plain, userId)).status).toBe(403);
    await api.createTenant("200001");
    await api.createUser({ account: "admin2", password: "Adm1n-passw0rd", tenantId: "200001", roleAliases: ["admin"] });
    const otherToken = (await api.login("admin2", "Adm1n-passw0rd", { tenantId: "200001" })).access_token;
    const res = await reset(otherToken, userId);
    const refused = await res.json();
    expect(refused).toMatchObject({ code: 400, msg: "用户不存在" });
    expect(JSON.stringify(refused)).not.toContain("Blade-Init-2026");
  });
});

describe("/blade-user/resetPwd beyond the initial password: typed, generated, change at next sign-in", () => {
  let api: TestApp;
  let admin: string;
  let userId: string;
  let otherId: string;
  beforeAll(async () => {
    api = await freshApp({ oauth: false });
    admin = (await api.loginAdmin()).access_token;
    userId = (await api.createUser({ account: "keyed", password: "Old4Passw0rd", roleAliases: ["user"] })).id;
    otherId = (await api.createUser({ account: "keyed2", password: "Old4Passw0rd", roleAliases: ["user"] })).id;
  });
  afterAll(() => api.close());

  const reset = (ids: string, json: Record<string, unknown>) => api.request("/api/blade-user/resetPwd", { method: "POST", token: admin, query: { ids }, json });
  const info = async () => (await (await api.request("/api/blade-user/resetPwd/info", { token: admin })).json()).data;
  const STRICT = { minLength: 10, maxLength: 20, requireDigits: true, requireUpper: true, requireLower: true, requireSpecial: false, rejectWeak: true, expireDays: 0, historyCount: 2, lockThreshold: 5, lockMinutes: 30 };

  it("tells before asking that no initial password is configured, and where it would be set", async () => {
    expect(await info()).toEqual({ initPassword: false, paramKey: "account.initPassword" });
    expect(MSG_NO_INIT_PASSWORD).toContain("account.initPassword");
  });

  it("sets a typed password after the tenant's policy and history, refusing beside the field, and never echoes it", async () => {
    expect((await api.request("/api/blade-system/sysConfig/passwordAddUpdate", { token: admin, json: STRICT })).status).toBe(200);
    const weak = await reset(userId, { password: "short1A" });
    expect(await weak.json()).toMatchObject({ code: 400, msg: "密码长度在10到20个字符", data: [{ field: "password", message: "密码长度在10到20个字符" }] });
    const reused = await reset(userId, { password: "Old4Passw0rd" });
    expect(await reused.json()).toMatchObject({ code: 400, data: [{ field: "password", message: "新密码不能与最近2次使用过的密码相同" }] });
    await expect(api.login("keyed", "Old4Passw0rd")).resolves.toBeTruthy();

    const done = await reset(userId, { password: "Typed4Keyed" });
    const body = await done.json();
    expect(body).toMatchObject({ code: 200, data: { mustChange: false } });
    expect(JSON.stringify(body)).not.toContain("Typed4Keyed");
    await expect(api.login("keyed", "Typed4Keyed")).resolves.toBeTruthy();
    // One user at a time for a password of the operator's choosing.
    expect(await (await reset(`${userId},${otherId}`, { password: "Typed4Keyed" })).json()).toMatchObject({ code: 400, msg: MSG_ONE_USER });
  });

  it("generates a password the policy accepts, answered once, and it signs in", async () => {
    const res = await reset(otherId, { generate: true });
    expect(res.headers.get("cache-control")).toBe("no-store");
    const { data } = (await res.json()) as { data: { password: string } };
    expect(data.password).toMatch(/^(?=.*\d)(?=.*[A-Z])(?=.*[a-z])[0-9A-Za-z]{16}$/);
    await expect(api.login("keyed2", data.password)).resolves.toBeTruthy();
  });

  it("with mustChange, the user gets no session until they change it, then signs in with the new one", async () => {
    const { data } = (await (await reset(otherId, { generate: true, mustChange: true })).json()) as { data: { password: string; mustChange: boolean } };
    expect(data.mustChange).toBe(true);
    const refused = await api.tokenRequest({ tenantId: "000000", username: "keyed2", password: md5Hex(data.password), grant_type: "password" });
    expect(await refused.json()).toEqual({ error: PASSWORD_EXPIRED, error_description: policyMessages.mustChange() });
    const change = await api.request("/api/blade-system/sysConfig/updateExpiredPassword", {
      json: { account: "keyed2", oldPassword: md5Hex(data.password), newPassword: "Mine4Keyed2", newPassword1: "Mine4Keyed2" },
      headers: { "Tenant-Id": "000000" },
    });
    expect((await change.json()).code).toBe(200);
    await expect(api.login("keyed2", "Mine4Keyed2")).resolves.toBeTruthy();
  });

  it("BladeX's reset-password?userIds= with no body gives the initial password, as before", async () => {
    await api.request("/api/blade-system/param/submit", { token: admin, json: { paramName: "初始密码", paramKey: "account.initPassword", paramValue: "Blade4Init9" } });
    expect((await info()).initPassword).toBe(true);
    const res = await api.request("/api/blade-user/reset-password", { method: "POST", token: admin, query: { userIds: userId } });
    expect(await res.json()).toMatchObject({ code: 200, data: { password: "Blade4Init9", mustChange: false } });
    await expect(api.login("keyed", "Blade4Init9")).resolves.toBeTruthy();
  });
});
