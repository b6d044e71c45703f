import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { delay, http as mock, HttpResponse } from "msw";
import { website } from "../../config/website";
import { saveTokens } from "../auth/session";
import { setLanguage } from "../i18n";
import { createTestServer, ok, resetStorage, tokenResponse } from "../testing/fixtures";
import { http, HttpError, setNotifier, setUnauthorizedHandler } from "./index";

const server = createTestServer();
const toast = vi.fn();
const BASIC = `Basic ${btoa("saber:saber_secret")}`;

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());
beforeEach(() => {
  resetStorage();
  toast.mockReset();
  setNotifier({ error: toast });
  setUnauthorizedHandler(vi.fn());
});
afterEach(() => {
  server.resetHandlers();
  website.statusWhiteList.length = 0;
});

/** Captures the headers of the last request to /api/echo. */
function echo() {
  const seen: Headers[] = [];
  server.use(
    mock.all("/api/echo", ({ request }) => {
      seen.push(request.headers);
      return HttpResponse.json(ok(null));
    }),
  );
  return seen;
}

describe("headers", () => {
  it("sends the Basic client header on every request, with or without a token", async () => {
    const seen = echo();
    server.use(mock.post("/api/blade-auth/oauth/token", ({ request }) => HttpResponse.json({ basic: request.headers.get("authorization") })));
    await http.get("/echo");
    saveTokens(tokenResponse());
    await http.post("/echo", { a: 1 });
    await http.get("/echo", { meta: { isToken: false } });
    const token = await http.post<{ basic: string }>("/blade-auth/oauth/token");
    expect(seen.map((h) => h.get("Authorization"))).toEqual([BASIC, BASIC, BASIC]);
    expect(token.basic).toBe(BASIC);
  });

  it("adds Blade-Auth: bearer only when a token exists and isToken is not false", async () => {
    const seen = echo();
    await http.get("/echo");
    saveTokens(tokenResponse({ access_token: "tok-9" }));
    await http.get("/echo");
    await http.get("/echo", { meta: { isToken: false } });
    expect(seen.map((h) => h.get("Blade-Auth"))).toEqual([null, "bearer tok-9", null]);
  });

  it("passes caller headers such as Tenant-Id and drops empty ones", async () => {
    const seen = echo();
    await http.get("/echo", { headers: { "Tenant-Id": "000000", "Dept-Id": "" } });
    expect(seen[0].get("Tenant-Id")).toBe("000000");
    expect(seen[0].has("Dept-Id")).toBe(false);
  });
});

describe("url, params and bodies", () => {
  it("prefixes /api and serialises params into the query string", async () => {
    let url = "";
    server.use(mock.get("/api/blade-user/page", ({ request }) => ((url = request.url), HttpResponse.json(ok(1)))));
    await http.get("/blade-user/page", { params: { current: 1, size: 10, a: undefined, b: null, ids: ["1", "2"], realName: "张 三" } });
    expect(new URL(url).search).toBe("?current=1&size=10&ids=1%2C2&realName=%E5%BC%A0%20%E4%B8%89");
  });

  it("sends JSON bodies by default", async () => {
    let got: { type: string | null; body: unknown } = { type: null, body: null };
    server.use(mock.post("/api/x", async ({ request }) => ((got = { type: request.headers.get("content-type"), body: await request.json() }), HttpResponse.json(ok(1)))));
    await http.post("/x", { name: "a", list: [1, 2] });
    expect(got.type).toMatch(/^application\/json/);
    expect(got.body).toEqual({ name: "a", list: [1, 2] });
  });

  it("meta.isSerialize sends an urlencoded form body", async () => {
    let got = { type: "", text: "" };
    server.use(mock.post("/api/form", async ({ request }) => ((got = { type: request.headers.get("content-type")!, text: await request.text() }), HttpResponse.json(ok(1)))));
    await http.post("/form", { account: "a b", roleIds: ["1", "2"], skip: undefined, n: 3 }, { meta: { isSerialize: true } });
    expect(got.type).toMatch(/^application\/x-www-form-urlencoded/);
    expect(got.text).toBe("account=a%20b&roleIds=1%2C2&n=3");
    expect(Object.fromEntries(new URLSearchParams(got.text))).toEqual({ account: "a b", roleIds: "1,2", n: "3" });
  });

  it("passes FormData through as multipart", async () => {
    let got = { type: "", name: "" };
    server.use(
      mock.post("/api/upload", async ({ request }) => {
        const fd = await request.formData();
        got = { type: request.headers.get("content-type")!, name: String(fd.get("name")) };
        return HttpResponse.json(ok(1));
      }),
    );
    const fd = new FormData();
    fd.append("name", "a.png");
    await http.post("/upload", fd);
    expect(got.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(got.name).toBe("a.png");
  });
});

describe("responses and errors", () => {
  it("resolves the R envelope of a success", async () => {
    server.use(mock.get("/api/ok", () => HttpResponse.json(ok({ id: "1" }))));
    await expect(http.get("/ok")).resolves.toEqual(ok({ id: "1" }));
    expect(toast).not.toHaveBeenCalled();
  });

  it("HTTP 200 with body code 400 toasts msg and rejects", async () => {
    server.use(mock.get("/api/f", () => HttpResponse.json({ code: 400, success: false, data: {}, msg: "账号已存在" })));
    const err = await http.get("/f").catch((e) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ code: 400, status: 200, msg: "账号已存在", message: "账号已存在", statusCode: 400 });
    expect(toast).toHaveBeenCalledExactlyOnceWith("账号已存在");
  });

  it("HTTP 400 with only error_description toasts error_description", async () => {
    server.use(mock.get("/api/f", () => HttpResponse.json({ error: "invalid_grant", error_description: "用户名或密码错误" }, { status: 400 })));
    await expect(http.get("/f")).rejects.toMatchObject({ code: 400, status: 400, message: "用户名或密码错误" });
    expect(toast).toHaveBeenCalledWith("用户名或密码错误");
  });

  it("a body without msg or error_description shows 未知错误 (and the en text in en)", async () => {
    server.use(mock.get("/api/f", () => HttpResponse.json({ code: 500 }, { status: 500 })));
    await expect(http.get("/f")).rejects.toThrow("未知错误");
    expect(toast).toHaveBeenLastCalledWith("未知错误");
    await setLanguage("en");
    try {
      await expect(http.get("/f")).rejects.toThrow("Unknown error");
    } finally {
      await setLanguage("zh");
    }
  });

  it("the token endpoint never toasts; the caller gets error_description", async () => {
    server.use(mock.post("/api/blade-auth/oauth/token", () => HttpResponse.json({ error: "invalid_grant", error_description: "验证码不正确" }, { status: 400 })));
    await expect(http.post("/blade-auth/oauth/token")).rejects.toMatchObject({ code: 400, message: "验证码不正确" });
    expect(toast).not.toHaveBeenCalled();
  });

  it("a white-listed code is rejected silently", async () => {
    website.statusWhiteList.push(418);
    server.use(mock.get("/api/f", () => HttpResponse.json({ code: 418, msg: "teapot" })));
    await expect(http.get("/f")).rejects.toMatchObject({ code: 418 });
    expect(toast).not.toHaveBeenCalled();
  });

  it("silent calls do not toast", async () => {
    server.use(mock.get("/api/f", () => HttpResponse.json({ code: 400, msg: "x" })));
    await expect(http.get("/f", { silent: true })).rejects.toMatchObject({ code: 400, message: "x" });
    expect(toast).not.toHaveBeenCalled();
  });

  it("a status above 500 is a failure whatever the body says", async () => {
    server.use(mock.get("/api/f", () => new HttpResponse("<html>bad gateway</html>", { status: 502 })));
    await expect(http.get("/f")).rejects.toMatchObject({ code: 502, status: 502, message: "未知错误" });
    expect(toast).toHaveBeenCalledWith("未知错误");
  });

  it("a 403 toasts and never logs out", async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    saveTokens(tokenResponse());
    server.use(mock.get("/api/f", () => HttpResponse.json({ code: 403, msg: "请求被拒绝" }, { status: 403 })));
    await expect(http.get("/f")).rejects.toMatchObject({ code: 403 });
    expect(toast).toHaveBeenCalledWith("请求被拒绝");
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem("blade-token")).not.toBeNull();
  });

  it("network errors reject with an HttpError and toast", async () => {
    server.use(mock.get("/api/f", () => HttpResponse.error()));
    const err = (await http.get("/f").catch((e) => e)) as HttpError;
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ kind: "network", code: 0, message: "网络错误" });
    expect(toast).toHaveBeenCalledWith("网络错误");
  });
});

