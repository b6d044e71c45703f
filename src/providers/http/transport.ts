/**
 * One fetch round trip: URL, headers, body, timeout, and reading the answer. No policy here
 * (toasts, 401 handling and refresh live in client.ts), so the token refresh can use it too.
 */
import { website } from "../../config/website";
import { t } from "../i18n/instance";
import { HttpError, type HttpConfig } from "./types";
import { API } from "../../../domain/contract/api";

export const TOKEN_PATH = API.post("/blade-auth/oauth/token");

export interface RawResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, the text when it is not JSON, undefined when empty (or a blob download). */
  body: unknown;
  blob?: Blob;
}

const isAbsolute = (url: string) => /^[a-z][a-z\d+\-.]*:\/\//i.test(url) || url.startsWith("//");

export function withApiBase(url: string): string {
  const base = website.apiBase.replace(/\/+$/, "");
  if (!base || isAbsolute(url)) return url;
  if (url === base || url.startsWith(`${base}/`) || url.startsWith(`${base}?`)) return url;
  return `${base}${url.startsWith("/") ? "" : "/"}${url}`;
}

/** True for the OAuth token endpoint (login, refresh), whatever the prefix and query. */
export const isTokenUrl = (url: string) => url.split(/[?#]/)[0].replace(/\/+$/, "").endsWith(TOKEN_PATH);

const paramValue = (v: unknown): string =>
  Array.isArray(v) ? v.filter((x) => x !== undefined && x !== null).map(String).join(",") : v instanceof Date ? v.toISOString() : String(v);

/** `k=v&…` with URI encoding; undefined and null skipped, arrays comma-joined. */
export function serializeParams(params: Record<string, unknown> | undefined): string {
  if (!params) return "";
  return Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(paramValue(v))}`)
    .join("&");
}

export function buildUrl(url: string, params?: Record<string, unknown>): string {
  const full = withApiBase(url);
  const qs = serializeParams(params);
  if (!qs) return full;
  const [beforeHash, hash] = full.split("#", 2);
  const sep = beforeHash.includes("?") ? (beforeHash.endsWith("?") || beforeHash.endsWith("&") ? "" : "&") : "?";
  return `${beforeHash}${sep}${qs}${hash !== undefined ? `#${hash}` : ""}`;
}

const isPassThroughBody = (d: unknown) =>
  typeof d === "string" ||
  (typeof FormData !== "undefined" && d instanceof FormData) ||
  (typeof Blob !== "undefined" && d instanceof Blob) ||
  (typeof URLSearchParams !== "undefined" && d instanceof URLSearchParams) ||
  d instanceof ArrayBuffer ||
  ArrayBuffer.isView(d);

function buildBody(config: HttpConfig, headers: Headers): BodyInit | undefined {
  const { data, meta } = config;
  if (data === undefined) return undefined;
  if (isPassThroughBody(data)) return data as BodyInit;
  if (meta?.isSerialize && data !== null && typeof data === "object") {
    headers.set("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8");
    return serializeParams(data as Record<string, unknown>);
  }
  headers.set("Content-Type", "application/json;charset=UTF-8");
  return JSON.stringify(data);
}

export const basicAuth = () => `Basic ${btoa(`${website.clientId}:${website.clientSecret}`)}`;

function buildHeaders(config: HttpConfig, token: string | null): Headers {
  const headers = new Headers({ Accept: "application/json, text/plain, */*" });
  headers.set("Authorization", basicAuth());
  if (token && config.meta?.isToken !== false) headers.set(website.tokenHeader, `bearer ${token}`);
  for (const [k, v] of Object.entries(config.headers ?? {})) {
    if (v !== undefined && v !== null && v !== "") headers.set(k, v);
  }
  return headers;
}

/** The file name of a download: RFC 5987 `filename*=` first, then `filename=` (URI-decoded, as BladeX encodes it). */
export function filenameFromDisposition(disposition: string | null, fallback = "download"): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(disposition);
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  const raw = star?.[1] ?? plain?.[2] ?? plain?.[1];
  if (!raw) return fallback;
  try {
    return decodeURIComponent(raw.trim());
  } catch {
    return raw.trim();
  }
}

async function readBody(res: Response, wantBlob: boolean): Promise<Pick<RawResponse, "body" | "blob">> {
  const type = res.headers.get("Content-Type") ?? "";
  if (wantBlob && !/json/i.test(type)) return { body: undefined, blob: await res.blob() };
  const text = await res.text();
  let body: unknown = text === "" ? undefined : text;
  if (text !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
  }
  // A JSON file downloaded with responseType blob is still a file, unless it is a failure envelope.
  if (wantBlob && !(body && typeof body === "object" && "code" in body && Number((body as { code: unknown }).code) !== 200)) {
    return { body, blob: new Blob([text], { type }) };
  }
  return { body };
}

/** Performs the request. Rejects with an HttpError of kind "timeout" or "network"; a caller abort rethrows its AbortError. */
export async function send(config: HttpConfig, token: string | null): Promise<RawResponse> {
  const headers = buildHeaders(config, token);
  const method = (config.method ?? "GET").toUpperCase();
  const body = method === "GET" || method === "HEAD" ? undefined : buildBody(config, headers);
  const controller = new AbortController();
  const timeoutMs = config.timeout ?? website.requestTimeoutMs;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort(config.signal?.reason);
  if (config.signal?.aborted) onCallerAbort();
  else config.signal?.addEventListener("abort", onCallerAbort, { once: true });
  try {
    const res = await fetch(buildUrl(config.url, config.params), { method, headers, body, signal: controller.signal });
    const read = await readBody(res, config.responseType === "blob");
    return { status: res.status, headers: res.headers, ...read };
  } catch (e) {
    if (timedOut) throw new HttpError({ code: 0, status: 0, msg: t("http.timeout"), kind: "timeout" });
    if (config.signal?.aborted) throw e;
    throw new HttpError({ code: 0, status: 0, msg: t("http.network"), body: e, kind: "network" });
  } finally {
    clearTimeout(timer);
    config.signal?.removeEventListener("abort", onCallerAbort);
  }
}

/** §8: the code comes from the body, else from the HTTP status; statuses outside 200–500 are failures as such. */
export function responseCode(raw: RawResponse): number {
  if (raw.status < 200 || raw.status > 500) return raw.status;
  const b = raw.body as { code?: unknown } | undefined;
  const code = b && typeof b === "object" ? Number(b.code) : NaN;
  return Number.isFinite(code) && code !== 0 ? code : raw.status;
}

/** msg, else error_description, else the unknown-error text. */
export function responseMessage(body: unknown): string {
  const b = (body && typeof body === "object" ? body : {}) as { msg?: unknown; error_description?: unknown };
  if (typeof b.msg === "string" && b.msg) return b.msg;
  if (typeof b.error_description === "string" && b.error_description) return b.error_description;
  return t("http.unknown");
}
