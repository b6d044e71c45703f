/**
 * Tenant mode (§9 VITE_TENANT_MODE) with tenants made on the tenants page, against the reference
 * server: the login page asks for the tenant, signs its administrator in, and says why a disabled
 * or expired tenant cannot sign in.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanup, configure, fireEvent, screen, within } from "@testing-library/react";
import { Route } from "react-router";
import { startTestApi, type TestApi } from "../../../../mocks/node";
import { website } from "../../../config/website";
import { resetStorage } from "../../../providers/testing/fixtures";
import LoginPage from "../../../pages/login/LoginPage";
import { resetTenantLookup } from "../../../pages/login/useTenant";
import { renderConsole } from "../../../testing/harness";

const settings = website as unknown as { tenantMode: boolean; captchaMode: boolean };
let api: TestApi;
let admin: string;

beforeAll(async () => {
  configure({ asyncUtilTimeout: 20_000 });
  api = await startTestApi();
  admin = (await api.loginAdmin()).access_token;
});
afterAll(() => api.close());
afterEach(() => {
  cleanup();
  resetStorage();
  resetTenantLookup();
  settings.tenantMode = false;
  settings.captchaMode = true;
});

async function newTenant(tenantName: string) {
  const res = await api.request("/api/blade-system/tenant/submit", { token: admin, json: { tenantName, linkman: "孙八", contactNumber: "13500000000" } });
  return (await res.json()).data as { id: string; tenantId: string; adminPassword: string };
}

function signInThroughPage(tenantId: string, password: string) {
  settings.tenantMode = true;
  settings.captchaMode = false;
  renderConsole(<LoginPage />, { path: "/login", pattern: "/login", routes: <Route path="/workbench/index" element={<p>home page</p>} /> });
  return (async () => {
    fireEvent.change(await screen.findByLabelText("租户编号"), { target: { value: tenantId } });
    const pane = within(screen.getByTestId("login-method"));
    fireEvent.change(pane.getByRole("textbox", { name: "账号" }), { target: { value: "admin" } });
    fireEvent.change(pane.getByLabelText("密码"), { target: { value: password } });
    fireEvent.click(pane.getByRole("button", { name: /^登\s?录$/ }));
  })();
}

describe("tenant mode with tenants created on the tenants page", () => {
  it("signs the new tenant's administrator in to that tenant", async () => {
    const { tenantId, adminPassword } = await newTenant("登录租户");
    await signInThroughPage(tenantId, adminPassword);
    await screen.findByText("home page");
  });

  it("says a disabled tenant is disabled, and an expired one expired", async () => {
    const { id, tenantId, adminPassword } = await newTenant("受限租户");
    await api.request("/api/blade-system/tenant/changeStatus", { token: admin, json: { ids: id, status: 0 } });
    await signInThroughPage(tenantId, adminPassword);
    await screen.findByText("租户已被禁用,请联系管理员");
    cleanup();

    await api.request("/api/blade-system/tenant/changeStatus", { token: admin, json: { ids: id, status: 1 } });
    await api.request("/api/blade-system/tenant/setting", { token: admin, json: { ids: id, accountNumber: -1, expireTime: "2020-01-01 00:00:00" } });
    await signInThroughPage(tenantId, adminPassword);
    await screen.findByText("租户授权已过期,请联系管理员");
    expect(screen.queryByText("home page")).toBeNull();
  });
});