describe("timeout and abort", () => {
  it("rejects with 网络请求超时 and toasts it", async () => {
    server.use(mock.get("/api/slow", async () => (await delay(2000), HttpResponse.json(ok(1)))));
    const started = Date.now();
    const err = await http.get("/slow", { timeout: 50 }).catch((e) => e);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ message: "网络请求超时", kind: "timeout" });
    expect(toast).toHaveBeenCalledExactlyOnceWith("网络请求超时");
  });

  it("uses website.requestTimeoutMs (60 s) by default", () => {
    expect(website.requestTimeoutMs).toBe(60000);
  });

  it("a caller abort rejects without a toast", async () => {
    server.use(mock.get("/api/slow", async () => (await delay(2000), HttpResponse.json(ok(1)))));
    const ac = new AbortController();
    const p = http.get("/slow", { signal: ac.signal });
    setTimeout(() => ac.abort(), 20);
    await expect(p).rejects.toMatchObject({ name: "AbortError" });
    expect(toast).not.toHaveBeenCalled();
  });
});

describe("blob downloads", () => {
  it("resolves the blob and the file name from Content-Disposition", async () => {
    saveTokens(tokenResponse());
    server.use(
      mock.get("/api/blade-user/export-user", ({ request }) => {
        if (request.headers.get("Blade-Auth") !== "bearer access-1") return HttpResponse.json({ code: 401 }, { status: 401 });
        return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
          headers: { "Content-Type": "application/vnd.ms-excel", "Content-Disposition": "attachment; filename*=UTF-8''%E7%94%A8%E6%88%B7.xlsx" },
        });
      }),
    );
    const res = await http.get<{ blob: Blob; filename: string }>("/blade-user/export-user", { responseType: "blob" });
    expect(res.filename).toBe("用户.xlsx");
    expect([...new Uint8Array(await res.blob.arrayBuffer())]).toEqual([80, 75, 3, 4]);
  });

  it("a failure envelope instead of the file rejects with its msg", async () => {
    server.use(mock.get("/api/dl", () => HttpResponse.json({ code: 400, msg: "导出失败" })));
    await expect(http.get("/dl", { responseType: "blob" })).rejects.toThrow("导出失败");
    expect(toast).toHaveBeenCalledWith("导出失败");
  });
});

describe("field errors of a refused write", () => {
  it("are exposed in refine's shape so forms show them beside the fields", async () => {
    const { HttpError } = await import("./types");
    const e = new HttpError({ code: 400, status: 400, msg: "当前账号已被使用!", body: { code: 400, data: [{ field: "account", message: "当前账号已被使用!" }] } });
    expect(e.errors).toEqual({ account: ["当前账号已被使用!"] });
    expect(new HttpError({ code: 400, status: 400, msg: "x", body: { code: 400, data: null } }).errors).toBeUndefined();
  });
});
