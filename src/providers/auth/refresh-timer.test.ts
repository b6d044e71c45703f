import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { delay, http as mock, HttpResponse } from "msw";
import { setNotifier, setUnauthorizedHandler } from "../http";
import { createTestServer, resetStorage, tokenResponse } from "../testing/fixtures";
import { startTokenRefreshTimer } from "./index";
import { getAccessToken, saveTokens } from "./session";

const server = createTestServer();
const onUnauthorized = vi.fn();
const TOKEN_TIME_MS = 3000 * 1000;
let stop: (() => void) | undefined;

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());
beforeEach(() => {
  resetStorage();
  onUnauthorized.mockReset();
  setNotifier({ error: vi.fn() });
  setUnauthorizedHandler(onUnauthorized);
  // Fake only the interval and the clock: MSW and fetch keep their real timers.
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
  vi.setSystemTime(1_000_000_000);
});
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
  server.resetHandlers();
});

function tokenEndpoint({ wait = 0, fail = false } = {}) {
  const calls = { n: 0 };
  server.use(
    mock.post("/api/blade-auth/oauth/token", async () => {
      calls.n++;
      if (wait) await delay(wait);
      if (fail) return HttpResponse.json({ error: "invalid_grant", error_description: "刷新令牌已失效" }, { status: 400 });
      return HttpResponse.json(tokenResponse({ access_token: `access-${calls.n + 1}`, refresh_token: `refresh-${calls.n + 1}` }));
    }),
  );
  return calls;
}

/** Lets the real-time fetch round trip finish. */
const settle = () => vi.waitFor(() => undefined, { timeout: 50 });

describe("startTokenRefreshTimer", () => {
  it("does nothing while the token is younger than website.tokenTime", async () => {
    saveTokens(tokenResponse());
    const calls = tokenEndpoint();
    stop = startTokenRefreshTimer();
    await vi.advanceTimersByTimeAsync(TOKEN_TIME_MS - 20_000);
    expect(calls.n).toBe(0);
    expect(getAccessToken()).toBe("access-1");
  });

  it("refreshes on the first 10 s check once the age reaches tokenTime", async () => {
    saveTokens(tokenResponse());
    const calls = tokenEndpoint();
    stop = startTokenRefreshTimer();
    vi.setSystemTime(1_000_000_000 + TOKEN_TIME_MS);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(calls.n).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(getAccessToken()).toBe("access-2"));
    expect(calls.n).toBe(1);
  });

  it("never overlaps: ticks during a slow refresh do not start another one", async () => {
    saveTokens(tokenResponse());
    const calls = tokenEndpoint({ wait: 200 });
    stop = startTokenRefreshTimer();
    vi.setSystemTime(1_000_000_000 + TOKEN_TIME_MS);
    for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(10_000);
    await vi.waitFor(() => expect(getAccessToken()).toBe("access-2"), { timeout: 1000 });
    expect(calls.n).toBe(1);
    // The new token is young again: further ticks do nothing.
    await vi.advanceTimersByTimeAsync(30_000);
    await settle();
    expect(calls.n).toBe(1);
  });

  it("stops when asked", async () => {
    saveTokens(tokenResponse());
    const calls = tokenEndpoint();
    stop = startTokenRefreshTimer();
    stop();
    vi.setSystemTime(1_000_000_000 + TOKEN_TIME_MS);
    await vi.advanceTimersByTimeAsync(60_000);
    await settle();
    expect(calls.n).toBe(0);
  });

  it("a refused refresh ends the session", async () => {
    saveTokens(tokenResponse());
    tokenEndpoint({ fail: true });
    stop = startTokenRefreshTimer();
    vi.setSystemTime(1_000_000_000 + TOKEN_TIME_MS);
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    expect(getAccessToken()).toBeNull();
  });

  it("does nothing without a session", async () => {
    const calls = tokenEndpoint();
    stop = startTokenRefreshTimer();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.n).toBe(0);
  });
});
