import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authSession, dept, role, roleMenu, tenant, user } from "../../db/schema";
import { formatDateTime } from "../../db/time";
import { twoTenants, type TenantTokens } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";

let t: TestApp;
let tokens: TenantTokens;
beforeAll(async () => {
  t = await freshApp({ oauth: false });
  tokens = await twoTenants(t);
});
afterAll(() => t.close());

const call = async (path: string, o: Parameters<TestApp["request"]>[1] = {}) => {
  const res = await t.request(`/api/blade-system/tenant${path}`, { token: tokens.admin, ...o });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: Record<string, unknown> } };
};
const create = async (json: Record<string, unknown>) => call("/submit", { json: { linkman: "李四", contactNumber: "021-1234", ...json } });

describe("creating a tenant", () => {
  it("creates the tenant, its administrator role, root department and admin account, the password answered once", async () => {
    const { status, body } = await create({ tenantName: "星河科技" });
    expect(status).toBe(200);
    const { id, tenantId, adminAccount, adminPassword } = body.data as Record<string, string>;
    expect(tenantId).toMatch(/^\d{6}$/);
    expect(adminAccount).toBe("admin");
    expect(adminPassword.length).toBeGreaterThanOrEqual(16);
    expect(adminPassword).toMatch(/\d/);
    expect(adminPassword).toMatch(/[A-Z]/);

    const [adminRole] = await t.db.select().from(role).where(eq(role.tenantId, tenantId));
    expect(adminRole).toMatchObject({ roleName: "管理员", roleAlias: "admin" });
    expect((await t.db.select().from(dept).where(eq(dept.tenantId, tenantId)))[0]).toMatchObject({ deptName: "星河科技", parentId: "0" });
    const [account] = await t.db.select().from(user).where(eq(user.tenantId, tenantId));
    expect(account).toMatchObject({ account: "admin", roleId: adminRole.id });
    expect(account.password).not.toContain(adminPassword);

    const signedIn = await t.login("admin", adminPassword, { tenantId });
    expect(signedIn.tenant_id).toBe(tenantId);
    // Never again: neither the detail nor the list carries it.
    const detail = await call("/detail", { query: { id } });
    expect(JSON.stringify(detail.body)).not.toContain(adminPassword);
    expect(detail.body.data).not.toHaveProperty("adminPassword");
    const list = await call("/list", { query: { tenantId } });
    expect(JSON.stringify(list.body)).not.toContain(adminPassword);
  });

  it("takes a given tenant id, and refuses one in use beside its field", async () => {
    expect((await create({ tenantName: "指定编号", tenantId: "880001" })).body.data.tenantId).toBe("880001");
    const again = await create({ tenantName: "重复编号", tenantId: "880001" });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ msg: "租户ID已存在", data: [{ field: "tenantId", message: "租户ID已存在" }] });
    const bad = await create({ tenantName: "坏编号", tenantId: "88 01" });
    expect(bad.status).toBe(400);
  });

  it("is one transaction: refused midway (an account admin already in that tenant), nothing of it remains", async () => {
    await t.createUser({ account: "admin", password: "Leftover#2024x", tenantId: "880002" });
    const { status, body } = await create({ tenantName: "半途失败", tenantId: "880002" });
    expect(status).toBe(400);
    expect(body.msg).toContain("已存在账号admin");
    expect(await t.db.select().from(tenant).where(eq(tenant.tenantId, "880002"))).toEqual([]);
    expect(await t.db.select().from(role).where(eq(role.tenantId, "880002"))).toEqual([]);
    expect(await t.db.select().from(dept).where(eq(dept.tenantId, "880002"))).toEqual([]);
    expect(await t.db.select().from(user).where(eq(user.tenantId, "880002"))).toHaveLength(1);
  });

  it("keeps a domain unique and stores it as the login page looks it up", async () => {
    const first = await create({ tenantName: "域名甲", domain: "Tenant-A.Example.com:8443" });
    expect(first.body.data.domain).toBe("tenant-a.example.com");
    const info = await t.request("/api/blade-system/tenant/info", { query: { domain: "tenant-a.example.com" } });
    expect((await info.json()).data).toEqual({ tenantId: first.body.data.tenantId, domain: "tenant-a.example.com" });
    const clash = await create({ tenantName: "域名乙", domain: "TENANT-A.example.com" });
    expect(clash.body.data).toEqual([{ field: "domain", message: "域名地址已被其他租户使用" }]);
  });
});

