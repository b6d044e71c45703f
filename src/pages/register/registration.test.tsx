import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { Route } from "react-router";
import type { TokenResponse } from "../../../domain/contract";
import { website } from "../../config/website";
import { setNotifier } from "../../providers/http";
import { getAccessToken, saveTokens } from "../../providers/auth/session";
import { resetStorage } from "../../providers/testing/fixtures";
import { capture, currentLocation, renderConsole, startTestApi, type Captured, type TestApi } from "../../testing/harness";
import { resetTenantLookup } from "../login/useTenant";
import { RegistrationDialog } from "./RegistrationDialog";

const settings = website as unknown as { tenantMode: boolean };
const toast = vi.fn();
let api: TestApi;
let guest: TokenResponse;
let logouts: Captured[];
let seq = 7000;

/** A guest session: an identity of the simulated provider no account is bound to, signed in through it. */
async function guestSession(): Promise<TokenResponse> {
  const render = await (await api.request("/api/blade-auth/oauth/render/oauth2", { headers: { "Tenant-Id": "000000" } })).json();
  const back = api.oauth!.approve(render.data.url, { id: seq, login: `guest${seq++}` });
  const res = await api.tokenRequest({ grant_type: "social", source: "oauth2", code: back.code, state: back.state, tenantId: "000000" }, { "Tenant-Id": "000000" });
  expect(res.status).toBe(200);
  return res.json();
}

beforeAll(async () => {
  api = await startTestApi();
  await api.createUser({ account: "taken", password: "Taken-passw0rd" });
});
afterAll(() => api.close());
beforeEach(async () => {
  resetStorage();
  resetTenantLookup();
  toast.mockReset();
  setNotifier({ error: toast });
  guest = await guestSession();
  expect(guest.oauth_id).toBeTruthy();
  saveTokens(guest);
  logouts = capture(api.server, "/blade-auth/oauth/logout");
});
afterEach(() => {
  cleanup();
  api.server.resetHandlers();
  resetStorage();
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
    const sent = capture(api.server, "/blade-user/register-guest");
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
    const sent = capture(api.server, "/blade-user/register-guest");
    const d = open();
    expect(d.queryByLabelText("租户编号")).toBeNull();
    fill(d, "用户姓名", "新用户");
    fill(d, "账号名称", "newbie");
    fill(d, "密码", "Secret-1");
    fill(d, "确认密码", "Secret-1");
    fireEvent.click(submitButton(d));
    await screen.findByText("注册提示");
    expect(screen.getByText("注册申请已提交,请耐心等待管理员通过!")).toBeInTheDocument();
    expect(sent[0].body).toEqual({ tenantId: "000000", name: "新用户", account: "newbie", password: "Secret-1", oauthId: guest.oauth_id });
    await screen.findByText("login page");
    expect(currentLocation()).toBe("/login");
    expect(logouts).toHaveLength(1);
    expect(getAccessToken()).toBeNull();
  });

  /** Submits a valid form; with `answer`, a stub answers in place of the server. */
  async function submitValid(account: string, answer?: () => Response) {
    capture(api.server, "/blade-user/register-guest", answer);
    const d = open();
    fill(d, "账号名称", account);
    fill(d, "密码", "Secret-1");
    fill(d, "确认密码", "Secret-1");
    fireEvent.click(submitButton(d));
    return d;
  }

  it("shows the server's msg on failure and stays signed in to retry", async () => {
    // The account exists on the server: it refuses in its own words.
    await submitValid("taken");
    await screen.findByText("当前账号已被使用!");
    expect(toast).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: "账号注册" })).toBeInTheDocument();
    expect(logouts).toHaveLength(0);
  });

  it("shows 提交失败 when the failure carries no msg", async () => {
    // A failure without msg (a gateway's bare 500): the real server always says why, so it is stubbed.
    await submitValid("newbie2", () => HttpResponse.json({ code: 500, success: false, data: null }, { status: 500 }));
    await screen.findByText("提交失败");
  });

  it("logs a network failure and clears the loading state", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    // The network failing cannot be asked of the real server: stubbed.
    const d = await submitValid("newbie3", () => HttpResponse.error());
    await waitFor(() => expect(logged).toHaveBeenCalledWith("registration request failed", expect.anything()));
    await waitFor(() => expect(submitButton(d)).not.toHaveClass("ant-btn-loading"));
    expect(submitButton(d)).toBeEnabled();
    expect(screen.queryByText("提交失败")).toBeNull();
    expect(logouts).toHaveLength(0);
  });
});
