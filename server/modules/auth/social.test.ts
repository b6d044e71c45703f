import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TokenResponse } from "../../../domain/contract";
import { user, userOauth } from "../../db/schema";
import { STATE_TTL_SECONDS } from "../../security/oauth-state";
import { freshApp, type TestApp } from "../../test/fresh-app";
import type { ProviderAccount } from "../../test/oauth-provider";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await freshApp();
  admin = (await t.loginAdmin()).access_token;
});
afterAll(() => t.close());

let seq = 1000;
const account = (): ProviderAccount => {
  const id = seq++;
  return { id, login: `octo${id}`, name: `Octo ${id}`, avatar_url: `https://avatars.example.com/${id}.png`, email: `octo${id}@example.com` };
};

/** The browser's cookies: what render/{source} set goes with the token request, as a browser would send it. */
let jar: string[] = [];
const render = async (source = "oauth2", headers: Record<string, string> = {}) => {
  const res = await t.request(`/api/blade-auth/oauth/render/${source}`, { headers });
  for (const cookie of res.headers.getSetCookie()) jar.push(cookie.split(";")[0]);
  return { res, body: await res.json() };
};
const socialGrant = (params: Record<string, string>, tenantId?: string, cookies = jar) =>
  t.tokenRequest(
    { grant_type: "social", ...(tenantId ? { tenantId } : {}), ...params },
    { ...(tenantId ? { "Tenant-Id": tenantId } : {}), ...(cookies.length ? { Cookie: cookies.join("; ") } : {}) },
  );
/** render → the provider approves → grant social with the callback's code and state. */
const signIn = async (who: ProviderAccount, source = "oauth2", tenantId = "000000") => {
  const { body } = await render(source, { "Tenant-Id": tenantId });
  const back = t.oauth!.approve(body.data.url, who);
  return socialGrant({ source, code: back.code, state: back.state }, tenantId);
};
const json = async (res: Response) => (await res.json()) as TokenResponse & { error_description?: string };

describe("GET /blade-auth/oauth/render/{source}", () => {
  it("answers the provider's authorise URL with client, redirect, scope and a signed state (public)", async () => {
    const { res, body } = await render();
    expect(res.status).toBe(200);
    const url = new URL(body.data.url);
    expect(url.origin + url.pathname).toBe("https://oauth.provider.test/authorize");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: "code",
      client_id: "blade-console",
      redirect_uri: "http://localhost:3000/oauth/callback/oauth2",
      scope: "user",
      state: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
    });
  });

  it("refuses an unknown source and an unknown tenant", async () => {
    const { res, body } = await render("nosuch");
    expect(res.status).toBe(400);
    expect(body.msg).toContain("不支持的第三方登录");
    expect((await render("oauth2", { "Tenant-Id": "999999" })).res.status).toBe(400);
  });
});

