/**
 * The request layer of §6 and §8: every call of the console goes through `http`.
 */
import { website } from "../../config/website";
import { getAccessToken, getRefreshToken } from "../auth/session";
import { forceLogout, notifyError } from "./handlers";
import { refreshAccessToken } from "./refresh";
import { filenameFromDisposition, isTokenUrl, responseCode, responseMessage, send, type RawResponse } from "./transport";
import { HttpError, isHttpError, type BlobResult, type HttpConfig } from "./types";
import { API } from "../../../domain/contract/api";

const quiet = (config: HttpConfig) => Boolean(config.silent) || isTokenUrl(config.url);

/** The logout call: a 401 there means the session is already over, which is what the caller wants. */
const LOGOUT_PATH = API.get("/blade-auth/oauth/logout");
const isLogoutUrl = (url: string) => url.split(/[?#]/)[0].replace(/\/+$/, "").endsWith(LOGOUT_PATH);

async function roundTrip(config: HttpConfig, token: string | null): Promise<RawResponse> {
  try {
    return await send(config, token);
  } catch (e) {
    if (isHttpError(e) && !quiet(config)) notifyError(e.message);
    throw e;
  }
}

function failure(raw: RawResponse, code: number): HttpError {
  return new HttpError({ code, status: raw.status, msg: responseMessage(raw.body), body: raw.body });
}

async function execute(config: HttpConfig, retried: boolean): Promise<unknown> {
  const withToken = config.meta?.isToken !== false;
  const token = withToken ? getAccessToken() : null;
  const raw = await roundTrip(config, token);
  const code = responseCode(raw);

  if (website.statusWhiteList.includes(code)) throw failure(raw, code);

  // Logging out of a session the server already ended (e.g. by registering a guest account) needs
  // no refresh and no forced logout: the caller clears the session and navigates itself.
  if (code === 401 && isLogoutUrl(config.url)) throw failure(raw, code);

  if (code === 401 && !isTokenUrl(config.url)) {
    if (!retried && withToken) {
      const current = getAccessToken();
      // Another request already refreshed the token this one was sent with: just retry.
      if (token && current && current !== token) return execute(config, true);
      if (getRefreshToken()) {
        try {
          await refreshAccessToken();
        } catch {
          forceLogout(token);
          throw failure(raw, code);
        }
        return execute(config, true);
      }
    }
    forceLogout(token);
    throw failure(raw, code);
  }

  if (code !== 200) {
    const err = failure(raw, code);
    if (!quiet(config)) notifyError(err.message);
    throw err;
  }

  if (config.responseType === "blob") {
    const blob = raw.blob ?? new Blob([]);
    return { blob, filename: filenameFromDisposition(raw.headers.get("Content-Disposition")) } satisfies BlobResult;
  }
  return raw.body;
}

/** Sends a request; resolves with the parsed body (the R envelope, the bare token JSON, or `{ blob, filename }`). */
function request<T = unknown>(config: HttpConfig): Promise<T> {
  return execute(config, false) as Promise<T>;
}

export const http = {
  request,
  get: <T = unknown>(url: string, config: Omit<HttpConfig, "url" | "method"> = {}) =>
    request<T>({ ...config, url, method: "GET" }),
  post: <T = unknown>(url: string, data?: unknown, config: Omit<HttpConfig, "url" | "method" | "data"> = {}) =>
    request<T>({ ...config, url, method: "POST", data }),
  put: <T = unknown>(url: string, data?: unknown, config: Omit<HttpConfig, "url" | "method" | "data"> = {}) =>
    request<T>({ ...config, url, method: "PUT", data }),
  delete: <T = unknown>(url: string, config: Omit<HttpConfig, "url" | "method"> = {}) =>
    request<T>({ ...config, url, method: "DELETE" }),
};

export type HttpClient = typeof http;
