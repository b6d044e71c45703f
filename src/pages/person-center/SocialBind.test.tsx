/**
 * 第三方账号绑定 in the personal centre, against the real server through MSW: only the providers
 * the user's tenant has configured are offered, and the build's list only when the server cannot
 * say (a BladeX gateway without the call).
 */
import { cleanup, configure, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { App as AntdApp, ConfigProvider } from "antd";
import { http as mock, HttpResponse } from "msw";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { browser } from "../../components/browser";
import { signIn, startTestApi, type TestApi } from "../../testing/harness";
import { resetStorage } from "../../providers/testing/fixtures";
import { thirdLoginSpec } from "../../../domain/resources/system/thirdPartyLogin/spec";
import { SocialBind } from "./SocialBind";

configure({ asyncUtilTimeout: 20_000 });

let api: TestApi;
let token: string;
/** Answers of thirdLoginSources so far: the page has heard from the server once this grows. */
let answered = 0;
beforeAll(async () => {
  // No provider in the environment: the install of an operator who has configured none.
  api = await startTestApi([], { oauth: false });
  api.server.events.on("response:mocked", ({ request }) => void (request.url.includes("thirdLoginSources") && answered++));
});
afterAll(() => api.close());
beforeEach(async () => {
  answered = 0;
  token = await signIn(api);
});
afterEach(() => {
  cleanup();
  resetStorage();
  api.server.resetHandlers();
  vi.restoreAllMocks();
});

const renderBind = () =>
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <AntdApp>
        <SocialBind />
      </AntdApp>
    </ConfigProvider>,
  );

describe("personal centre → third-party binding", () => {
  it("offers nothing to bind when no provider is configured", async () => {
    renderBind();
    await waitFor(() => expect(answered).toBeGreaterThan(0));
    expect(screen.queryByRole("button", { name: /绑定/ })).toBeNull();
    expect(screen.queryByText("第三方账号")).toBeNull();
  });

  it("offers a provider enabled in 三方登录 under its configured name, and binding leads to its page", async () => {
    const res = await api.request(`/api${thirdLoginSpec.api}/submit`, {
      token,
      json: {
        source: "corp",
        name: "企业统一认证",
        clientId: "console",
        clientSecret: "s3cret-value",
        redirectUri: "http://localhost:3000/oauth/callback/corp",
        authorizeUrl: "https://sso.example.com/authorize",
        tokenUrl: "https://sso.example.com/token",
        userInfoUrl: "https://sso.example.com/userinfo",
      },
    });
    expect(((await res.json()) as { msg: string }).msg).toBe("操作成功");
    const assign = vi.spyOn(browser, "assign").mockImplementation(() => {});
    const user = userEvent.setup();
    renderBind();
    await user.click(await screen.findByRole("button", { name: /绑定 企业统一认证$/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^https:\/\/sso\.example\.com\/authorize\?/)));
    expect(screen.queryByRole("button", { name: /绑定 OAuth2/ })).toBeNull();
  });

  it("keeps the build's list (VITE_SOCIAL_SOURCES) when the server has no such call", async () => {
    // A stub: a real BladeX gateway without this call answers 404; the reference server has the call.
    api.server.use(mock.get("*/blade-system/sysConfig/thirdLoginSources", () => HttpResponse.json({ code: 404, success: false, msg: "Not Found" }, { status: 404 })));
    renderBind();
    expect(await screen.findByRole("button", { name: /绑定 OAuth2$/ })).toBeInTheDocument();
  });
});
