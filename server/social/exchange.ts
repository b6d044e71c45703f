import { clip } from "../http/text";
import { redactSecret } from "../security/secrets";
import type { OAuthProvider } from "./providers";

/** What the console and the user_oauth row need of a third-party account. */
export interface SocialProfile {
  /** The provider's stable id of the account. */
  uuid: string;
  username: string;
  nickname: string;
  avatar: string;
  email: string;
}

/** Why an exchange failed, for the server log only (the client gets one generic message). */
export class ExchangeError extends Error {}

const TIMEOUT_MS = 10_000;
const MAX_BODY = 256 * 1024;

async function readBody(res: Response, what: string): Promise<Record<string, unknown>> {
  const text = await res.text();
  if (text.length > MAX_BODY) throw new ExchangeError(`${what}: answer too large`);
  if (!res.ok) throw new ExchangeError(`${what}: HTTP ${res.status} ${text.slice(0, 200)}`);
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // GitHub and others answer the token form-encoded unless asked for JSON.
    if ((res.headers.get("content-type") ?? "").includes("x-www-form-urlencoded")) {
      return Object.fromEntries(new URLSearchParams(text));
    }
  }
  throw new ExchangeError(`${what}: not a JSON object`);
}

// A provider's profile is input like any other: NUL and half surrogate pairs cannot be stored.
const str = (value: unknown, max: number) =>
  typeof value === "string" || typeof value === "number" ? clip(String(value), Infinity).trim().slice(0, max) : "";

const httpUrl = (value: string) => (/^https?:\/\//i.test(value) ? value : "");

/**
 * The common user-info shapes: GitHub/Gitee (id, login, name, avatar_url), OpenID Connect (sub,
 * preferred_username, name, picture) and JustAuth-like (uuid, username, nickname, avatar).
 */
export function toProfile(info: Record<string, unknown>): SocialProfile {
  const data = info.data && typeof info.data === "object" && !Array.isArray(info.data) ? (info.data as Record<string, unknown>) : info;
  const uuid = str(data.id ?? data.sub ?? data.uuid ?? data.openid ?? data.user_id, 255);
  if (!uuid) throw new ExchangeError("user info: no id");
  const username = str(data.login ?? data.preferred_username ?? data.username ?? data.account, 255) || uuid;
  return {
    uuid,
    username,
    nickname: str(data.name ?? data.nickname ?? data.nick_name, 255) || username,
    avatar: httpUrl(str(data.avatar_url ?? data.picture ?? data.avatar, 2000)),
    email: str(data.email, 255),
  };
}

const basicCredentials = (provider: OAuthProvider) =>
  Buffer.from(`${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.clientSecret)}`).toString("base64");

/**
 * The error without the client secret: a provider's error page (or a proxy in front of it) may
 * quote the credentials it was sent, and the message goes to the server log.
 */
function withoutSecret(error: unknown, provider: OAuthProvider): unknown {
  if (!(error instanceof Error)) return error;
  const message = redactSecret(error.message, provider.clientSecret, [basicCredentials(provider)]);
  return message === error.message ? error : new ExchangeError(message);
}

/** Code → access token at the token URL → the account at the user-info URL (server to server). */
export async function fetchProfile(doFetch: typeof fetch, provider: OAuthProvider, code: string): Promise<SocialProfile> {
  try {
    return await exchangeCode(doFetch, provider, code);
  } catch (error) {
    throw withoutSecret(error, provider);
  }
}

async function exchangeCode(doFetch: typeof fetch, provider: OAuthProvider, code: string): Promise<SocialProfile> {
  const form = new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: provider.redirectUri });
  const headers: Record<string, string> = { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" };
  if (provider.clientAuth === "basic") {
    headers.Authorization = `Basic ${basicCredentials(provider)}`;
  } else {
    form.set("client_id", provider.clientId);
    form.set("client_secret", provider.clientSecret);
  }
  const tokenRes = await doFetch(provider.tokenUrl, {
    method: "POST",
    headers,
    body: form.toString(),
    redirect: "error",
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const token = await readBody(tokenRes, "token");
  const accessToken = str(token.access_token, 4096);
  if (!accessToken) throw new ExchangeError(`token: no access_token (${str(token.error, 100)} ${str(token.error_description, 200)})`);
  const infoRes = await doFetch(provider.userInfoUrl, {
    headers: { Accept: "application/json", Authorization: `Bearer ${accessToken}` },
    redirect: "error",
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  return toProfile(await readBody(infoRes, "user info"));
}
