/**
 * A minimal client of the Blade API (CONTRACT.md) for the end-to-end fixtures and the bench:
 * the token grant with the Basic client header, then GET/POST with `Blade-Auth: bearer …`.
 */
import { createHash } from "node:crypto";
import type { R, TokenError, TokenResponse } from "../../domain/contract";

export type Params = Record<string, string | number | boolean | undefined | null>;

export function md5(s: string): string {
  return createHash("md5").update(s, "utf8").digest("hex");
}

export function basicAuthHeader(
  clientId = process.env.BLADE_CLIENT_ID || "saber",
  clientSecret = process.env.BLADE_CLIENT_SECRET || "saber_secret",
): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
}

export function withQuery(path: string, params: Params = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}${path.includes("?") ? "&" : "?"}${s}` : path;
}

/** Paths may be given with or without the /api prefix: "/blade-user/page" or "/api/blade-user/page". */
function apiPath(path: string): string {
  const p = path.startsWith("/") ? path : `/${path}`;
  return p.startsWith("/api/") ? p : `/api${p}`;
}

async function readJson<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`${what}: HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`);
  }
}

export interface BladeApi {
  baseUrl: string;
  login(account: string, password: string, tenantId?: string): Promise<TokenResponse>;
  token(account: string, password: string, tenantId?: string): Promise<string>;
  get<T = unknown>(token: string, path: string, params?: Params): Promise<R<T>>;
  post<T = unknown>(token: string, path: string, body?: unknown, params?: Params): Promise<R<T>>;
}

export function createBladeApi(baseUrl: string): BladeApi {
  const base = baseUrl.replace(/\/$/, "");
  const headers = (token: string): Record<string, string> => ({
    Authorization: basicAuthHeader(),
    "Blade-Auth": `bearer ${token}`,
  });

  /**
   * The console's client requires the captcha unless the server was started with
   * VITE_CAPTCHA_MODE=false; a test server fixes the captcha's code (BLADE_CAPTCHA_TEST_CODE, or the
   * journeys' CAPTCHA_TEST_CODE).
   */
  async function captcha(): Promise<Record<string, string>> {
    const code = process.env.BLADE_CAPTCHA_TEST_CODE || process.env.CAPTCHA_TEST_CODE;
    if (!code) return {};
    const res = await fetch(`${base}/api/blade-auth/oauth/captcha`, { headers: { Authorization: basicAuthHeader() } });
    const { key } = await readJson<{ key: string }>(res, "captcha");
    return { "Captcha-Key": key, "Captcha-Code": code };
  }

  async function login(account: string, password: string, tenantId = "000000"): Promise<TokenResponse> {
    const withCaptcha = await captcha();
    const url = withQuery(`${base}/api/blade-auth/oauth/token`, {
      tenantId,
      username: account,
      password: md5(password),
      grant_type: withCaptcha["Captcha-Key"] ? "captcha" : "password",
      scope: "all",
    });
    const res = await fetch(url, { method: "POST", headers: { Authorization: basicAuthHeader(), "Tenant-Id": tenantId, ...withCaptcha } });
    const body = await readJson<TokenResponse & Partial<TokenError>>(res, "token grant");
    if (!res.ok || !body.access_token) {
      throw new Error(`token grant for ${account}@${tenantId} failed: HTTP ${res.status} ${body.error_description ?? body.error ?? ""}`);
    }
    return body;
  }

  return {
    baseUrl: base,
    login,
    token: async (account, password, tenantId) => (await login(account, password, tenantId)).access_token,
    async get<T>(token: string, path: string, params?: Params) {
      const res = await fetch(withQuery(`${base}${apiPath(path)}`, params), { headers: headers(token) });
      return readJson<R<T>>(res, `GET ${path}`);
    },
    async post<T>(token: string, path: string, body?: unknown, params?: Params) {
      const res = await fetch(withQuery(`${base}${apiPath(path)}`, params), {
        method: "POST",
        headers: { ...headers(token), "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return readJson<R<T>>(res, `POST ${path}`);
    },
  };
}

/** The data of a successful R, or an error carrying the server's msg. */
export function ok<T>(r: R<T>, what = "call"): T {
  if (!r.success || r.code !== 200) throw new Error(`${what} failed: code ${r.code} ${r.msg}`);
  return r.data;
}