describe("the platform tenant and the administrator's password", () => {
  it("never disables, removes or limits tenant 000000", async () => {
    const [platform] = await t.db.select().from(tenant).where(eq(tenant.tenantId, "000000"));
    expect((await call("/changeStatus", { json: { ids: platform.id, status: 0 } })).body.msg).toBe("平台租户不能停用");
    expect((await call("/remove", { method: "POST", query: { ids: platform.id } })).body.msg).toBe("平台租户不能删除");
    expect((await call("/package-setting", { json: { tenantId: "000000", packageId: "" } })).status).toBe(400);
    expect((await t.loginAdmin()).tenant_id).toBe("000000");
  });

  it("resetPwd answers a new password once: the old one and the admin's sessions end", async () => {
    const { body } = await create({ tenantName: "重置密码" });
    const { id, tenantId, adminPassword } = body.data as Record<string, string>;
    const session = (await t.login("admin", adminPassword, { tenantId })).access_token;
    const reset = await call("/resetPwd", { query: { id } });
    const fresh = (reset.body.data as unknown as { account: string; password: string }).password;
    expect(fresh).not.toBe(adminPassword);
    expect((await t.request("/api/blade-system/menu/routes", { token: session })).status).toBe(401);
    await expect(t.login("admin", adminPassword, { tenantId })).rejects.toThrow(/用户名或密码错误/);
    expect((await t.login("admin", fresh, { tenantId })).tenant_id).toBe(tenantId);
  });
});

describe("a disabled or expired tenant", () => {
  it("cannot sign in, with the reason, and its live sessions end at once", async () => {
    const { body } = await create({ tenantName: "停用租户" });
    const { id, tenantId, adminPassword } = body.data as Record<string, string>;
    const token = (await t.login("admin", adminPassword, { tenantId })).access_token;
    expect((await t.request("/api/blade-system/menu/routes", { token })).status).toBe(200);

    expect((await call("/changeStatus", { json: { ids: id, status: 0 } })).status).toBe(200);
    expect((await t.request("/api/blade-system/menu/routes", { token })).status).toBe(401);
    await expect(t.login("admin", adminPassword, { tenantId })).rejects.toThrow(/租户已被禁用,请联系管理员/);

    expect((await call("/changeStatus", { json: { ids: id, status: 1 } })).status).toBe(200);
    const signedIn = await t.login("admin", adminPassword, { tenantId });
    const again = signedIn.access_token;
    expect((await call("/setting", { json: { ids: id, accountNumber: 5, expireTime: "2020-01-01 00:00:00" } })).status).toBe(200);
    expect((await t.request("/api/blade-system/menu/routes", { token: again })).status).toBe(401);
    const renewed = await t.tokenRequest({ grant_type: "refresh_token", refresh_token: signedIn.refresh_token, tenantId }, { "Tenant-Id": tenantId });
    expect(renewed.status).toBe(400);
    expect((await renewed.json()).error_description).toBe("租户授权已过期,请联系管理员");
    await expect(t.login("admin", adminPassword, { tenantId })).rejects.toThrow(/租户授权已过期,请联系管理员/);
    const detail = await call("/tenantDetail", { query: { id } });
    expect(detail.body.data).toMatchObject({ accountNumber: 5, expireTime: "2020-01-01 00:00:00" });
  });
});

