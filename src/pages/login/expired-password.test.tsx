/**
 * Sign-in with an expired password (password policy): the token endpoint answers password_expired,
 * the change dialog opens before anything else, checks the new password with the policy's words,
 * changes it, and sign-in goes on with the new one.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { md5 } from "js-md5";
import { Route } from "react-router";
import { website } from "../../config/website";
import { setNotifier } from "../../providers/http";
import { resetStorage } from "../../providers/testing/fixtures";
import { DEFAULT_PASSWORD_POLICY } from "../../../domain/validation/password-policy";
import { capture, renderConsole, startTestApi, type TestApi } from "../../testing/harness";
import { resetTenantLookup } from "./useTenant";
import LoginPage from "./LoginPage";

const settings = website as unknown as { captchaMode: boolean };
let captchaMode = true;
let api: TestApi;
/** The password the administrator's reset gave 李四, marked "change at next sign-in". */
let givenPassword: string;

beforeAll(async () => {
  api = await startTestApi();
  const admin = (await api.loginAdmin()).access_token;
  // The platform's policy: 10–32 characters, not weak, a password lasts 30 days.
  const saved = await api.request("/api/blade-system/sysConfig/passwordAddUpdate", { token: admin, json: { ...DEFAULT_PASSWORD_POLICY, minLength: 10, expireDays: 30 } });
  expect(saved.status).toBe(200);
  await api.createUser({ account: "zhang", password: "Old-passw0rd", realName: "张三" });
  const li = await api.createUser({ account: "li", password: "Li-passw0rd-1", realName: "李四" });
  const reset = await api.request("/api/blade-user/resetPwd", { method: "POST", token: admin, query: { ids: li.id }, json: { generate: true, mustChange: true } });
  givenPassword = ((await reset.json()) as { data: { password: string } }).data.password;
  // A month later: 张三's password has expired.
  api.advanceTime(31 * 24 * 3600_000);
});
afterAll(() => api.close());
beforeEach(() => {
  resetStorage();
  resetTenantLookup();
  setNotifier({ error: () => {} });
  captchaMode = settings.captchaMode;
  settings.captchaMode = false;
});
afterEach(() => {
  cleanup();
  api.server.resetHandlers();
  resetStorage();
  settings.captchaMode = captchaMode;
});

describe("an expired password at sign-in", () => {
  it("opens the change dialog, refuses what the policy refuses, changes it and signs in with the new one", async () => {
    const grants = capture(api.server, "/blade-auth/oauth/token");
    const changes = capture(api.server, "/blade-system/sysConfig/updateExpiredPassword");
    const asked = capture(api.server, "/blade-system/sysConfig/getPasswordRegex");
    renderConsole(<LoginPage />, { path: "/login", pattern: "/login", routes: <Route path="/workbench/index" element={<p>home page</p>} /> });
    const pane = within(screen.getByTestId("login-method"));
    fireEvent.change(pane.getByRole("textbox", { name: "账号" }), { target: { value: "zhang" } });
    fireEvent.change(pane.getByLabelText("密码"), { target: { value: "Old-passw0rd" } });
    fireEvent.click(pane.getByRole("button", { name: /^登\s?录$/ }));

    const dialog = within(await screen.findByRole("dialog", { name: "密码已过期" }));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0].headers.get("Tenant-Id")).toBe("000000");
    fireEvent.change(dialog.getByLabelText("新密码"), { target: { value: "Short-1" } });
    fireEvent.change(dialog.getByLabelText("确认密码"), { target: { value: "Short-1" } });
    fireEvent.click(dialog.getByRole("button", { name: "修改并登录" }));
    expect(await dialog.findByText("密码长度在10到32个字符")).toBeInTheDocument();
    expect(changes).toHaveLength(0);

    fireEvent.change(dialog.getByLabelText("新密码"), { target: { value: "New-passw0rd" } });
    fireEvent.change(dialog.getByLabelText("确认密码"), { target: { value: "New-passw0rd" } });
    fireEvent.click(dialog.getByRole("button", { name: "修改并登录" }));
    await screen.findByText("home page");
    expect(changes[0].body).toEqual({ account: "zhang", oldPassword: md5("Old-passw0rd"), newPassword: "New-passw0rd", newPassword1: "New-passw0rd" });
    expect(changes[0].headers.get("Tenant-Id")).toBe("000000");
    expect(grants.map((g) => g.query.password)).toEqual([md5("Old-passw0rd"), md5("New-passw0rd")]);
  });

  it("says an administrator asked for the change when the reset was marked 'change at next sign-in'", async () => {
    renderConsole(<LoginPage />, { path: "/login", pattern: "/login" });
    const pane = within(screen.getByTestId("login-method"));
    fireEvent.change(pane.getByRole("textbox", { name: "账号" }), { target: { value: "li" } });
    fireEvent.change(pane.getByLabelText("密码"), { target: { value: givenPassword } });
    fireEvent.click(pane.getByRole("button", { name: /^登\s?录$/ }));
    const dialog = within(await screen.findByRole("dialog", { name: "请修改密码" }));
    expect(dialog.getByText("管理员重置了您的密码,并要求您在登录前设置新密码。")).toBeInTheDocument();
  });
});
