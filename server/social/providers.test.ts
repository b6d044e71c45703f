import { describe, expect, it } from "vitest";
import { ExchangeError, fetchProfile, toProfile } from "./exchange";
import { authorizeUrl, providersFromEnv } from "./providers";

const ENV = {
  BLADE_OAUTH_SOURCES: "oauth2, my-idp",
  BLADE_OAUTH_OAUTH2_CLIENT_ID: "cid",
  BLADE_OAUTH_OAUTH2_CLIENT_SECRET: "secret",
  BLADE_OAUTH_OAUTH2_AUTHORIZE_URL: "https://idp.example.com/authorize?prompt=login",
  BLADE_OAUTH_OAUTH2_TOKEN_URL: "https://idp.example.com/token",
  BLADE_OAUTH_OAUTH2_USERINFO_URL: "https://idp.example.com/userinfo",
  BLADE_OAUTH_OAUTH2_REDIRECT_URI: "https://console.example.com/oauth/callback/oauth2",
  BLADE_OAUTH_OAUTH2_SCOPE: "openid profile",
  BLADE_OAUTH_MY_IDP_CLIENT_ID: "c2",
  BLADE_OAUTH_MY_IDP_AUTHORIZE_URL: "https://sso.example.com/a",
  BLADE_OAUTH_MY_IDP_TOKEN_URL: "https://sso.example.com/t",
  BLADE_OAUTH_MY_IDP_USERINFO_URL: "https://sso.example.com/u",
  BLADE_OAUTH_MY_IDP_REDIRECT_URI: "https://console.example.com/wel",
  BLADE_OAUTH_MY_IDP_CLIENT_AUTH: "basic",
  BLADE_OAUTH_MY_IDP_IDP_INITIATED: "1",
};

describe("providersFromEnv", () => {
  it("reads every listed source from BLADE_OAUTH_<SOURCE>_*", () => {
    const providers = providersFromEnv(ENV);
    expect([...providers.keys()]).toEqual(["oauth2", "my-idp"]);
    expect(providers.get("oauth2")).toMatchObject({ clientId: "cid", clientSecret: "secret", scope: "openid profile", clientAuth: "post", idpInitiated: false });
    expect(providers.get("my-idp")).toMatchObject({ clientSecret: "", clientAuth: "basic", idpInitiated: true });
    expect(providersFromEnv({}).size).toBe(0);
  });

  it("stops on a half-configured provider", () => {
    expect(() => providersFromEnv({ ...ENV, BLADE_OAUTH_OAUTH2_TOKEN_URL: "" })).toThrow(/TOKEN_URL/);
    expect(() => providersFromEnv({ ...ENV, BLADE_OAUTH_OAUTH2_USERINFO_URL: "javascript:alert(1)" })).toThrow(/USERINFO_URL/);
    expect(() => providersFromEnv({ ...ENV, BLADE_OAUTH_OAUTH2_CLIENT_ID: "" })).toThrow(/CLIENT_ID/);
    expect(() => providersFromEnv({ ...ENV, BLADE_OAUTH_SOURCES: "bad/name" })).toThrow(/invalid source/);
  });

  it("builds the authorise URL keeping the provider's own parameters", () => {
    const url = new URL(authorizeUrl(providersFromEnv(ENV).get("oauth2")!, "STATE"));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      prompt: "login",
      response_type: "code",
      client_id: "cid",
      redirect_uri: "https://console.example.com/oauth/callback/oauth2",
      scope: "openid profile",
      state: "STATE",
    });
  });
});

describe("toProfile", () => {
  it("understands GitHub-like, OpenID Connect and wrapped answers", () => {
    expect(toProfile({ id: 42, login: "octo", name: "Octo Cat", avatar_url: "https://a/x.png", email: "o@x.cn" })).toEqual({
      uuid: "42",
      username: "octo",
      nickname: "Octo Cat",
      avatar: "https://a/x.png",
      email: "o@x.cn",
    });
    expect(toProfile({ sub: "abc", preferred_username: "alice", picture: "javascript:alert(1)" })).toMatchObject({
      uuid: "abc",
      username: "alice",
      nickname: "alice",
      avatar: "",
    });
    expect(toProfile({ data: { uuid: "u1", username: "bob", nickname: "Bob" } })).toMatchObject({ uuid: "u1", nickname: "Bob" });
    expect(() => toProfile({ login: "no-id" })).toThrow(ExchangeError);
  });
});

describe("fetchProfile", () => {
  const provider = providersFromEnv(ENV).get("my-idp")!;

  it("authenticates with HTTP Basic when configured, and reads a form-encoded token answer", async () => {
    const seen: Request[] = [];
    const fake: typeof fetch = async (input, init) => {
      const req = new Request(input, init);
      seen.push(req);
      if (req.url.endsWith("/t")) {
        return new Response("access_token=tok&token_type=bearer", { headers: { "content-type": "application/x-www-form-urlencoded" } });
      }
      return Response.json({ id: 7, login: "seven" });
    };
    expect(await fetchProfile(fake, provider, "the-code")).toMatchObject({ uuid: "7", username: "seven" });
    expect(seen[0].headers.get("authorization")).toBe(`Basic ${Buffer.from("c2:").toString("base64")}`);
    expect(await seen[0].clone().text()).not.toContain("client_secret");
    expect(seen[1].headers.get("authorization")).toBe("Bearer tok");
  });

  it("fails on a provider error or an answer without a token", async () => {
    const errorAnswer: typeof fetch = async () => Response.json({ error: "invalid_grant" }, { status: 400 });
    await expect(fetchProfile(errorAnswer, provider, "c")).rejects.toThrow(ExchangeError);
    const noToken: typeof fetch = async () => Response.json({ token_type: "bearer" });
    await expect(fetchProfile(noToken, provider, "c")).rejects.toThrow(/no access_token/);
  });
});