describe("grant_type=social", () => {
  it("exchanges the code server-side and gives an unbound identity a guest session (user_id -1, oauth_id)", async () => {
    const who = account();
    const res = await signIn(who);
    expect(res.status).toBe(200);
    const token = await json(res);
    expect(token).toMatchObject({ user_id: "-1", account: who.login, real_name: who.name, avatar: who.avatar_url, role_id: "", tenant_id: "000000" });
    expect(token.oauth_id).toMatch(/^\d+$/);
    const [row] = await t.db.select().from(userOauth).where(eq(userOauth.id, token.oauth_id));
    expect(row).toMatchObject({ source: "oauth2", uuid: String(who.id), username: who.login, email: who.email, userId: null });
    expect(t.oauth!.tokenRequests.at(-1)).toMatchObject({ grant_type: "authorization_code", client_id: "blade-console", client_secret: "provider-secret" });
  });

  it("the guest session may read its info, register and log out, and nothing else (403)", async () => {
    const guest = await json(await signIn(account()));
    const info = await t.request("/api/blade-auth/oauth/user-info", { token: guest.access_token });
    expect(await info.json()).toMatchObject({ code: 200, data: { id: "-1", oauthId: guest.oauth_id } });
    for (const path of ["/api/blade-system/menu/routes", "/api/blade-user/info", "/api/blade-user/page", "/api/blade-system/dept/tree", "/api/blade-auth/oauth/clear-cache"]) {
      const res = await t.request(path, { token: guest.access_token });
      expect(res.status, path).toBe(403);
      expect((await res.json()).msg).toBe("请先完成账号注册");
    }
    expect((await t.request("/api/blade-auth/oauth/logout", { token: guest.access_token })).status).toBe(200);
    expect((await t.request("/api/blade-auth/oauth/user-info", { token: guest.access_token })).status).toBe(401);
  });

  it("signs in the bound user, with the binding's oauth_id", async () => {
    const who = account();
    const { id } = await t.createUser({ account: "bound1", password: "Passw0rd!x" });
    await t.db.insert(userOauth).values({ id: "1999999999999999901", tenantId: "000000", userId: id, source: "oauth2", uuid: String(who.id) });
    const token = await json(await signIn(who));
    expect(token).toMatchObject({ user_id: id, account: "bound1", oauth_id: "1999999999999999901" });
    // The profile is refreshed from the provider.
    const [row] = await t.db.select().from(userOauth).where(eq(userOauth.id, "1999999999999999901"));
    expect(row.username).toBe(who.login);
  });

  it("register-guest, then the account waits for approval, then signs in socially once approved", async () => {
    const who = account();
    const guest = await json(await signIn(who));
    const reg = await t.request("/api/blade-user/register-guest", {
      token: guest.access_token,
      json: { tenantId: "000000", name: "新用户", account: "newcomer", password: "Qz7#Lm2$Kp", oauthId: guest.oauth_id },
    });
    expect(await reg.json()).toMatchObject({ code: 200, success: true });
    // The limited session ends with the registration.
    expect((await t.request("/api/blade-auth/oauth/user-info", { token: guest.access_token })).status).toBe(401);
    const pending = await t.tokenRequest({ grant_type: "password", username: "newcomer", password: (await import("../../security/password")).md5Hex("Qz7#Lm2$Kp") });
    expect((await json(pending)).error_description).toBe("账号待审核,请耐心等待管理员通过");
    expect((await json(await signIn(who))).error_description).toBe("账号待审核,请耐心等待管理员通过");

    const [created] = await t.db.select().from(user).where(eq(user.account, "newcomer"));
    expect(created).toMatchObject({ status: 0, name: "新用户", roleId: "", avatar: who.avatar_url, email: who.email });
    await t.db.update(user).set({ status: 1, updateUser: "1" }).where(eq(user.id, created.id));
    expect(await json(await signIn(who))).toMatchObject({ user_id: created.id, account: "newcomer", oauth_id: guest.oauth_id });
    expect((await t.login("newcomer", "Qz7#Lm2$Kp")).user_id).toBe(created.id);
  });

  it("accepts a state once, for its source and tenant, within its lifetime", async () => {
    const { body } = await render();
    const first = t.oauth!.approve(body.data.url, account());
    expect((await socialGrant({ source: "oauth2", code: first.code, state: first.state })).status).toBe(200);
    const replay = t.oauth!.approve(body.data.url, account());
    expect(await json(await socialGrant({ source: "oauth2", code: replay.code, state: replay.state }))).toEqual({
      error: "invalid_grant",
      error_description: "授权已失效,请重新登录",
    });

    const other = t.oauth!.approve((await render()).body.data.url, account());
    expect((await socialGrant({ source: "unified", code: other.code, state: other.state })).status).toBe(400);
    await t.createTenant("400001");
    expect((await socialGrant({ source: "oauth2", code: other.code, state: other.state }, "400001")).status).toBe(400);

    const late = t.oauth!.approve((await render()).body.data.url, account());
    t.advanceTime((STATE_TTL_SECONDS + 5) * 1000);
    try {
      expect((await socialGrant({ source: "oauth2", code: late.code, state: late.state })).status).toBe(400);
    } finally {
      t.advanceTime(-(STATE_TTL_SECONDS + 5) * 1000);
    }
  });

  it("binds the state to the browser that started the sign-in (a callback link is useless elsewhere)", async () => {
    jar = [];
    const { res, body } = await render();
    const cookie = res.headers.getSetCookie()[0];
    expect(cookie).toMatch(/^blade_oauth_[0-9a-f]{16}=[\w-]{43}; Max-Age=600; Path=\/api\/blade-auth\/oauth\/token; HttpOnly; SameSite=Lax$/);
    const back = t.oauth!.approve(body.data.url, account());
    // The attacker's callback, opened in the victim's browser: no key there.
    expect((await json(await socialGrant({ source: "oauth2", code: back.code, state: back.state }, undefined, ["other=1"]))).error_description).toBe("授权已失效,请重新登录");
    const wrongKey = [`${cookie.split("=")[0]}=${"A".repeat(43)}`];
    const again = t.oauth!.approve((await render()).body.data.url, account());
    expect((await socialGrant({ source: "oauth2", code: again.code, state: again.state }, undefined, wrongKey)).status).toBe(400);
    const mine = t.oauth!.approve((await render()).body.data.url, account());
    expect((await socialGrant({ source: "oauth2", code: mine.code, state: mine.state })).status).toBe(200);
  });

  it("refuses a forged or missing state, an unknown source and a code the provider refuses", async () => {
    const code = t.oauth!.issueCode(account(), "blade-console", "http://localhost:3000/oauth/callback/oauth2");
    expect((await json(await socialGrant({ source: "oauth2", code, state: "forged.state.value" }))).error_description).toBe("授权已失效,请重新登录");
    expect((await json(await socialGrant({ source: "nosuch", code, state: "x" }))).error_description).toBe("不支持的第三方登录");
    const { body } = await render();
    const { state } = t.oauth!.approve(body.data.url, account());
    const refused = await socialGrant({ source: "oauth2", code: "not-a-code", state });
    expect(await json(refused)).toEqual({ error: "invalid_grant", error_description: "第三方登录失败,请重试" });
  });

  it("works as a browser would: the provider's authorise page redirects back with code and state", async () => {
    const { body } = await render();
    const page = await t.oauth!.app.request(body.data.url.replace("https://oauth.provider.test", "") + "&login=browser1");
    expect(page.status).toBe(302);
    const back = new URL(page.headers.get("location")!);
    expect(back.origin + back.pathname).toBe("http://localhost:3000/oauth/callback/oauth2");
    const token = await json(await socialGrant({ source: "oauth2", code: back.searchParams.get("code")!, state: back.searchParams.get("state")! }));
    expect(token).toMatchObject({ user_id: "-1", account: "browser1" });
  });

  it("signs in through the unified portal's own code, without a state (IdP-initiated, configured)", async () => {
    const code = t.oauth!.issueCode(account(), "blade-console", "http://localhost:3000/wel");
    const res = await socialGrant({ source: "unified", code, state: "" }, "000000");
    expect((await json(res)).user_id).toBe("-1");
  });

  it("refuses a sign-in the provider started (no state) unless that provider is configured to allow it, before using the code", async () => {
    const who = account();
    const code = t.oauth!.issueCode(who, "blade-console", "http://localhost:3000/oauth/callback/oauth2");
    for (const params of [{ state: "" }, {}] as Record<string, string>[]) {
      const res = await socialGrant({ source: "oauth2", code, ...params }, "000000");
      expect(res.status).toBe(400);
      expect(await json(res)).toEqual({ error: "invalid_grant", error_description: "该第三方登录不支持由第三方平台直接发起,请从登录页重新登录" });
    }
    // Nothing was recorded for the identity the refused code named.
    expect(await t.db.select().from(userOauth).where(eq(userOauth.uuid, String(who.id)))).toEqual([]);
  });
});

