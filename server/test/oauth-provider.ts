import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import type { OAuthProvider } from "../social/providers";

/**
 * A third-party OAuth2 provider simulated in process, for server and console tests: an authorise
 * step (approve()), a token URL and a user-info URL, reached through `fetch` (handed to the app
 * as its outbound fetch) without any network.
 */
export interface ProviderAccount {
  id: string | number;
  login: string;
  name?: string;
  avatar_url?: string;
  email?: string;
}

interface Grant {
  account: ProviderAccount;
  clientId: string;
  redirectUri: string;
}

export const PROVIDER_ORIGIN = "https://oauth.provider.test";
export const PROVIDER_CLIENT = { id: "blade-console", secret: "provider-secret" };

export class SimulatedOAuthProvider {
  readonly app = new Hono();
  /** Every token request the provider saw (form fields), for assertions. */
  readonly tokenRequests: Record<string, string>[] = [];
  private readonly codes = new Map<string, Grant>();
  private readonly tokens = new Map<string, ProviderAccount>();
  /** Set to make the token URL fail (an outage or a misconfigured secret). */
  failTokenRequests = false;

  /** Who a browser that reaches GET /authorize is signed in as (browser journeys). */
  browserAccount: ProviderAccount = { id: "e2e-user", login: "e2e-user", name: "E2E User" };

  constructor(readonly origin = PROVIDER_ORIGIN) {
    // A browser at the authorise URL approves at once as browserAccount (or ?login=).
    this.app.get("/authorize", (c) => {
      const login = c.req.query("login");
      const account = login ? { id: login, login } : this.browserAccount;
      return c.redirect(this.approve(`${this.origin}${new URL(c.req.url).pathname}${new URL(c.req.url).search}`, account).url, 302);
    });
    this.app.post("/token", async (c) => {
      const form = Object.fromEntries(new URLSearchParams(await c.req.text()));
      this.tokenRequests.push(form);
      const basic = /^Basic (.+)$/.exec(c.req.header("authorization") ?? "");
      const [id, secret] = basic ? Buffer.from(basic[1], "base64").toString().split(":").map(decodeURIComponent) : [form.client_id, form.client_secret];
      const grant = this.codes.get(form.code ?? "");
      this.codes.delete(form.code ?? "");
      const valid = grant && id === grant.clientId && secret === PROVIDER_CLIENT.secret && form.redirect_uri === grant.redirectUri;
      if (this.failTokenRequests || !valid || form.grant_type !== "authorization_code") {
        return c.json({ error: "invalid_grant", error_description: "bad code" }, 400);
      }
      const token = randomBytes(16).toString("hex");
      this.tokens.set(token, grant.account);
      return c.json({ access_token: token, token_type: "bearer", scope: "user" });
    });
    this.app.get("/userinfo", (c) => {
      const token = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1];
      const account = token ? this.tokens.get(token) : undefined;
      return account ? c.json(account) : c.json({ message: "Bad credentials" }, 401);
    });
  }

  /** The provider configuration the app needs for `source`. */
  config(source = "oauth2", redirectUri = `http://localhost:3000/oauth/callback/${source}`, extra: Partial<OAuthProvider> = {}): OAuthProvider {
    return {
      source,
      clientId: PROVIDER_CLIENT.id,
      clientSecret: PROVIDER_CLIENT.secret,
      authorizeUrl: `${this.origin}/authorize`,
      tokenUrl: `${this.origin}/token`,
      userInfoUrl: `${this.origin}/userinfo`,
      redirectUri,
      scope: "user",
      clientAuth: "post",
      idpInitiated: false,
      ...extra,
    };
  }

  /** A code for this account, as if the provider had authorised it for that client and redirect. */
  issueCode(account: ProviderAccount, clientId = PROVIDER_CLIENT.id, redirectUri = "http://localhost:3000/wel"): string {
    const code = randomBytes(12).toString("hex");
    this.codes.set(code, { account, clientId, redirectUri });
    return code;
  }

  /**
   * The user signs in at the provider and approves: answers where the provider sends the browser
   * back (redirect_uri with code and state) and its parts.
   */
  approve(authorizeUrl: string, account: ProviderAccount): { url: string; code: string; state: string } {
    const url = new URL(authorizeUrl);
    if (url.origin + url.pathname !== `${this.origin}/authorize`) throw new Error(`not this provider's authorise URL: ${authorizeUrl}`);
    const q = url.searchParams;
    const redirectUri = q.get("redirect_uri") ?? "";
    const code = this.issueCode(account, q.get("client_id") ?? "", redirectUri);
    const state = q.get("state") ?? "";
    const back = new URL(redirectUri);
    back.searchParams.set("code", code);
    back.searchParams.set("state", state);
    return { url: back.toString(), code, state };
  }

  /** Answers requests to the provider's origin; anything else fails, as there is no network. */
  readonly fetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).origin !== this.origin) throw new TypeError(`no network in tests: ${request.url}`);
    return this.app.fetch(request);
  };
}
