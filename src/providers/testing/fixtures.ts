/** Test helpers shared by the provider tests (never imported by app code). */
import { setupServer } from "msw/node";
import type { TokenResponse } from "../../../domain/contract";

export function tokenResponse(overrides: Partial<TokenResponse> = {}): TokenResponse {
  return {
    access_token: "access-1",
    token_type: "bearer",
    refresh_token: "refresh-1",
    expires_in: 3600,
    scope: "all",
    tenant_id: "000000",
    user_id: "1123598821738675201",
    dept_id: "1123598813738675201",
    post_id: "1123598817738675201",
    role_id: "1123598816738675201",
    role_name: "administrator",
    account: "admin",
    user_name: "admin",
    nick_name: "管理员",
    real_name: "管理员",
    avatar: "",
    oauth_id: "",
    license: "",
    ...overrides,
  };
}

export const ok = <T>(data: T) => ({ code: 200, success: true, data, msg: "操作成功" });

/** An MSW server with no default handlers; unhandled requests fail the test. */
export function createTestServer() {
  return setupServer();
}

export function resetStorage() {
  localStorage.clear();
  sessionStorage.clear();
}
