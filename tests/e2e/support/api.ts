/**
 * API helpers for the journeys: set up or check data without the browser. They talk to the
 * server playwright.config.ts started (base URL from E2E_PORT).
 */
import { createBladeApi, md5, ok, type Params } from "../../../scripts/lib/blade-api";
import { E2E_ENV, e2eBaseUrl, requireEnv } from "./env";

export { md5, ok };
export type { Params };

const api = () => createBladeApi(e2eBaseUrl());

/** The admin password playwright.config.ts gave the server (BLADE_ADMIN_PASSWORD). */
export function adminPassword(): string {
  return requireEnv(E2E_ENV.adminPassword);
}

/** The full token response of the password grant. */
export function apiLogin(account: string, password: string, tenantId = "000000") {
  return api().login(account, password, tenantId);
}

/** An access token for `Blade-Auth: bearer <token>`. */
export function apiToken(account: string, password: string, tenantId = "000000"): Promise<string> {
  return api().token(account, password, tenantId);
}

/** An access token of the platform administrator (admin, tenant 000000). */
export function adminToken(): Promise<string> {
  return apiToken("admin", adminPassword());
}

/** GET /api<path>?params → the R envelope {code, success, data, msg}. */
export function apiGet<T = unknown>(token: string, path: string, params?: Params) {
  return api().get<T>(token, path, params);
}

/** POST /api<path> with a JSON body (query parameters optional) → the R envelope. */
export function apiPost<T = unknown>(token: string, path: string, body?: unknown, params?: Params) {
  return api().post<T>(token, path, body, params);
}