describe("GET /blade-auth/oauth/bind/{source}", () => {
  it("binds the third-party identity to the signed-in user", async () => {
    const { id } = await t.createUser({ account: "binder", password: "Passw0rd!x" });
    const mine = await t.login("binder", "Passw0rd!x");
    const res = await t.request("/api/blade-auth/oauth/bind/oauth2", { token: mine.access_token });
    for (const cookie of res.headers.getSetCookie()) jar.push(cookie.split(";")[0]);
    expect(res.status).toBe(200);
    const who = account();
    const back = t.oauth!.approve((await res.json()).data.url, who);
    const bound = await json(await socialGrant({ source: "oauth2", code: back.code, state: back.state }));
    expect(bound).toMatchObject({ user_id: id, account: "binder" });
    // From now on, a plain social sign-in with that identity is this user.
    expect((await json(await signIn(who))).user_id).toBe(id);
  });

  it("refuses an identity already bound to someone else, and callers without a session", async () => {
    const who = account();
    const { id: first } = await t.createUser({ account: "owner1", password: "Passw0rd!x" });
    await t.db.insert(userOauth).values({ id: "1999999999999999902", tenantId: "000000", userId: first, source: "oauth2", uuid: String(who.id) });
    await t.createUser({ account: "intruder", password: "Passw0rd!x" });
    const intruder = await t.login("intruder", "Passw0rd!x");
    const bound = await t.request("/api/blade-auth/oauth/bind/oauth2", { token: intruder.access_token });
    for (const cookie of bound.headers.getSetCookie()) jar.push(cookie.split(";")[0]);
    const { data } = await bound.json();
    const back = t.oauth!.approve(data.url, who);
    expect((await json(await socialGrant({ source: "oauth2", code: back.code, state: back.state }))).error_description).toBe("该第三方账号已绑定其他用户");
    expect((await t.request("/api/blade-auth/oauth/bind/oauth2")).status).toBe(401);
    expect((await t.request("/api/blade-auth/oauth/bind/nosuch", { token: admin })).status).toBe(400);
  });
});

describe("GET /blade-auth/oauth/clear-cache", () => {
  it("answers success to a signed-in caller, 401 otherwise", async () => {
    expect(await (await t.request("/api/blade-auth/oauth/clear-cache", { token: admin })).json()).toMatchObject({ code: 200, success: true });
    expect((await t.request("/api/blade-auth/oauth/clear-cache")).status).toBe(401);
  });
});