describe("the system variant's calls (§7) and datasource", () => {
  it("tenantList pages the tenants; saveOrUpdate creates (the password once) and updates", async () => {
    const created = await call("/saveOrUpdate", { json: { tenantName: "系统变体", linkman: "周八", contactNumber: "13500000000" } });
    expect(created.status).toBe(200);
    const { id, tenantId, adminPassword } = created.body.data as Record<string, string>;
    expect((await t.login("admin", adminPassword, { tenantId })).tenant_id).toBe(tenantId);

    const updated = await call("/saveOrUpdate", { json: { id, tenantName: "系统变体改名", linkman: "周八", contactNumber: "13500000001" } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id, tenantId, tenantName: "系统变体改名", contactNumber: "13500000001" });
    expect(updated.body.data).not.toHaveProperty("adminPassword");

    const page = await call("/tenantList", { query: { current: 1, size: 10, tenantName: "系统变体" } });
    expect(page.status).toBe(200);
    const records = (page.body.data as unknown as { records: Record<string, unknown>[]; total: number }).records;
    expect(records).toEqual([expect.objectContaining({ id, tenantId, tenantName: "系统变体改名" })]);
    expect(JSON.stringify(page.body)).not.toContain(adminPassword);
  });

  it("remove takes the tenant away: gone from the list, its sessions ended, its sign-in refused", async () => {
    const { id, tenantId, adminPassword } = (await create({ tenantName: "待删除租户" })).body.data as Record<string, string>;
    const token = (await t.login("admin", adminPassword, { tenantId })).access_token;
    expect((await call("/remove", { method: "POST", query: { ids: id } })).status).toBe(200);
    const list = await call("/list", { query: { tenantId } });
    expect((list.body.data as unknown as { records: unknown[] }).records).toEqual([]);
    expect((await t.request("/api/blade-system/menu/routes", { token })).status).toBe(401);
    const sessions = await t.db.select().from(authSession).where(eq(authSession.tenantId, tenantId));
    expect(sessions.map((r) => [r.revoked, r.revokedReason])).toEqual([[1, "tenant_removed"]]);
    await expect(t.login("admin", adminPassword, { tenantId })).rejects.toThrow(/租户ID未找到/);
  });

  it("datasource sets and clears the tenant's datasource, checked like every id and refused when unknown", async () => {
    const { id, tenantId } = (await create({ tenantName: "数据源租户" })).body.data as Record<string, string>;
    const source = await t.request("/api/blade-develop/datasource/submit", {
      token: tokens.admin,
      json: { name: "租户库", driverClass: "postgresql", url: "postgresql://db.example.com:5432/t", username: "t", password: "x" },
    });
    const datasourceId = ((await source.json()) as { data: { id: string } }).data.id;
    expect((await call("/datasource", { json: { tenantId, datasourceId } })).status).toBe(200);
    expect((await call("/detail", { query: { id } })).body.data).toMatchObject({ datasourceId });
    const unknown = await call("/datasource", { json: { tenantId, datasourceId: "1123598812738675201" } });
    expect(unknown).toMatchObject({ status: 400, body: { msg: "数据源不存在" } });
    const bad = await call("/datasource", { json: { tenantId, datasourceId: "abc" } });
    expect(bad).toMatchObject({ status: 400, body: { msg: "请求参数格式错误: datasourceId" } });
    expect((await call("/datasource", { json: { tenantId: "nosuch", datasourceId: "1" } })).body.msg).toBe("租户不存在");
    expect((await call("/datasource", { json: { tenantId, datasourceId: "" } })).status).toBe(200);
    expect((await call("/tenantDetail", { query: { id } })).body.data).toMatchObject({ datasourceId: "" });
  });
});

describe("a disabled or expired tenant's sessions end in the database", () => {
  const online = async (tenantId: string) => {
    const res = await t.request("/api/blade-user/userSession/page", { token: tokens.admin, query: { tenantId, current: 1, size: 50 } });
    expect(res.status).toBe(200);
    return ((await res.json()).data.records as { tenantId: string; account: string }[]).map((r) => `${r.tenantId}/${r.account}`);
  };
  const refresh = async (refreshToken: string, tenantId: string) => {
    const res = await t.tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken, tenantId }, { "Tenant-Id": tenantId });
    return { status: res.status, why: ((await res.json()) as { error_description?: string }).error_description };
  };
  const reasons = async (tenantId: string) =>
    (await t.db.select().from(authSession).where(eq(authSession.tenantId, tenantId))).map((r) => `${r.revoked}:${r.revokedReason}`);
  const signedInTenant = async (tenantName: string) => {
    const { id, tenantId, adminPassword } = (await create({ tenantName })).body.data as Record<string, string>;
    const session = await t.login("admin", adminPassword, { tenantId });
    expect(await online(tenantId)).toEqual([`${tenantId}/admin`]);
    return { id, tenantId, session };
  };
  const inAnHour = () => formatDateTime(new Date(t.ctx.now() + 3_600_000));
  // Shorter than an access token's life: the token itself is still good when the tenant expires.
  const inFiveMinutes = () => formatDateTime(new Date(t.ctx.now() + 300_000));

  it("disabling: the refresh token no longer works and the online list no longer lists them", async () => {
    const { id, tenantId, session } = await signedInTenant("下线停用");
    expect((await call("/changeStatus", { json: { ids: id, status: 0 } })).status).toBe(200);
    expect(await reasons(tenantId)).toEqual(["1:tenant_disabled"]);
    expect(await online(tenantId)).toEqual([]);
    expect(await refresh(session.refresh_token, tenantId)).toEqual({ status: 400, why: "租户已被禁用,请联系管理员" });
    // Enabled again, the old session stays ended: its users sign in anew.
    expect((await call("/changeStatus", { json: { ids: id, status: 1 } })).status).toBe(200);
    expect((await refresh(session.refresh_token, tenantId)).status).toBe(400);
    expect((await t.request("/api/blade-system/menu/routes", { token: session.access_token })).status).toBe(401);
  });

  it("an expiry set in the past, by setting or by saveOrUpdate, ends them with the change", async () => {
    const bySetting = await signedInTenant("下线授权");
    expect((await call("/setting", { json: { ids: bySetting.id, accountNumber: -1, expireTime: "2020-01-01 00:00:00" } })).status).toBe(200);
    expect(await reasons(bySetting.tenantId)).toEqual(["1:tenant_expired"]);
    expect(await online(bySetting.tenantId)).toEqual([]);

    const bySave = await signedInTenant("下线保存");
    const saved = await call("/saveOrUpdate", { json: { id: bySave.id, tenantName: "下线保存", linkman: "李四", contactNumber: "021-1234", expireTime: "2020-01-01 00:00:00" } });
    expect(saved.status).toBe(200);
    expect(await reasons(bySave.tenantId)).toEqual(["1:tenant_expired"]);
    expect(await refresh(bySave.session.refresh_token, bySave.tenantId)).toEqual({ status: 400, why: "租户授权已过期,请联系管理员" });

    // A future expiry ends nothing.
    const later = await signedInTenant("稍后过期");
    expect((await call("/setting", { json: { ids: later.id, accountNumber: -1, expireTime: inAnHour() } })).status).toBe(200);
    expect(await reasons(later.tenantId)).toEqual(["0:"]);
  });

  it("an expiry that passes with time: the first request, or refresh, that notices it ends them for good", async () => {
    const byRequest = await signedInTenant("到期请求");
    const byRefresh = await signedInTenant("到期刷新");
    for (const { id } of [byRequest, byRefresh]) {
      expect((await call("/setting", { json: { ids: id, accountNumber: -1, expireTime: inFiveMinutes() } })).status).toBe(200);
    }
    t.advanceTime(600_000);
    try {
      expect((await t.request("/api/blade-system/menu/routes", { token: byRequest.session.access_token })).status).toBe(401);
      expect(await refresh(byRefresh.session.refresh_token, byRefresh.tenantId)).toEqual({ status: 400, why: "租户授权已过期,请联系管理员" });
    } finally {
      t.advanceTime(-600_000);
    }
    // Back before the expiry, the sessions stay ended: the revocation is in the database, not in a check.
    for (const { tenantId, session } of [byRequest, byRefresh]) {
      expect(await reasons(tenantId)).toEqual(["1:tenant_expired"]);
      expect(await online(tenantId)).toEqual([]);
      expect((await refresh(session.refresh_token, tenantId)).status).toBe(400);
      expect((await t.request("/api/blade-system/menu/routes", { token: session.access_token })).status).toBe(401);
    }
  });
});

