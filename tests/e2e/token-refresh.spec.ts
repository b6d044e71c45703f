/**
 * Single-flight token refresh (§4, §8): however many calls fail with an expired access token at
 * the same time, the console spends its refresh token once, then repeats every call with the new
 * token, and the user notices nothing.
 */
import { expect, test, type Page, type Request } from "@playwright/test";
import { adminPassword } from "./support/api";
import { loginAs } from "./support/login";
import { invalidateAccessToken, openFromMenu, storedAccessToken, firstRow } from "./support/session";

const isRefresh = (r: Request) =>
  r.method() === "POST" && new URL(r.url()).pathname === "/api/blade-auth/oauth/token" && new URL(r.url()).searchParams.get("grant_type") === "refresh_token";

const bearer = (r: Request) => (r.headers()["blade-auth"] ?? "").replace(/^bearer\s+/i, "");

/** Every API call of the page from now on: the token it carried and the status it got. */
function recordApi(page: Page) {
  const calls: { path: string; token: string; status: number }[] = [];
  let refreshes = 0;
  page.on("request", (r) => {
    if (isRefresh(r)) refreshes++;
  });
  page.on("requestfinished", async (r) => {
    const url = new URL(r.url());
    if (!url.pathname.startsWith("/api/") || isRefresh(r)) return;
    const res = await r.response();
    calls.push({ path: `${url.pathname}${url.search}`, token: bearer(r), status: res?.status() ?? 0 });
  });
  return { calls, refreshes: () => refreshes };
}

test.beforeEach(async ({ page }) => {
  await loginAs(page, "admin", adminPassword());
  await openFromMenu(page, "系统管理", "用户管理");
  await expect(firstRow(page)).toBeVisible();
});

test("opening a page with an expired token: its parallel calls share one refresh", async ({ page }) => {
  const bad = await invalidateAccessToken(page);
  const api = recordApi(page);

  await page.reload();
  await expect(firstRow(page)).toBeVisible();
  await expect(page.getByRole("tree").getByText("刀锋科技", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/system\/user/);

  const fresh = await storedAccessToken(page);
  expect(fresh).not.toBe(bad);
  expect(api.refreshes()).toBe(1);
  const refused = api.calls.filter((c) => c.token === bad);
  // What started with the expired token (the notice bell, the list, the tree: whichever left before
  // the refresh came back; at least the first of them)…
  expect(refused.length).toBeGreaterThanOrEqual(1);
  for (const c of refused) expect(c.status).toBe(401);
  // …and each repeated once with the new token, successfully.
  for (const c of refused) expect(api.calls.filter((d) => d.path === c.path && d.token === fresh && d.status === 200)).toHaveLength(1);
});

test("20 searches in flight with an expired token cause exactly one refresh call, and all succeed", async ({ page }) => {
  const N = 20;
  const bad = await invalidateAccessToken(page);
  const api = recordApi(page);

  // A slow network: the refresh answer is held until all 20 calls have come back with 401, so
  // that they are all waiting for a new token at the same time.
  let refused = 0;
  const allRefused = new Promise<void>((resolve) => {
    page.on("response", (res) => {
      if (res.url().includes("/api/blade-user/page") && res.status() === 401 && ++refused === N) resolve();
    });
  });
  await page.route(
    (url) => url.pathname === "/api/blade-auth/oauth/token",
    async (route) => {
      await Promise.race([allRefused, new Promise((r) => setTimeout(r, 20_000))]);
      await route.continue();
    },
  );

  const account = page.getByPlaceholder("请输入登录账号");
  const searches = [...Array.from({ length: N - 1 }, (_, i) => `nobody${i}`), "admin"];
  for (const text of searches) {
    await account.fill(text);
    await account.press("Enter");
  }
  await allRefused;

  await expect(firstRow(page)).toBeVisible();
  await expect(page).toHaveURL(/\/system\/user/);
  await expect(page.locator(".ant-message-error, .ant-notification-notice-error")).toHaveCount(0);

  const fresh = await storedAccessToken(page);
  expect(fresh).not.toBe(bad);
  expect(api.refreshes()).toBe(1);
  await expect.poll(() => api.calls.filter((c) => c.path.startsWith("/api/blade-user/page") && c.token === fresh).length).toBe(N);
  const pages = api.calls.filter((c) => c.path.startsWith("/api/blade-user/page"));
  expect(pages.filter((c) => c.token === bad).map((c) => c.status)).toEqual(Array(N).fill(401));
  expect(pages.filter((c) => c.token === fresh).map((c) => c.status)).toEqual(Array(N).fill(200));
  // Each search was repeated, none lost: every account searched for went out with the new token.
  for (const text of searches) {
    expect(pages.some((c) => c.token === fresh && new URLSearchParams(c.path.split("?")[1]).get("account") === text), text).toBe(true);
  }
});
