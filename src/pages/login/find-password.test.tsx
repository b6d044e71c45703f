import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http as mock, HttpResponse } from "msw";
import { md5 } from "js-md5";
import { createTestServer, ok, resetStorage } from "../../providers/testing/fixtures";
import { capture, renderConsole } from "../../testing/harness";
import { resetTenantLookup } from "./useTenant";
import { DEFAULT_PASSWORD_POLICY, rulesOfPolicy } from "../../../domain/validation/password-policy";
import LoginPage from "./LoginPage";

const server = createTestServer();

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());
beforeEach(() => {
  resetStorage();
  resetTenantLookup();
  server.use(mock.get("/api/blade-auth/oauth/captcha", () => HttpResponse.json({ key: "k", image: "data:image/png;base64,AA==" })));
  // The tenant's password policy as the server answers it: 8–32 characters, not weak.
  server.use(mock.get("/api/blade-system/sysConfig/getPasswordRegex", () => HttpResponse.json(ok(rulesOfPolicy({ ...DEFAULT_PASSWORD_POLICY, minLength: 8 })))));
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
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
    const codes = capture(server, "/blade-auth/oauth/smsCodeNew", () => HttpResponse.json(ok({ id: "find-1" })));
    const resets = capture(server, "/blade-user/find-password", () => HttpResponse.json(ok(null)));
    const d = await openDialog();
    expect(screen.getByText("找回密码")).toBeInTheDocument();
    fill(d, "手机号码", "13900139000");
    fireEvent.click(d.getByRole("button", { name: "获取验证码" }));
    await d.findByRole("button", { name: "60秒后重新获取" });
    expect(codes[0].query).toEqual({ phone: "13900139000" });

    fill(d, "验证码", "112233");
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
    // The digests of §5, and the new password as typed (newPassword) for the server's password policy.
    expect(resets[0].body).toEqual({
      phone: "13900139000",
      codeId: "find-1",
      code: "112233",
      password: md5("N3w-secret"),
      confirmPassword: md5("N3w-secret"),
      newPassword: "N3w-secret",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("uses the mail code for an email address and shows the server's refusal", async () => {
    const codes = capture(server, "/blade-auth/oauth/sendMailCode", () => HttpResponse.json(ok({ id: "mail-1" })));
    const resets = capture(server, "/blade-user/find-password", () => HttpResponse.json({ code: 400, success: false, data: null, msg: "验证码已过期" }, { status: 400 }));
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
    fill(d, "验证码", "9988");
    fill(d, "新密码", "Ma1l-Secret");
    fill(d, "确认密码", "Ma1l-Secret");
    fireEvent.click(d.getByRole("button", { name: "重置密码" }));
    expect(await screen.findByText("验证码已过期")).toBeInTheDocument();
    expect(resets[0].body).toMatchObject({ email: "someone@example.com", codeId: "mail-1", password: md5("Ma1l-Secret") });
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });
});
