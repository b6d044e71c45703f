/**
 * Sign-in with an expired password (password policy): the token endpoint answers password_expired,
 * the change dialog opens before anything else, checks the new password with the policy's words,
 * changes it, and sign-in goes on with the new one.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http as mock, HttpResponse } from "msw";
import { md5 } from "js-md5";
import { Route } from "react-router";
import { website } from "../../config/website";
import { setNotifier } from "../../providers/http";
import { createTestServer, ok, resetStorage, tokenResponse } from "../../providers/testing/fixtures";
import { DEFAULT_PASSWORD_POLICY, PASSWORD_EXPIRED, policyMessages, rulesOfPolicy } from "../../../domain/validation/password-policy";
import { capture, okReply, renderConsole } from "../../testing/harness";
import { resetTenantLookup } from "./useTenant";
import LoginPage from "./LoginPage";

const server = createTestServer();
const settings = website as unknown as { captchaMode: boolean };
let captchaMode = true;

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());
beforeEach(() => {
  resetStorage();
  resetTenantLookup();
  setNotifier({ error: () => {} });
  captchaMode = settings.captchaMode;
  settings.captchaMode = false;
  server.use(
    mock.get("/api/blade-auth/oauth/captcha", () => HttpResponse.json({ key: "cap-key", image: "data:image/png;base64,AA==" })),
    mock.get("/api/blade-system/menu/routes", () => HttpResponse.json(ok([]))),
    mock.get("/api/blade-system/menu/buttons", () => HttpResponse.json(ok([]))),
    mock.get("/api/blade-system/sysConfig/thirdLoginSources", () => HttpResponse.json(ok([]))),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  settings.captchaMode = captchaMode;
});

describe("an expired password at sign-in", () => {
  it("opens the change dialog, refuses what the policy refuses, changes it and signs in with the new one", async () => {
    const grants = capture(server, "/blade-auth/oauth/token", ({ query }) =>
      query.password === md5("Old-passw0rd")
        ? HttpResponse.json({ error: PASSWORD_EXPIRED, error_description: "密码已过期,请修改密码后再登录" }, { status: 400 })
        : HttpResponse.json(tokenResponse()),
    );
    const changes = capture(server, "/blade-system/sysConfig/updateExpiredPassword", () => okReply(null));
    // The tenant's policy as the server answers it: 10–32 characters, not weak.
    const asked = capture(server, "/blade-system/sysConfig/getPasswordRegex", () => HttpResponse.json(ok(rulesOfPolicy({ ...DEFAULT_PASSWORD_POLICY, minLength: 10 }))));
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
    capture(server, "/blade-auth/oauth/token", () =>
      HttpResponse.json({ error: PASSWORD_EXPIRED, error_description: policyMessages.mustChange() }, { status: 400 }),
    );
    capture(server, "/blade-system/sysConfig/getPasswordRegex", () => HttpResponse.json(ok(rulesOfPolicy(DEFAULT_PASSWORD_POLICY))));
    renderConsole(<LoginPage />, { path: "/login", pattern: "/login" });
    const pane = within(screen.getByTestId("login-method"));
    fireEvent.change(pane.getByRole("textbox", { name: "账号" }), { target: { value: "zhang" } });
    fireEvent.change(pane.getByLabelText("密码"), { target: { value: "Given-passw0rd" } });
    fireEvent.click(pane.getByRole("button", { name: /^登\s?录$/ }));
    const dialog = within(await screen.findByRole("dialog", { name: "请修改密码" }));
    expect(dialog.getByText("管理员重置了您的密码,并要求您在登录前设置新密码。")).toBeInTheDocument();
  });
});
