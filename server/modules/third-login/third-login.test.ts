import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { thirdLogin } from "../../db/schema";
import { twoTenants, type TenantTokens } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";
import { PROVIDER_CLIENT, SimulatedOAuthProvider } from "../../test/oauth-provider";

const BASE = "/api/blade-system/sysConfig";
const SECRET = PROVIDER_CLIENT.secret;

let t: TestApp;
let tokens: TenantTokens;
const sim = new SimulatedOAuthProvider();

beforeAll(async () => {
  // The environment configures `oauth2` and `unified` (fresh-app); the console adds the rest.
  t = await freshApp({ oauth: sim });
  tokens = await twoTenants(t);
});
afterAll(() => t.close());

const body = (source: string, extra: Record<string, unknown> = {}) => {
  const c = sim.config(source);
  return { source, name: `企业 ${source}`, clientId: c.clientId, clientSecret: SECRET, redirectUri: c.redirectUri, authorizeUrl: c.authorizeUrl, tokenUrl: c.tokenUrl, userInfoUrl: c.userInfoUrl, scope: "user", ...extra };
};
const insert = async (token: string, json: unknown) => {
  const res = await t.request(`${BASE}/thirdLoginInfoInsert`, { token, json });
  const raw = await res.text();
  return { status: res.status, raw, body: JSON.parse(raw) };
};
const sources = async (tenantId: string) => (await (await t.request(`${BASE}/thirdLoginSources`, { headers: { "Tenant-Id": tenantId } })).json()).data as { source: string; name: string }[];

describe("third-party login configuration (§7 names)", () => {
  it("inserts, lists, reads and updates without ever answering the secret; stores it sealed", async () => {
    const created = await insert(tokens.admin100001, body("corp"));
    expect(created.body.msg).toBe("操作成功");
    expect(created.body.data).toMatchObject({ source: "corp", clientSecretSet: true, status: 1 });
    const id = created.body.data.id as string;
    const list = await t.request(`${BASE}/thirdLoginInfoList`, { token: tokens.admin100001 });
    const page = await t.request(`${BASE}/thirdLoginInfoPage`, { token: tokens.admin100001, query: { current: 1, size: 10 } });
    const details = await t.request(`${BASE}/thirdLoginInfoDetails`, { token: tokens.admin100001, query: { id } });
    for (const raw of [created.raw, await list.text(), await page.text(), await details.text()]) {
      expect(raw).not.toContain(SECRET);
      expect(raw).not.toContain('"clientSecret"');
    }
    const [row] = await t.db.select().from(thirdLogin).where(eq(thirdLogin.id, id));
    expect(row.clientSecret).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain(SECRET);

    const updated = await t.request(`${BASE}/thirdLoginInfoUpdate`, { token: tokens.admin100001, json: { id, name: "企业登录", clientSecret: "" } });
    expect((await updated.json()).data).toMatchObject({ name: "企业登录", clientSecretSet: true });
    const [kept] = await t.db.select().from(thirdLogin).where(eq(thirdLogin.id, id));
    expect(t.ctx.secrets.open(kept.clientSecret, "thirdLogin.clientSecret")).toBe(SECRET);
  });

  it("refuses a missing secret, missing endpoints of an unknown source, an id on insert and none on update", async () => {
    const noSecret = await insert(tokens.admin100001, body("nosecret", { clientSecret: "" }));
    expect(noSecret.body.data).toContainEqual({ field: "clientSecret", message: "请输入Client Secret" });
    const noUrls = await insert(tokens.admin100001, body("nourls", { tokenUrl: "" }));
    expect(noUrls.body.data).toContainEqual({ field: "tokenUrl", message: "该来源需要填写授权地址、令牌地址和用户信息地址" });
    // A preset source knows its endpoints.
    expect((await insert(tokens.admin100001, body("github", { authorizeUrl: "", tokenUrl: "", userInfoUrl: "" }))).status).toBe(200);
    expect((await insert(tokens.admin100001, { ...body("x1"), id: "123" })).status).toBe(400);
    expect((await t.request(`${BASE}/thirdLoginInfoUpdate`, { token: tokens.admin100001, json: { name: "x" } })).status).toBe(400);
    expect((await insert(tokens.admin100001, body("corp"))).body.data).toContainEqual({ field: "source", message: "该登录来源已配置" });
  });

  it("switches status and deletes by idList; other tenants and plain users cannot", async () => {
    const { body: b } = await insert(tokens.admin100001, body("todelete"));
    const id = b.data.id as string;
    expect((await t.request(`${BASE}/thirdLoginInfoStatus`, { token: tokens.admin100002, query: { id, status: 0 } })).status).toBe(400);
    expect((await t.request(`${BASE}/thirdLoginInfoStatus`, { token: tokens.plain100001, query: { id, status: 0 } })).status).toBe(403);
    expect((await t.request(`${BASE}/thirdLoginInfoStatus`, { token: tokens.admin100001, query: { id, status: 5 } })).status).toBe(400);
    expect((await t.request(`${BASE}/thirdLoginInfoStatus`, { token: tokens.admin100001, query: { id, status: 0 } })).status).toBe(200);
    expect((await t.request(`${BASE}/thirdLoginInfoDelete`, { token: tokens.admin100002, query: { idList: id } })).status).toBe(400);
    expect((await t.request(`${BASE}/thirdLoginInfoDelete`, { token: tokens.admin100001, query: { idList: id } })).status).toBe(200);
    expect((await t.request(`${BASE}/thirdLoginInfoDetails`, { token: tokens.admin100001, query: { id } })).status).toBe(400);
  });
});

