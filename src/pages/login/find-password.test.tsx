import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { md5 } from "js-md5";
import { resetStorage } from "../../providers/testing/fixtures";
import { capture, renderConsole, startTestApi, type TestApi } from "../../testing/harness";
import { resetTenantLookup } from "./useTenant";
import { DEFAULT_PASSWORD_POLICY } from "../../../domain/validation/password-policy";
import LoginPage from "./LoginPage";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
  const admin = (await api.loginAdmin()).access_token;
  // The platform's password policy: 8–32 characters, not weak.
  const saved = await api.request("/api/blade-system/sysConfig/passwordAddUpdate", { token: admin, json: { ...DEFAULT_PASSWORD_POLICY, minLength: 8 } });
  expect(saved.status).toBe(200);
  await api.createUser({ account: "byphone", password: "Old-passw0rd", phone: "13900139000" });
  await api.createUser({ account: "bymail", password: "Old-passw0rd", email: "someone@example.com" });
});
afterAll(() => api.close());
beforeEach(() => {
  resetStorage();
  resetTenantLookup();
});
afterEach(() => {
  cleanup();
  api.server.resetHandlers();
  resetStorage();
});

// The dialog's code loads on the click.
async function openDialog() {
  renderConsole(<LoginPage />, { path: "/login", pattern: "/login" });
  fireEvent.click(screen.getByRole("button", { name: "忘记密码？" }));
  return within(await screen.findByRole("dialog", {}, { timeout: 5000 }));
}
const fill = (d: ReturnType<typeof within>, label: string, value: string) => fireEvent.change(d.getByLabelText(label), { target: { value } });

describe("find password", () => {
  it("sends a phone code, requires matching passwords and sends both as md5 digests (the new one also as typed)", async () => {
    const codes = capture(api.server, "/blade-auth/oauth/smsCodeNew");
    const resets = capture(api.server, "/blade-user/find-password");
    const d = await openDialog();
    expect(screen.getByText("找回密码")).toBeInTheDocument();
    fill(d, "手机号码", "13900139000");
    fireEvent.click(d.getByRole("button", { name: "获取验证码" }));
    await d.findByRole("button", { name: "60秒后重新获取" });
    expect(codes[0].query).toEqual({ phone: "13900139000" });

    const code = api.lastCodeSent("13900139000");
    expect(code).toBeTruthy();
    fill(d, "验证码", code!);
    fill(d, "新密码", "N3w-s");
    fill(d, "确认密码", "N3w-s");
    fireEvent.click(d.getByRole("button", { name: "重置密码" }));
    expect(await d.findByText("密码长度在8到32个字符")).toBeInTheDocument();
    expect(resets).toHaveLength(0);
    fill(d, "新密码", "N3w-secret");
    fill(d, "确认密码", "N3w-secreT");
    fireEvent.click(d.getByRole("button", { name: "重置密码" }));
    expect(await d.findByText("两次密码输入不一致")).toBeInTheDocument();
    expect(resets).toHaveLength(0);

    fill(d, "确认密码", "N3w-secret");
    fireEvent.click(d.getByRole("button", { name: "重置密码" }));
    await screen.findByText("密码重置成功，请使用新密码登录");
    expect(resets).toHaveLength(1);
    // The digests of §5, and the new password as typed (newPassword) for the server's password policy;
    // the code's id is the one the server answered (it accepted the pair).
    expect(resets[0].body).toEqual({
      phone: "13900139000",
      codeId: expect.stringMatching(/.+/),
      code,
      password: md5("N3w-secret"),
      confirmPassword: md5("N3w-secret"),
      newPassword: "N3w-secret",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await expect(api.login("byphone", "N3w-secret")).resolves.toBeTruthy();
  });

  it("uses the mail code for an email address and shows the server's refusal", async () => {
    const codes = capture(api.server, "/blade-auth/oauth/sendMailCode");
    const resets = capture(api.server, "/blade-user/find-password");
    const d = await openDialog();
    fireEvent.click(d.getByText("邮箱找回"));
    fill(d, "电子邮箱", "not-an-email");
    fireEvent.click(d.getByRole("button", { name: "获取验证码" }));
    expect(await d.findByText("格式不正确")).toBeInTheDocument();
    expect(codes).toHaveLength(0);

    fill(d, "电子邮箱", "someone@example.com");
    fireEvent.click(d.getByRole("button", { name: "获取验证码" }));
    await d.findByRole("button", { name: "60秒后重新获取" });
    expect(codes[0].query).toEqual({ email: "someone@example.com" });
    const sent = api.lastCodeSent("someone@example.com");
    expect(sent).toBeTruthy();
    // Not the code the mail carried: the server refuses it.
    const wrong = sent === "9988" ? "8899" : "9988";
    fill(d, "验证码", wrong);
    fill(d, "新密码", "Ma1l-Secret");
    fill(d, "确认密码", "Ma1l-Secret");
    fireEvent.click(d.getByRole("button", { name: "重置密码" }));
    expect(await screen.findByText("验证码不正确")).toBeInTheDocument();
    expect(resets[0].body).toMatchObject({ email: "someone@example.com", codeId: expect.stringMatching(/.+/), code: wrong, password: md5("Ma1l-Secret") });
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    await expect(api.login("bymail", "Old-passw0rd")).resolves.toBeTruthy();
  });
});
