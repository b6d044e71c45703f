import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { App as AntdApp, ConfigProvider } from "antd";
import { http as mock, HttpResponse } from "msw";
import { md5 } from "js-md5";
import { MemoryRouter, Route, Routes } from "react-router";
import { authProvider } from "../../providers/auth";
import { browser } from "../../components/browser";
import { setNotifier } from "../../providers/http";
import { getAccessToken, getUserInfo, saveTokens } from "../../providers/auth/session";
import { createTestServer, ok, resetStorage, tokenResponse } from "../../providers/testing/fixtures";
import { capture, okReply, currentLocation, LocationProbe } from "../../testing/harness";
import PersonCenterPage from "./PersonCenterPage";

const server = createTestServer();
const info = { id: "1", account: "admin", avatar: "/api/blade-resource/oss/file/old.png", realName: "管理员", name: "admin", phone: "13800138000", email: "admin@example.com" };
let fileFetches: { url: string; auth: string | null }[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());
beforeEach(() => {
  resetStorage();
  fileFetches = [];
  setNotifier({ error: () => {} });
  saveTokens(tokenResponse({ access_token: "me-token" }));
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:avatar-${++n}`);
  URL.revokeObjectURL = vi.fn();
  server.use(
    mock.get("/api/blade-user/info", () => HttpResponse.json(ok(info))),
    mock.get("/api/blade-resource/oss/file/:name", ({ request }) => {
      fileFetches.push({ url: request.url, auth: request.headers.get("Blade-Auth") });
      return new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { "Content-Type": "image/png" } });
    }),
    mock.get("/api/blade-auth/oauth/logout", () => HttpResponse.json({ success: "true" })),
    // The providers the user's tenant has: the binding offers these only.
    mock.get("/api/blade-system/sysConfig/thirdLoginSources", () => HttpResponse.json(ok([{ source: "oauth2", name: "" }]))),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  vi.restoreAllMocks();
});

function renderCentre() {
  return render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <AntdApp>
        <MemoryRouter initialEntries={["/personCenter/index"]}>
          <Refine authProvider={authProvider} routerProvider={routerProvider} options={{ disableTelemetry: true }}>
            <Routes>
              <Route path="/personCenter/index" element={<PersonCenterPage />} />
              <Route path="/login" element={<p>login page</p>} />
            </Routes>
            <LocationProbe />
          </Refine>
        </MemoryRouter>
      </AntdApp>
    </ConfigProvider>,
  );
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const avatarImg = () => screen.queryByAltText("头像") as HTMLImageElement | null;

describe("personal info", () => {
  it("loads the profile and shows the uploaded avatar through an authenticated fetch, never a token in the URL", async () => {
    renderCentre();
    await waitFor(() => expect(screen.getByLabelText("姓名")).toHaveValue("管理员"));
    expect(screen.getByLabelText("手机号码")).toHaveValue("13800138000");
    await waitFor(() => expect(avatarImg()?.getAttribute("src")).toBe("blob:avatar-1"));
    expect(fileFetches).toEqual([{ url: `${window.location.origin}/api/blade-resource/oss/file/old.png`, auth: "bearer me-token" }]);
    expect(fileFetches[0].url).not.toContain("me-token");
  });

  it("refuses a wrong type or an oversized avatar before any request", async () => {
    const uploads = capture(server, "/blade-resource/oss/endpoint/put-file", () => okReply(null));
    renderCentre();
    await waitFor(() => expect(screen.getByLabelText("姓名")).toHaveValue("管理员"));
    choose(new File(["GIF89a"], "cat.gif", { type: "image/gif" }));
    await screen.findByText("头像图片只能是 JPG/PNG 格式!");
    choose(new File([new Uint8Array(500 * 1024 + 1)], "big.png", { type: "image/png" }));
    await screen.findByText("头像图片大小不能超过 500kb!");
    expect(uploads).toHaveLength(0);
  });

  it("uploads a valid avatar as multipart and saves the profile through update-info", async () => {
    const uploads = capture(server, "/blade-resource/oss/endpoint/put-file", () =>
      HttpResponse.json(ok({ link: "/api/blade-resource/oss/file/new.png", name: "new.png", originalName: "me.png" })),
    );
    const saves = capture(server, "/blade-user/update-info", () => HttpResponse.json(ok(null)));
    renderCentre();
    await waitFor(() => expect(screen.getByLabelText("姓名")).toHaveValue("管理员"));
    choose(new File([new Uint8Array(2048)], "me.png", { type: "image/png" }));
    await screen.findByText("上传成功");
    expect(uploads).toHaveLength(1);
    const form = uploads[0].body as FormData;
    // jsdom's File does not survive Node's fetch intact, so only the multipart shape is checked here.
    expect(uploads[0].headers.get("Content-Type")).toMatch(/^multipart\/form-data; boundary=/);
    expect(form.has("file")).toBe(true);
    expect(uploads[0].headers.get("Blade-Auth")).toBe("bearer me-token");
    await waitFor(() => expect(fileFetches.some((f) => f.url.endsWith("/new.png"))).toBe(true));

    fireEvent.change(screen.getByLabelText("姓名"), { target: { value: "新名字" } });
    fireEvent.click(screen.getByRole("button", { name: /^保\s?存$/ }));
    await screen.findByText("修改成功");
    expect(saves[0].body).toEqual({ avatar: "/api/blade-resource/oss/file/new.png", realName: "新名字", name: "admin", phone: "13800138000", email: "admin@example.com" });
    expect(getUserInfo()?.real_name).toBe("新名字");
  });

  it("shows an avatar from another origin directly, without sending the token there", async () => {
    server.use(mock.get("/api/blade-user/info", () => HttpResponse.json(ok({ ...info, avatar: "https://cdn.example.com/a.png" }))));
    renderCentre();
    await waitFor(() => expect(avatarImg()?.getAttribute("src")).toBe("https://cdn.example.com/a.png"));
    expect(fileFetches).toHaveLength(0);
  });

  it("does not offer to save a profile that failed to load", async () => {
    const saves = capture(server, "/blade-user/update-info", () => okReply(null));
    server.use(mock.get("/api/blade-user/info", () => HttpResponse.json({ code: 500, success: false, msg: "服务异常" }, { status: 500 })));
    renderCentre();
    await screen.findByText("个人信息加载失败");
    expect(screen.getByRole("button", { name: /^保\s?存$/ })).toBeDisabled();
    expect(saves).toHaveLength(0);
  });
});

describe("third-party binding", () => {
  it("asks the server for the binding address and leaves for it", async () => {
    const assign = vi.spyOn(browser, "assign").mockImplementation(() => {});
    const binds = capture(server, "/blade-auth/oauth/bind/oauth2", () => HttpResponse.json(ok({ url: "https://idp.example.com/authorize?bind=1" })));
    renderCentre();
    fireEvent.click(await screen.findByRole("button", { name: /绑定 OAuth2$/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://idp.example.com/authorize?bind=1"));
    expect(binds[0].headers.get("Blade-Auth")).toBe("bearer me-token");
  });
});

describe("change password", () => {
  it("requires matching passwords, sends only the old one as md5, then signs out to /login", async () => {
    const changes = capture(server, "/blade-user/update-password", () => HttpResponse.json(ok(null)));
    renderCentre();
    fireEvent.click(screen.getByRole("tab", { name: "修改密码" }));
    fireEvent.change(await screen.findByLabelText("原密码"), { target: { value: "Old-pass1" } });
    fireEvent.change(screen.getByLabelText("新密码"), { target: { value: "New-pass2" } });
    fireEvent.change(screen.getByLabelText("确认密码"), { target: { value: "New-pass3" } });
    const save = screen.getAllByRole("button", { name: /^保\s?存$/ }).at(-1)!;
    fireEvent.click(save);
    await screen.findByText("两次密码输入不一致");
    expect(changes).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("确认密码"), { target: { value: "New-pass2" } });
    fireEvent.click(save);
    await screen.findByText("修改成功，请使用新密码重新登录");
    expect(changes[0].body).toEqual({ oldPassword: md5("Old-pass1"), newPassword: "New-pass2", newPassword1: "New-pass2" });
    await screen.findByText("login page");
    expect(currentLocation()).toBe("/login");
    expect(getAccessToken()).toBeNull();
  });
});
