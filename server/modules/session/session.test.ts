import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, loginLog } from "../../db/schema";
import { nextId } from "../../db/ids";
import { formatDateTime } from "../../db/time";
import { md5Hex, sha256Hex } from "../../security/password";
import { basicAuth, freshApp, type TestApp } from "../../test/fresh-app";

interface SessionRow {
  id: string;
  account: string;
  realName: string;
  clientId: string;
  ip: string;
  userAgent: string;
  createTime: string;
  lastActiveTime: string;
  expireTime: string;
  status: number;
  current: boolean;
}

describe("online sessions (/blade-user/userSession, /authentication/appUserSession)", () => {
  let api: TestApp;
  let admin: string;
  beforeAll(async () => {
    api = await freshApp({ oauth: false });
    admin = (await api.loginAdmin()).access_token;
    await api.createUser({ account: "alice", password: "Alice#2024", realName: "爱丽丝" });
    await api.createTenant("100001");
    await api.createUser({ account: "tadmin", password: "Tadmin#2024", tenantId: "100001", roleAliases: ["admin"] });
    await api.createUser({ account: "bob", password: "Bob#2024x", tenantId: "100001", realName: "鲍勃" });
  });
  afterAll(() => api.close());

  const page = async (token: string, query: Record<string, string> = {}, path = "/api/blade-user/userSession/page") => {
    const res = await api.request(path, { token, query });
    const body = await res.json();
    return { status: res.status, body, records: (body.data?.records ?? []) as SessionRow[] };
  };

  it("lists the tenant's live sessions with account, name, client, IP, user agent and times", async () => {
    await api.login("alice", "Alice#2024", { headers: { "User-Agent": "AliceBrowser/1.0" } });
    const { status, records, body } = await page(admin, { account: "alice" });
    expect(status).toBe(200);
    expect(body.data.total).toBe(1);
    const [row] = records;
    expect(row).toMatchObject({ account: "alice", realName: "爱丽丝", clientId: "saber", status: 1, current: false });
    expect(row.userAgent).toBe("AliceBrowser/1.0");
    expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row.expireTime > row.createTime).toBe(true);
    expect(row).not.toHaveProperty("refreshJti");
    // The caller's own session is in the list, marked.
    const mine = (await page(admin, { account: "admin" })).records;
    expect(mine.some((r) => r.current)).toBe(true);
  });

  it("stops a session: its access token gets 401 at the next request and its refresh token is refused", async () => {
    const victim = await api.login("alice", "Alice#2024");
    expect((await api.request("/api/blade-auth/oauth/user-info", { token: victim.access_token })).status).toBe(200);
    const sessions = (await page(admin, { account: "alice" })).records;
    expect(sessions.length).toBe(2);
    // The victim's session is the newest one (default order: newest first).
    const target = sessions[0].id;

    const stop = await api.request("/api/blade-user/userSession/stopSession", { token: admin, query: { sessionIds: target } });
    expect(await stop.json()).toMatchObject({ code: 200, success: true });

    const after = await api.request("/api/blade-auth/oauth/user-info", { token: victim.access_token });
    expect(after.status).toBe(401);
    const refresh = await api.tokenRequest(
      { grant_type: "refresh_token", refresh_token: victim.refresh_token, tenantId: "000000" },
      { "Tenant-Id": "000000" },
    );
    expect(refresh.status).toBe(400);
    expect((await page(admin, { account: "alice" })).records.map((r) => r.id)).not.toContain(target);
    // Stopping it again: it is no longer live.
    const again = await api.request("/api/blade-user/userSession/stopSession", { token: admin, query: { sessionIds: target } });
    expect(await again.json()).toMatchObject({ code: 400, msg: "会话不存在或已下线" });
  });

  it("takes the ids as a form body too, and refuses the caller's own session and an empty or malformed list", async () => {
    const other = await api.login("alice", "Alice#2024");
    const list = (await page(admin, { account: "alice" })).records;
    const form = await api.request("/api/blade-user/userSession/stopSession", {
      token: admin,
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ sessionIds: list.map((r) => r.id).join(",") }).toString(),
    });
    expect((await form.json()).code).toBe(200);
    expect((await api.request("/api/blade-auth/oauth/user-info", { token: other.access_token })).status).toBe(401);

    const own = (await page(admin, { account: "admin" })).records.find((r) => r.current)!;
    const refused = await api.request("/api/blade-user/userSession/stopSession", { token: admin, query: { sessionIds: own.id } });
    expect(await refused.json()).toMatchObject({ code: 400, msg: "不能强制下线当前会话，请使用退出登录" });
    expect((await api.request("/api/blade-auth/oauth/user-info", { token: admin })).status).toBe(200);

    const empty = await api.request("/api/blade-user/userSession/stopSession", { token: admin });
    expect(await empty.json()).toMatchObject({ code: 400, msg: "请选择要下线的会话" });
    const bad = await api.request("/api/blade-user/userSession/stopSession", { token: admin, query: { sessionIds: "1;drop" } });
    expect(bad.status).toBe(400);
  });

  it("keeps tenants apart: another tenant's sessions are invisible and cannot be stopped", async () => {
    const tadmin = (await api.login("tadmin", "Tadmin#2024", { tenantId: "100001" })).access_token;
    const bob = await api.login("bob", "Bob#2024x", { tenantId: "100001" });
    const theirs = (await page(tadmin)).records;
    expect(theirs.map((r) => r.account).sort()).toEqual(["bob", "tadmin"]);
    const ours = await api.login("alice", "Alice#2024");
    const aliceSession = (await page(admin, { account: "alice" })).records[0].id;
    // The tenant administrator names a session of tenant 000000: answered like a missing one.
    const cross = await api.request("/api/blade-user/userSession/stopSession", { token: tadmin, query: { sessionIds: aliceSession } });
    expect(await cross.json()).toMatchObject({ code: 400, msg: "会话不存在或已下线" });
    expect((await api.request("/api/blade-auth/oauth/user-info", { token: ours.access_token })).status).toBe(200);
    // A filter naming another tenant changes nothing for a tenant administrator.
    expect((await page(tadmin, { tenantId: "000000" })).records.every((r) => ["bob", "tadmin"].includes(r.account))).toBe(true);
    // The platform administrator sees across tenants and may stop bob.
    const bobRow = (await page(admin, { account: "bob" })).records[0];
    expect(bobRow.account).toBe("bob");
    await api.request("/api/blade-user/userSession/stopSession", { token: admin, query: { sessionIds: bobRow.id } });
    expect((await api.request("/api/blade-auth/oauth/user-info", { token: bob.access_token })).status).toBe(401);
  });

  it("answers 401 without a token and 403 without the session codes", async () => {
    expect((await api.request("/api/blade-user/userSession/page")).status).toBe(401);
    await api.createUser({ account: "plain", password: "Plain#2024" });
    const plain = (await api.login("plain", "Plain#2024")).access_token;
    for (const path of ["page", "logPage", "download", "stopSession"]) {
      const res = await api.request(`/api/blade-user/userSession/${path}`, { token: plain, query: { sessionIds: "1" } });
      expect(res.status, path).toBe(403);
    }
    expect((await api.request("/api/authentication/appUserSession/page", { token: plain })).status).toBe(403);
  });

  it("refuses unknown filters and malformed dates with a 400, never a 500", async () => {
    expect((await page(admin, { password: "x" })).status).toBe(400);
    expect((await page(admin, { createTime_dategt: "yesterday" })).status).toBe(400);
    expect((await page(admin, { descs: "refresh_jti" })).status).toBe(400);
    expect((await page(admin, { size: "-1" })).status).toBe(400);
    expect((await page(admin, { account: "\u0000" })).status).toBe(400);
    expect((await page(admin, { createTime_dategt: "2000-01-01 00:00:00", descs: "create_time,id" })).status).toBe(200);
  });

  it("lists sessions of other OAuth clients as application sessions, with their history on authFlag=false", async () => {
    const secret = "app_secret_1";
    const now = formatDateTime(new Date());
    await api.db.insert(client).values({
      id: nextId(),
      clientId: "portal",
      clientSecret: sha256Hex(secret),
      authorizedGrantTypes: "refresh_token,password",
      createTime: now,
      updateTime: now,
    });
    const res = await api.tokenRequest(
      { tenantId: "000000", username: "alice", password: md5Hex("Alice#2024"), grant_type: "password" },
      { "Tenant-Id": "000000", Authorization: basicAuth("portal", secret) },
    );
    expect(res.status).toBe(200);
    const appToken = ((await res.json()) as { access_token: string }).access_token;
    const apps = await page(admin, { descs: "create_time,id", authFlag: "true" }, "/api/authentication/appUserSession/page");
    expect(apps.status).toBe(200);
    expect(apps.records.map((r) => [r.account, r.clientId])).toEqual([["alice", "portal"]]);
    // The console's own sessions are not application sessions, and vice versa.
    expect((await page(admin)).records.every((r) => r.clientId === "saber")).toBe(true);

    await api.request("/api/blade-user/userSession/stopSession", { token: admin, query: { sessionIds: apps.records[0].id } });
    expect((await api.request("/api/blade-auth/oauth/user-info", { token: appToken })).status).toBe(401);
    expect((await page(admin, { authFlag: "true" }, "/api/authentication/appUserSession/page")).records).toEqual([]);
    const history = await page(admin, { authFlag: "false" }, "/api/authentication/appUserSession/page");
    expect(history.records).toMatchObject([{ account: "alice", status: 0 }]);
  });

  it("downloads exactly the filtered sessions as a CSV blob", async () => {
    const res = await api.request("/api/blade-user/userSession/download", { token: admin, query: { account: "admin" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toContain("attachment");
    const lines = (await res.text()).replace(/^\ufeff/, "").trim().split("\r\n");
    expect(lines[0]).toBe("账号,姓名,租户ID,客户端,IP地址,浏览器,登录时间,最后活动时间,过期时间,状态");
    const listed = (await page(admin, { account: "admin", size: "200" })).body.data.total;
    expect(lines.length - 1).toBe(listed);
    expect(lines.slice(1).every((l) => l.split(",")[0].includes("admin"))).toBe(true);
    const bad = await api.request("/api/blade-user/userSession/download", { token: admin, query: { nope: "1" } });
    expect(bad.status).toBe(400);
  });

  it("pages the sign-in history of the tenant (logPage), filtered by account and result", async () => {
    const now = formatDateTime(new Date());
    await api.db.insert(loginLog).values([
      { id: nextId(), tenantId: "000000", account: "zed", grantType: "password", success: 0, reason: "密码错误", ip: "1.1.1.1", createTime: now },
      { id: nextId(), tenantId: "100001", account: "zed", grantType: "password", success: 1, ip: "2.2.2.2", createTime: now },
    ]);
    const res = await api.request("/api/blade-user/userSession/logPage", { token: admin, query: { account: "zed", success: "0" } });
    const body = await res.json();
    expect(body.data.records).toMatchObject([{ account: "zed", success: 0, reason: "密码错误", ip: "1.1.1.1" }]);
    const tadmin = (await api.login("tadmin", "Tadmin#2024", { tenantId: "100001" })).access_token;
    const theirs = await (await api.request("/api/blade-user/userSession/logPage", { token: tadmin, query: { account: "zed" } })).json();
    expect(theirs.data.records.map((r: { ip: string }) => r.ip)).toEqual(["2.2.2.2"]);
  });
});