describe("the login page's sources and the social sign-in read the configuration", () => {
  it("lists the enabled sources publicly (names only), not the disabled", async () => {
    const { body: b } = await insert(tokens.admin100002, body("offdb"));
    await t.request(`${BASE}/thirdLoginSources`, {});
    let listed = await sources("100002");
    expect(listed).toContainEqual({ source: "offdb", name: "企业 offdb" });
    expect(listed.map((s) => s.source)).toContain("oauth2"); // the environment's, not the portal's landing
    expect(listed.map((s) => s.source)).not.toContain("unified");
    expect(JSON.stringify(listed)).not.toContain(PROVIDER_CLIENT.id);
    await t.request(`${BASE}/thirdLoginInfoStatus`, { token: tokens.admin100002, query: { id: b.data.id, status: 0 } });
    listed = await sources("100002");
    expect(listed.map((s) => s.source)).not.toContain("offdb");
    // Another tenant does not see tenant 100002's own providers.
    expect((await sources("100001")).map((s) => s.source)).not.toContain("offdb");
  });

  it("signs in through a provider configured only in the database", async () => {
    await insert(tokens.admin100002, body("dbonly"));
    const render = await t.request("/api/blade-auth/oauth/render/dbonly", { headers: { "Tenant-Id": "100002" } });
    expect(render.status).toBe(200);
    const url = (await render.json()).data.url as string;
    expect(new URL(url).searchParams.get("client_id")).toBe(PROVIDER_CLIENT.id);
    const back = sim.approve(url, { id: "db-1", login: "dbuser" });
    const res = await t.tokenRequest({ grant_type: "social", tenantId: "100002", source: "dbonly", code: back.code, state: back.state }, { "Tenant-Id": "100002" });
    expect(res.status).toBe(200);
    expect((await res.json()).account).toBe("dbuser");
    // The secret the provider received is the one typed into the console, opened from its seal.
    expect(sim.tokenRequests.at(-1)).toMatchObject({ client_id: PROVIDER_CLIENT.id, client_secret: SECRET });
    // Not offered in another tenant.
    expect((await t.request("/api/blade-auth/oauth/render/dbonly", { headers: { "Tenant-Id": "100001" } })).status).toBe(400);
  });

  it("a disabled row switches off the environment's provider of the same source", async () => {
    expect((await t.request("/api/blade-auth/oauth/render/oauth2", { headers: { "Tenant-Id": "100001" } })).status).toBe(200);
    const { body: b } = await insert(tokens.admin100001, body("oauth2"));
    await t.request(`${BASE}/thirdLoginInfoStatus`, { token: tokens.admin100001, query: { id: b.data.id, status: 0 } });
    expect((await t.request("/api/blade-auth/oauth/render/oauth2", { headers: { "Tenant-Id": "100001" } })).status).toBe(400);
    expect((await sources("100001")).map((s) => s.source)).not.toContain("oauth2");
    // The platform's tenant still has the environment's.
    expect((await t.request("/api/blade-auth/oauth/render/oauth2", { headers: { "Tenant-Id": "000000" } })).status).toBe(200);
  });
});

