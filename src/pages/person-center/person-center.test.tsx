import { File as NodeFile } from "node:buffer";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { App as AntdApp, ConfigProvider } from "antd";
import { HttpResponse } from "msw";
import { md5 } from "js-md5";
import { MemoryRouter, Route, Routes } from "react-router";
import { authProvider } from "../../providers/auth";
import { browser } from "../../components/browser";
import { setNotifier } from "../../providers/http";
import { getAccessToken, getUserInfo } from "../../providers/auth/session";
import { resetStorage } from "../../providers/testing/fixtures";
import { capture, currentLocation, LocationProbe, signIn, startTestApi, type Captured, type TestApi } from "../../testing/harness";
import { file } from "../../../server/db/schema";
import { nextId } from "../../../server/db/ids";
import { FILE_LINK_PREFIX } from "../../../server/kit/file-link";
import PersonCenterPage from "./PersonCenterPage";

const ME = { account: "me", password: "Old-pass1" };
/** A user whose avatar is an address on another origin. */
const CDN = { account: "cdnuser", password: "Cdn-pass1" };
let api: TestApi;
let token: string;
/** The link of ME's avatar (a file on the server). */
let avatarLink: string;
let fileFetches: Captured[] = [];

/** `size` bytes that start as a PNG does (the server checks an image's signature). */
const png = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set([137, 80, 78, 71, 13, 10, 26, 10]);
  return bytes;
};

/** A PNG stored on the server in tenant 000000, as an upload would store it; answers its link. */
async function storedImage(originalName: string): Promise<string> {
  const id = nextId();
  // A plain Uint8Array: PGlite under jsdom refuses a Buffer (the column's declared type) as bytea.
  const data = png(64) as unknown as Buffer;
  await api.db.insert(file).values({ id, tenantId: "000000", name: `000000/${id}.png`, originalName, extension: "png", contentType: "image/png", size: data.length, data });
  return `${FILE_LINK_PREFIX}${id}`;
}

async function updateInfo(who: { account: string; password: string }, json: Record<string, string>) {
  const t = (await api.login(who.account, who.password)).access_token;
  const res = await api.request("/api/blade-user/update-info", { token: t, json });
  expect(res.status).toBe(200);
}

/** ME's session, signed in once for the file; each test starts from it. */
let session: [string, string][] = [];
const originalObjectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

