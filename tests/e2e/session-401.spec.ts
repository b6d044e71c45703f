/**
 * A 401 in the middle of a session (§4, §8): the session ends on the server (here: its own logout
 * call, as a forced logout from another place would); the next action that calls the API gets a
 * 401, the console cannot renew the ended session, clears it locally and shows the login page.
 */
import { expect, test } from "@playwright/test";
import { adminPassword, apiGet, ok } from "./support/api";
import { loginAs } from "./support/login";
import { expectSignedOut, openFromMenu, storedAccessToken, firstRow } from "./support/session";

test("a session ended on the server sends the console to /login at the next call", async ({ page }) => {
  await loginAs(page, "admin", adminPassword());
  await openFromMenu(page, "系统管理", "用户管理");
  await expect(firstRow(page)).toBeVisible();

  const token = await storedAccessToken(page);
  expect(token).toBeTruthy();
  ok(await apiGet(token!, "/blade-auth/oauth/logout"), "logout of the page's session");

  const answers: { url: string; status: number }[] = [];
  page.on("response", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/")) answers.push({ url: r.url(), status: r.status() });
  });

  // Nothing happens until the console calls the API: the page still shows its data.
  await expect(page).toHaveURL(/\/system\/user/);
  await page.getByRole("tree").getByText("刀锋科技", { exact: true }).click();

  await expectSignedOut(page);
  await expect(page.getByRole("button", { name: /^\s*登\s*录\s*$/ })).toBeVisible();
  // The user list answered 401, and the refresh with the ended session's refresh token was refused.
  expect(answers.find((a) => a.url.includes("/blade-user/page"))?.status).toBe(401);
  const refresh = answers.filter((a) => a.url.includes("grant_type=refresh_token"));
  expect(refresh.length).toBeLessThanOrEqual(1);
  for (const r of refresh) expect(r.status).not.toBe(200);

  // Going back does not get in either: the route guard sends the signed-out user to /login.
  await page.goto("/system/user");
  await expect(page).toHaveURL(/\/login/);
});
