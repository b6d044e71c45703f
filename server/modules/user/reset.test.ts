import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshApp, type TestApp } from "../../test/fresh-app";
import { MSG_NO_INIT_PASSWORD } from "./reset";

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
