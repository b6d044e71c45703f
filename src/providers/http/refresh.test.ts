import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { delay, http as mock, HttpResponse } from "msw";
import { website } from "../../config/website";
import { getAccessToken, getRefreshToken, saveTokens } from "../auth/session";
import { getStore, setStore } from "../storage";
import { createTestServer, ok, resetStorage, tokenResponse } from "../testing/fixtures";
import { http, refreshAccessToken, setNotifier, setUnauthorizedHandler } from "./index";

const server = createTestServer();
const toast = vi.fn();
const onUnauthorized = vi.fn();

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());
beforeEach(() => {
  resetStorage();
  toast.mockReset();
  onUnauthorized.mockReset();
  setNotifier({ error: toast });
  setUnauthorizedHandler(onUnauthorized);
});
afterEach(() => server.resetHandlers());

interface RefreshCall {
  query: Record<string, string>;
  headers: Headers;
}

/** Token endpoint: accepts refresh-1 once and answers new tokens; counts calls. */
function tokenEndpoint({ fail = false, wait = 0 } = {}) {
  const calls: RefreshCall[] = [];
  server.use(
    mock.post("/api/blade-auth/oauth/token", async ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      calls.push({ query, headers: request.headers });
      if (wait) await delay(wait);
      if (fail || query.refresh_token !== "refresh-1") {
        return HttpResponse.json({ error: "invalid_grant", error_description: "刷新令牌无效" }, { status: 400 });
      }
      return HttpResponse.json(tokenResponse({ access_token: "access-2", refresh_token: "refresh-2" }));
    }),
  );
  return calls;
}

/** A protected endpoint: only access-2 is valid. */
function protectedEndpoint() {
  const seen: (string | null)[] = [];
  server.use(
    mock.get("/api/blade-user/info", ({ request }) => {
      const auth = request.headers.get("Blade-Auth");
      seen.push(auth);
      if (auth !== "bearer access-2") return HttpResponse.json({ code: 401, success: false, data: null, msg: "请求未授权" }, { status: 401 });
      return HttpResponse.json(ok({ account: "admin" }));
    }),
  );
  return seen;
}

function fillSession() {
  saveTokens(tokenResponse());
  for (const name of ["menu", "permission", "tags"]) setStore({ name, content: [1] });
  setStore({ name: "lock", content: true, type: "session" });
}