describe("only the platform administrator", () => {
  const routes: [string, string, Record<string, unknown>?][] = [
    ["GET", "/list"], ["GET", "/page"], ["GET", "/detail?id=1"], ["GET", "/tenantList"], ["GET", "/tenantDetail?id=1"],
    ["GET", "/package-detail?tenantId=100001"], ["GET", "/resetPwd?id=1"], ["POST", "/submit", { tenantName: "x" }],
    ["POST", "/saveOrUpdate", { tenantName: "x" }], ["POST", "/remove?ids=1"], ["POST", "/changeStatus", { ids: "1", status: 0 }],
    ["POST", "/setting", { ids: "1" }], ["POST", "/datasource", { tenantId: "100001" }], ["POST", "/package-setting", { tenantId: "100001" }],
  ];
  const packageRoutes: [string, string, Record<string, unknown>?][] = [
    ["GET", "/list"], ["GET", "/detail?id=1"], ["GET", "/menu-tree"], ["POST", "/submit", { packageName: "x", menuId: "1" }], ["POST", "/remove?ids=1"],
  ];

  it("answers 403 to a tenant's administrator holding every code of its tenant, and to a plain user; 401 to nobody", async () => {
    for (const [base, list] of [["/api/blade-system/tenant", routes], ["/api/blade-system/tenant-package", packageRoutes]] as const) {
      for (const [method, path, json] of list) {
        for (const token of [tokens.admin100001, tokens.plain100001]) {
          const res = await t.request(`${base}${path}`, { method, token, json });
          expect(res.status, `${method} ${base}${path}`).toBe(403);
        }
        expect((await t.request(`${base}${path}`, { method, json })).status, `${method} ${path} signed out`).toBe(401);
      }
    }
  });

  it("hides the tenant menus from everyone else, even a tenant administrator granted them", async () => {
    const [adminRole] = await t.db.select().from(role).where(and(eq(role.tenantId, "100001"), eq(role.roleAlias, "admin")));
    expect((await t.db.select().from(roleMenu).where(eq(roleMenu.roleId, adminRole.id))).length).toBeGreaterThan(0);
    const res = await t.request("/api/blade-system/menu/routes", { token: tokens.admin100001 });
    const codes = JSON.stringify((await res.json()).data);
    expect(codes).toContain('"code":"user"');
    expect(codes).not.toContain('"code":"tenant"');
    expect(codes).not.toContain('"code":"tenantPackage"');
    const platform = JSON.stringify((await (await t.request("/api/blade-system/menu/routes", { token: tokens.admin })).json()).data);
    expect(platform).toContain('"code":"tenantPackage"');
  });
});
