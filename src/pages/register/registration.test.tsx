import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http as mock, HttpResponse } from "msw";
import { Route } from "react-router";
import { website } from "../../config/website";
import { setNotifier } from "../../providers/http";
import { getAccessToken, saveTokens } from "../../providers/auth/session";
import { createTestServer, ok, resetStorage, tokenResponse } from "../../providers/testing/fixtures";
import { capture, okReply, currentLocation, renderConsole } from "../../testing/harness";
import { resetTenantLookup } from "../login/useTenant";
import { RegistrationDialog } from "./RegistrationDialog";

const server = createTestServer();
const settings = website as unknown as { tenantMode: boolean };
const toast = vi.fn();
let logouts = 0;

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());
beforeEach(() => {
  resetStorage();
  resetTenantLookup();
  toast.mockReset();
  logouts = 0;
  setNotifier({ error: toast });
  saveTokens(tokenResponse({ user_id: "-1", oauth_id: "oauth-42", access_token: "guest-token" }));
  server.use(mock.get("/api/blade-auth/oauth/logout", () => (logouts++, HttpResponse.json({ success: "true", msg: "success" }))));
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  vi.restoreAllMocks();
  settings.tenantMode = false;
});

function open() {
  renderConsole(<RegistrationDialog />, { path: "/oauth/callback/github", pattern: "/oauth/callback/:source", routes: <Route path="/login" element={<p>login page</p>} /> });
  return within(screen.getByRole("dialog", { name: "账号注册" }));
}
const fill = (d: ReturnType<typeof within>, label: string, value: string) => fireEvent.change(d.getByLabelText(label), { target: { value } });
const submitButton = (d: ReturnType<typeof within>) => d.getByRole("button", { name: /^提\s?交$/ });

describe("registration dialog", () => {
  it("runs the four checks of §5 in order, each a warning that stops the submission", async () => {
    settings.tenantMode = true;
    capture(server, "/blade-system/tenant/info", () => HttpResponse.json(ok({})));
    const sent = capture(server, "/blade-user/register-guest", () => okReply(null));
    const d = open();
    const tenant = await d.findByLabelText("租户编号");
    fill(d, "租户编号", "");
    const steps: [() => void, string][] = [
      [() => {}, "请先输入租户编号"],
      [() => fireEvent.change(tenant, { target: { value: "000000" } }), "请先输入账号名称"],
      [() => fill(d, "账号名称", "newbie"), "请先输入密码"],
      [() => fill(d, "密码", "Secret-1"), "请先输入密码"],
      [() => fill(d, "确认密码", "Secret-2"), "两次密码输入不一致"],
    ];
    for (const [act, warning] of steps) {
      const before = screen.queryAllByText(warning).length;
      act();
      fireEvent.click(submitButton(d));
      await waitFor(() => expect(screen.queryAllByText(warning).length).toBe(before + 1));
    }
    expect(sent).toHaveLength(0);
  });

  it("submits with the session's oauth_id, shows the notice, signs out and goes to /login", async () => {
    const sent = capture(server, "/blade-user/register-guest", () => HttpResponse.json(ok(null)));
    const d = open();
    expect(d.queryByLabelText("租户编号")).toBeNull();
    fill(d, "用户姓名", "新用户");
    fill(d, "账号名称", "newbie");
    fill(d, "密码", "Secret-1");
    fill(d, "确认密码", "Secret-1");
    fireEvent.click(submitButton(d));
    await screen.findByText("注册提示");
    expect(screen.getByText("注册申请已提交,请耐心等待管理员通过!")).toBeInTheDocument();
    expect(sent[0].body).toEqual({ tenantId: "000000", name: "新用户", account: "newbie", password: "Secret-1", oauthId: "oauth-42" });
    await screen.findByText("login page");
    expect(currentLocation()).toBe("/login");
    expect(logouts).toBe(1);
    expect(getAccessToken()).toBeNull();
  });

  async function submitValid(answer: () => Response) {
    capture(server, "/blade-user/register-guest", answer);
    const d = open();
    fill(d, "账号名称", "newbie");
    fill(d, "密码", "Secret-1");
    fill(d, "确认密码", "Secret-1");
    fireEvent.click(submitButton(d));
    return d;
  }

  it("shows the server's msg on failure and stays signed in to retry", async () => {
    await submitValid(() => HttpResponse.json({ code: 400, success: false, data: null, msg: "当前账号已被使用!" }, { status: 400 }));
    await screen.findByText("当前账号已被使用!");
    expect(toast).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: "账号注册" })).toBeInTheDocument();
    expect(logouts).toBe(0);
  });

  it("shows 提交失败 when the failure carries no msg", async () => {
    await submitValid(() => HttpResponse.json({ code: 500, success: false, data: null }, { status: 500 }));
    await screen.findByText("提交失败");
  });

  it("logs a network failure and clears the loading state", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const d = await submitValid(() => HttpResponse.error());
    await waitFor(() => expect(logged).toHaveBeenCalledWith("registration request failed", expect.anything()));
    await waitFor(() => expect(submitButton(d)).not.toHaveClass("ant-btn-loading"));
    expect(submitButton(d)).toBeEnabled();
    expect(screen.queryByText("提交失败")).toBeNull();
    expect(logouts).toBe(0);
  });
});
