/**
 * Single-flight token refresh: while one refresh is in flight every caller shares its promise, so
 * parallel 401s (or the timer and a 401) never spend the single-use refresh token twice.
 */
import { website } from "../../config/website";
import { MSG_UNAUTHORIZED, type TokenResponse } from "../../../domain/contract";
import { getRefreshToken, getUserInfo, saveTokens } from "../auth/session";
import { responseCode, responseMessage, send, TOKEN_PATH } from "./transport";
import { HttpError } from "./types";

export interface RefreshOptions {
  /** Switch mode: the department to switch to. */
  deptId?: string;
  /** Switch mode: the role to switch to. */
  roleId?: string;
}

let inflight: Promise<TokenResponse> | null = null;

/** True while a refresh is running. */
export const isRefreshing = () => inflight !== null;

/** Reads a token grant answer: the bare token JSON, or a failure with error_description / msg. */
export function tokenFromResponse(status: number, body: unknown): TokenResponse {
  const code = responseCode({ status, body, headers: new Headers() });
  const b = body as Partial<TokenResponse> | undefined;
  if (code === 200 && b && typeof b === "object" && typeof b.access_token === "string" && b.access_token) {
    return b as TokenResponse;
  }
  throw new HttpError({ code: code === 200 ? 400 : code, status, msg: responseMessage(body), body });
}

async function doRefresh(opts: RefreshOptions): Promise<TokenResponse> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) throw new HttpError({ code: 401, status: 401, msg: MSG_UNAUTHORIZED });
  const user = getUserInfo();
  const tenantId = user?.tenant_id || website.tenantId;
  const deptId = opts.deptId ?? (website.switchMode ? user?.dept_id : undefined);
  const roleId = opts.roleId ?? (website.switchMode ? user?.role_id : undefined);
  const headers: Record<string, string> = { "Tenant-Id": tenantId };
  if (deptId) headers["Dept-Id"] = deptId;
  if (roleId) headers["Role-Id"] = roleId;
  const raw = await send(
    {
      url: TOKEN_PATH,
      method: "POST",
      params: { tenantId, refresh_token: refreshToken, grant_type: "refresh_token", scope: "all" },
      headers,
      meta: { isToken: false },
    },
    null,
  );
  const token = tokenFromResponse(raw.status, raw.body);
  saveTokens(token);
  return token;
}

/**
 * Refreshes the access token (and saves the new tokens). Callers during a running refresh share it;
 * a switch of department/role waits for the running one and then refreshes again with its choice.
 */
export function refreshAccessToken(opts: RefreshOptions = {}): Promise<TokenResponse> {
  const explicit = Boolean(opts.deptId || opts.roleId);
  if (inflight && !explicit) return inflight;
  const previous = inflight;
  const run = previous ? previous.catch(() => undefined).then(() => doRefresh(opts)) : doRefresh(opts);
  const mine: Promise<TokenResponse> = run.finally(() => {
    if (inflight === mine) inflight = null;
  });
  inflight = mine;
  return mine;
}