describe("401 handling", () => {
  it("with a refresh token: refreshes once and retries with the new token", async () => {
    saveTokens(tokenResponse());
    const calls = tokenEndpoint();
    const seen = protectedEndpoint();
    await expect(http.get("/blade-user/info")).resolves.toEqual(ok({ account: "admin" }));
    expect(calls).toHaveLength(1);
    expect(calls[0].query).toEqual({ tenantId: "000000", refresh_token: "refresh-1", grant_type: "refresh_token", scope: "all" });
    expect(calls[0].headers.get("Tenant-Id")).toBe("000000");
    expect(calls[0].headers.get("Authorization")).toBe(`Basic ${btoa("saber:saber_secret")}`);
    expect(calls[0].headers.has("Blade-Auth")).toBe(false);
    expect(seen).toEqual(["bearer access-1", "bearer access-2"]);
    expect(getAccessToken()).toBe("access-2");
    expect(getRefreshToken()).toBe("refresh-2");
    expect(toast).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("when the refresh fails: clears the session, calls the unauthorized handler and rejects", async () => {
    fillSession();
    tokenEndpoint({ fail: true });
    protectedEndpoint();
    await expect(http.get("/blade-user/info")).rejects.toMatchObject({ code: 401, message: "请求未授权" });
    for (const name of ["token", "refreshToken", "userInfo", "menu", "permission", "tags", "lock"]) {
      expect(getStore({ name }), name).toBeUndefined();
    }
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(toast).not.toHaveBeenCalled();
  });

  it("without a refresh token: forced logout, no refresh call", async () => {
    setStore({ name: "token", content: "access-1" });
    setStore({ name: "menu", content: [1] });
    const calls = tokenEndpoint();
    protectedEndpoint();
    await expect(http.get("/blade-user/info")).rejects.toMatchObject({ code: 401 });
    expect(calls).toHaveLength(0);
    expect(getStore({ name: "menu" })).toBeUndefined();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("a 401 inside an HTTP 200 body (BladeX SecureInterceptor) is handled the same way", async () => {
    fillSession();
    tokenEndpoint({ fail: true });
    server.use(mock.get("/api/x", () => HttpResponse.json({ code: 401, success: false, data: null, msg: "请求未授权" })));
    await expect(http.get("/x")).rejects.toMatchObject({ code: 401, status: 200 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("retries only once: a second 401 after the refresh logs out", async () => {
    saveTokens(tokenResponse());
    const calls = tokenEndpoint();
    let hits = 0;
    server.use(mock.get("/api/always401", () => (hits++, HttpResponse.json({ code: 401, msg: "请求未授权" }, { status: 401 }))));
    await expect(http.get("/always401")).rejects.toMatchObject({ code: 401 });
    expect(hits).toBe(2);
    expect(calls).toHaveLength(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(getAccessToken()).toBeNull();
  });

  it("20 parallel requests with an expired token cause exactly one refresh and all succeed", async () => {
    saveTokens(tokenResponse());
    const calls = tokenEndpoint({ wait: 30 });
    protectedEndpoint();
    const results = await Promise.all(Array.from({ length: 20 }, () => http.get("/blade-user/info")));
    expect(calls).toHaveLength(1);
    expect(results).toHaveLength(20);
    results.forEach((r) => expect(r).toEqual(ok({ account: "admin" })));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("a 401 arriving after another request already refreshed retries without refreshing again", async () => {
    saveTokens(tokenResponse());
    const calls = tokenEndpoint();
    let first = true;
    server.use(
      mock.get("/api/late", async ({ request }) => {
        const auth = request.headers.get("Blade-Auth");
        if (auth === "bearer access-1") {
          if (first) {
            first = false;
            await delay(80); // answers after the other request has refreshed
          }
          return HttpResponse.json({ code: 401 }, { status: 401 });
        }
        return HttpResponse.json(ok(auth));
      }),
    );
    protectedEndpoint();
    const [late] = await Promise.all([http.get("/late"), http.get("/blade-user/info")]);
    expect(late).toEqual(ok("bearer access-2"));
    expect(calls).toHaveLength(1);
  });

  it("20 parallel requests whose refresh fails log out once", async () => {
    fillSession();
    const calls = tokenEndpoint({ fail: true, wait: 20 });
    protectedEndpoint();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => http.get("/blade-user/info")));
    expect(results.every((r) => r.status === "rejected")).toBe(true);
    expect(calls).toHaveLength(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("a 401 to the logout call is left to the caller: no refresh, no forced logout", async () => {
    fillSession();
    const calls = tokenEndpoint();
    server.use(mock.get("/api/blade-auth/oauth/logout", () => HttpResponse.json({ code: 401, msg: "请求未授权" }, { status: 401 })));
    await expect(http.get("/blade-auth/oauth/logout", { silent: true })).rejects.toMatchObject({ code: 401 });
    expect(calls).toHaveLength(0);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(getAccessToken()).toBe("access-1");
  });

  it("a 401 from the token endpoint itself is left to the caller", async () => {
    fillSession();
    server.use(mock.post("/api/blade-auth/oauth/token", () => HttpResponse.json({ error: "unauthorized", error_description: "客户端认证失败" }, { status: 401 })));
    await expect(http.post("/blade-auth/oauth/token")).rejects.toMatchObject({ code: 401, message: "客户端认证失败" });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(getAccessToken()).toBe("access-1");
  });
});

describe("refreshAccessToken", () => {
  it("shares one in-flight refresh between callers", async () => {
    saveTokens(tokenResponse());
    const calls = tokenEndpoint({ wait: 20 });
    const [a, b, c] = await Promise.all([refreshAccessToken(), refreshAccessToken(), refreshAccessToken()]);
    expect(calls).toHaveLength(1);
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(a.access_token).toBe("access-2");
  });

  it("rejects without a refresh token", async () => {
    const calls = tokenEndpoint();
    await expect(refreshAccessToken()).rejects.toMatchObject({ code: 401 });
    expect(calls).toHaveLength(0);
  });

  it("rejects with error_description when the server refuses, keeping the session untouched", async () => {
    saveTokens(tokenResponse());
    tokenEndpoint({ fail: true });
    await expect(refreshAccessToken()).rejects.toMatchObject({ code: 400, message: "刷新令牌无效" });
    expect(getAccessToken()).toBe("access-1");
  });

  it("switch mode: sends the chosen Dept-Id and Role-Id", async () => {
    saveTokens(tokenResponse());
    const calls = tokenEndpoint();
    await refreshAccessToken({ deptId: "d-2", roleId: "r-2" });
    expect(calls[0].headers.get("Dept-Id")).toBe("d-2");
    expect(calls[0].headers.get("Role-Id")).toBe("r-2");
  });

  it("sends the stored dept and role only when switch mode is on", async () => {
    saveTokens(tokenResponse({ dept_id: "d-1", role_id: "r-1" }));
    let calls = tokenEndpoint();
    await refreshAccessToken();
    expect(calls[0].headers.has("Dept-Id")).toBe(false);
    const mutable = website as { switchMode: boolean };
    mutable.switchMode = true;
    try {
      saveTokens(tokenResponse({ dept_id: "d-1", role_id: "r-1" }));
      calls = tokenEndpoint();
      await refreshAccessToken();
      expect(calls[0].headers.get("Dept-Id")).toBe("d-1");
      expect(calls[0].headers.get("Role-Id")).toBe("r-1");
    } finally {
      mutable.switchMode = false;
    }
  });

  it("a switch requested during a running refresh waits for it, then refreshes with the rotated token", async () => {
    saveTokens(tokenResponse());
    const seen: string[] = [];
    server.use(
      mock.post("/api/blade-auth/oauth/token", async ({ request }) => {
        const q = new URL(request.url).searchParams;
        seen.push(`${q.get("refresh_token")}:${request.headers.get("Role-Id") ?? "-"}`);
        await delay(10);
        const n = seen.length + 1;
        return HttpResponse.json(tokenResponse({ access_token: `access-${n}`, refresh_token: `refresh-${n}` }));
      }),
    );
    const plain = refreshAccessToken();
    const sw = refreshAccessToken({ roleId: "r-9" });
    await Promise.all([plain, sw]);
    expect(seen).toEqual(["refresh-1:-", "refresh-2:r-9"]);
    expect(getAccessToken()).toBe("access-3");
  });
});
