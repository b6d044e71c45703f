/**
 * Third-party sign-in providers (generic OAuth2 authorisation-code flow). The console's 三方登录
 * configures them per tenant in the database, secrets sealed (configured.ts); the environment
 * configures the sources the database does not mention:
 *
 *   BLADE_OAUTH_SOURCES=oauth2,unified
 *   BLADE_OAUTH_<SOURCE>_CLIENT_ID, _CLIENT_SECRET, _AUTHORIZE_URL, _TOKEN_URL, _USERINFO_URL,
 *   _REDIRECT_URI (the console's /oauth/callback/<source>, or /wel for the unified landing),
 *   _SCOPE (optional), _CLIENT_AUTH (`post` default, or `basic`), _IDP_INITIATED (`1`: accept a
 *   code that arrives without our state, as a unified portal sends one to /wel).
 *
 * <SOURCE> is the source upper-cased with `-` as `_`.
 */
export interface OAuthProvider {
  source: string;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  redirectUri: string;
  scope: string;
  /** How the client authenticates at the token URL (RFC 6749 §2.3.1). */
  clientAuth: "post" | "basic";
  /**
   * Sign-ins the provider starts (no state from render). They skip the CSRF protection of the
   * state, so this is off unless the operator turns it on for a trusted portal.
   */
  idpInitiated: boolean;
}

export const SOURCE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
};

/** Throws on a half-configured provider: a mistake in deployment should stop the start, not a sign-in. */
export function providersFromEnv(env: NodeJS.ProcessEnv = process.env): Map<string, OAuthProvider> {
  const providers = new Map<string, OAuthProvider>();
  const sources = (env.BLADE_OAUTH_SOURCES ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const source of sources) {
    if (!SOURCE_PATTERN.test(source)) throw new Error(`BLADE_OAUTH_SOURCES: invalid source name "${source}"`);
    const prefix = `BLADE_OAUTH_${source.toUpperCase().replace(/-/g, "_")}_`;
    const get = (name: string) => (env[prefix + name] ?? "").trim();
    const url = (name: string) => {
      const value = get(name);
      if (!isHttpUrl(value)) throw new Error(`${prefix}${name} must be an http(s) URL`);
      return value;
    };
    const clientId = get("CLIENT_ID");
    if (!clientId) throw new Error(`${prefix}CLIENT_ID is not set`);
    const clientAuth = get("CLIENT_AUTH") || "post";
    if (clientAuth !== "post" && clientAuth !== "basic") throw new Error(`${prefix}CLIENT_AUTH must be post or basic`);
    providers.set(source, {
      source,
      clientId,
      clientSecret: get("CLIENT_SECRET"),
      authorizeUrl: url("AUTHORIZE_URL"),
      tokenUrl: url("TOKEN_URL"),
      userInfoUrl: url("USERINFO_URL"),
      redirectUri: url("REDIRECT_URI"),
      scope: get("SCOPE"),
      clientAuth,
      idpInitiated: get("IDP_INITIATED") === "1",
    });
  }
  return providers;
}

/** The provider's authorise URL for one sign-in (its own query parameters are kept). */
export function authorizeUrl(provider: OAuthProvider, state: string): string {
  const url = new URL(provider.authorizeUrl);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", provider.clientId);
  url.searchParams.set("redirect_uri", provider.redirectUri);
  if (provider.scope) url.searchParams.set("scope", provider.scope);
  url.searchParams.set("state", state);
  return url.toString();
}