beforeAll(async () => {
  api = await startTestApi();
  await api.createUser({ ...ME, realName: "李雷", phone: "13800138000", email: "me@example.com" });
  await api.createUser({ ...CDN, realName: "韩梅梅" });
  avatarLink = await storedImage("old.png");
  await updateInfo(ME, { avatar: avatarLink, realName: "李雷", name: ME.account, phone: "13800138000", email: "me@example.com" });
  await updateInfo(CDN, { avatar: "https://cdn.example.com/a.png", realName: "韩梅梅", name: CDN.account });
  resetStorage();
  token = await signIn(api, ME);
  session = Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)!]);
  resetStorage();
});
afterAll(() => api.close());
beforeEach(() => {
  resetStorage();
  session.forEach(([k, v]) => localStorage.setItem(k, v));
  // As when another tab signs in: the in-memory user is read afresh from storage.
  window.dispatchEvent(new StorageEvent("storage", { key: null }));
  setNotifier({ error: () => {} });
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:avatar-${++n}`);
  URL.revokeObjectURL = vi.fn();
  fileFetches = capture(api.server, "/blade-resource/oss/endpoint/file/:id");
});
afterEach(() => {
  cleanup();
  api.server.resetHandlers();
  resetStorage();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  URL.createObjectURL = originalObjectUrls.create;
  URL.revokeObjectURL = originalObjectUrls.revoke;
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
    await waitFor(() => expect(screen.getByLabelText("姓名")).toHaveValue("李雷"));
    expect(screen.getByLabelText("手机号码")).toHaveValue("13800138000");
    await waitFor(() => expect(avatarImg()?.getAttribute("src")).toBe("blob:avatar-1"));
    expect(fileFetches.map((f) => ({ path: f.path, auth: f.headers.get("Blade-Auth") }))).toEqual([{ path: avatarLink, auth: `bearer ${token}` }]);
    expect(Object.keys(fileFetches[0].query)).toEqual([]);
    expect(fileFetches[0].path).not.toContain(token);
  });

  it("refuses a wrong type or an oversized avatar before any request", async () => {
    const uploads = capture(api.server, "/blade-resource/oss/endpoint/put-file");
    renderCentre();
    await waitFor(() => expect(screen.getByLabelText("姓名")).toHaveValue("李雷"));
    choose(new File(["GIF89a"], "cat.gif", { type: "image/gif" }));
    await screen.findByText("头像图片只能是 JPG/PNG 格式!");
    choose(new File([new Uint8Array(500 * 1024 + 1)], "big.png", { type: "image/png" }));
    await screen.findByText("头像图片大小不能超过 500kb!");
    expect(uploads).toHaveLength(0);
  });

  it("uploads a valid avatar as multipart and saves the profile through update-info", async () => {
    const uploads = capture(api.server, "/blade-resource/oss/endpoint/put-file");
    const saves = capture(api.server, "/blade-user/update-info");
    renderCentre();
    await waitFor(() => expect(screen.getByLabelText("姓名")).toHaveValue("李雷"));
    // jsdom's File has no stream(), so Node's fetch would send its content as "undefined": the
    // file, the File class the upload checks it against, and the form are Node's here, as a
    // browser's are real ones.
    const NodeFormData = (await new Request("http://x", { method: "POST", body: new URLSearchParams() }).formData()).constructor;
    vi.stubGlobal("FormData", NodeFormData);
    vi.stubGlobal("File", NodeFile);
    choose(new NodeFile([png(2048)], "me.png", { type: "image/png" }) as unknown as File);
    await screen.findByText("上传成功");
    expect(uploads).toHaveLength(1);
    expect(uploads[0].headers.get("Content-Type")).toMatch(/^multipart\/form-data; boundary=/);
    expect((uploads[0].body as FormData).has("file")).toBe(true);
    expect(uploads[0].headers.get("Blade-Auth")).toBe(`bearer ${token}`);
    // The new file, as the server stored it, is shown (fetched with the token).
    await waitFor(() => expect(fileFetches.map((f) => f.path).filter((p) => p !== avatarLink)).toHaveLength(1));
    const newLink = fileFetches.map((f) => f.path).find((p) => p !== avatarLink)!;
    const served = await api.request(newLink, { token });
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png(2048));

    fireEvent.change(screen.getByLabelText("姓名"), { target: { value: "新名字" } });
    fireEvent.click(screen.getByRole("button", { name: /^保\s?存$/ }));
    await screen.findByText("修改成功");
    expect(saves[0].body).toEqual({ avatar: newLink, realName: "新名字", name: ME.account, phone: "13800138000", email: "me@example.com" });
    expect(getUserInfo()?.real_name).toBe("新名字");
    const stored = await (await api.request("/api/blade-user/info", { token })).json();
    expect(stored.data).toMatchObject({ avatar: newLink, realName: "新名字" });
    await updateInfo(ME, { avatar: avatarLink, realName: "李雷", name: ME.account, phone: "13800138000", email: "me@example.com" });
  });

  it("shows an avatar from another origin directly, without sending the token there", async () => {
    await signIn(api, CDN);
    renderCentre();
    await waitFor(() => expect(avatarImg()?.getAttribute("src")).toBe("https://cdn.example.com/a.png"));
    expect(fileFetches).toHaveLength(0);
  });

  it("does not offer to save a profile that failed to load", async () => {
    const saves = capture(api.server, "/blade-user/update-info");
    // The server failing cannot be asked of the real one: this answer is stubbed.
    capture(api.server, "/blade-user/info", () => HttpResponse.json({ code: 500, success: false, msg: "服务异常" }, { status: 500 }));
    renderCentre();
    await screen.findByText("个人信息加载失败");
    expect(screen.getByRole("button", { name: /^保\s?存$/ })).toBeDisabled();
    expect(saves).toHaveLength(0);
  });
});

describe("third-party binding", () => {
  it("asks the server for the binding address and leaves for it", async () => {
    const assign = vi.spyOn(browser, "assign").mockImplementation(() => {});
    const binds = capture(api.server, "/blade-auth/oauth/bind/oauth2");
    renderCentre();
    fireEvent.click(await screen.findByRole("button", { name: /绑定 OAuth2$/ }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    // The simulated provider's authorise address, with the state the server signed for this binding.
    const url = new URL(assign.mock.calls[0][0] as string);
    expect(url.origin).toBe(api.oauth!.origin);
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(binds[0].headers.get("Blade-Auth")).toBe(`bearer ${token}`);
  });
});

describe("change password", () => {
  it("requires matching passwords, sends only the old one as md5, then signs out to /login", async () => {
    const changes = capture(api.server, "/blade-user/update-password");
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
    await expect(api.login(ME.account, "New-pass2")).resolves.toBeTruthy();
  });
});