describe("each tenant's own provider of one source (tenant mode)", () => {
  it("answers each tenant its own authorise URL, and binds the state to that tenant", async () => {
    await insert(tokens.admin100001, body("shared", { clientId: "client-of-100001" }));
    await insert(tokens.admin100002, body("shared", { clientId: "client-of-100002" }));
    const authorize = async (tenantId: string) => {
      const res = await t.request("/api/blade-auth/oauth/render/shared", { headers: { "Tenant-Id": tenantId } });
      expect(res.status, tenantId).toBe(200);
      return (await res.json()).data.url as string;
    };
    const url1 = await authorize("100001");
    const url2 = await authorize("100002");
    expect(new URL(url1).searchParams.get("client_id")).toBe("client-of-100001");
    expect(new URL(url2).searchParams.get("client_id")).toBe("client-of-100002");
    // A render without the tenant (the login page before it sent one) finds no such provider.
    expect((await t.request("/api/blade-auth/oauth/render/shared")).status).toBe(400);

    // The callback of tenant 100001's state, presented as another tenant's, is refused…
    const back1 = sim.approve(url1, { id: "shared-1", login: "shareduser1" });
    const crossed = await t.tokenRequest({ grant_type: "social", tenantId: "100002", source: "shared", code: back1.code, state: back1.state }, { "Tenant-Id": "100002" });
    expect(crossed.status).toBe(400);
    expect((await crossed.json()).error_description).toBe("授权已失效,请重新登录");
    // …and each tenant's own callback signs in to that tenant with its own client.
    for (const [tenantId, url, client] of [["100001", url1, "client-of-100001"], ["100002", url2, "client-of-100002"]] as const) {
      const again = tenantId === "100001" ? await authorize(tenantId) : url;
      const back = sim.approve(again, { id: `shared-${tenantId}`, login: `shared${tenantId}` });
      const res = await t.tokenRequest({ grant_type: "social", tenantId, source: "shared", code: back.code, state: back.state }, { "Tenant-Id": tenantId });
      expect(res.status, tenantId).toBe(200);
      expect(await res.json()).toMatchObject({ tenant_id: tenantId, account: `shared${tenantId}` });
      expect(sim.tokenRequests.at(-1)).toMatchObject({ client_id: client });
    }
  });
});

describe("the client secret is never logged", () => {
  it("not even when the provider's token URL answers an error that repeats the request", async () => {
    const ECHO = "https://echo.provider.test/token";
    await insert(tokens.admin100001, body("echoing", { tokenUrl: ECHO }));
    const fetchBefore = t.ctx.fetch;
    // A misbehaving provider (or a proxy in front of it) quoting the credentials it received.
    t.ctx.fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url !== ECHO) return fetchBefore(input, init);
      const form = new URLSearchParams(String(init?.body));
      return new Response(`invalid_client: client_secret=${form.get("client_secret")} (${String(init?.body)})`, { status: 401 });
    };
    const lines: string[] = [];
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" "))),
    );
    try {
      const render = await t.request("/api/blade-auth/oauth/render/echoing", { headers: { "Tenant-Id": "100001" } });
      const back = sim.approve((await render.json()).data.url, { id: "echo-1", login: "echo" });
      const res = await t.tokenRequest({ grant_type: "social", tenantId: "100001", source: "echoing", code: back.code, state: back.state }, { "Tenant-Id": "100001" });
      const raw = await res.text();
      expect(JSON.parse(raw).error_description).toBe("第三方登录失败,请重试");
      expect(raw).not.toContain(SECRET);
    } finally {
      spies.forEach((spy) => spy.mockRestore());
      t.ctx.fetch = fetchBefore;
    }
    // The failure is logged for the operator (so the check below looked at something), without the secret.
    expect(lines.join("\n")).toContain("social sign-in echoing");
    expect(lines.join("\n")).toContain("invalid_client");
    expect(lines.join("\n")).not.toContain(SECRET);
    expect(lines.join("\n")).not.toContain(encodeURIComponent(SECRET));
  });

  it("nor answered by the operation log of the writes that set it", async () => {
    await insert(tokens.admin100001, body("audited"));
    const res = await t.request("/api/blade-log/api/operationList", { token: tokens.admin, query: { current: 1, size: 200 } });
    expect(res.status).toBe(200);
    const raw = await res.text();
    expect(raw).toContain("blade_third_login");
    expect(raw).not.toContain(SECRET);
  });
});
