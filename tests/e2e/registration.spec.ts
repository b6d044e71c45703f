/**
 * A first sign-in with a third-party account (§2 registration dialog, §5, §8): the login page's
 * OAuth2 button → the simulated provider (started by playwright.config.ts) approves → back at
 * /oauth/callback/oauth2 the console, finding no platform user yet, asks to register one.
 */
import { expect, test } from "@playwright/test";
import { e2eOAuthOrigin } from "./support/env";
import { expectSignedOut, toast } from "./support/session";
import { uniqueAccount } from "./support/users";

test("a third-party first sign-in registers through the dialog and returns to /login", async ({ page }) => {
  // The provider approves at once as the account named by ?login=: a new one for this run.
  const providerLogin = uniqueAccount("gh");
  const provider = new URL(e2eOAuthOrigin());
  let authorised = 0;
  await page.route(
    (url) => url.origin === provider.origin && url.pathname === "/authorize",
    async (route) => {
      authorised++;
      const url = new URL(route.request().url());
      url.searchParams.set("login", providerLogin);
      await route.continue({ url: url.toString() });
    },
  );

  await page.goto("/login");
  await page.getByRole("button", { name: /OAuth2/ }).click();
  await expect(page).toHaveURL(/\/oauth\/callback\/oauth2\?.*code=/);
  expect(authorised).toBe(1);

  const dialog = page.getByRole("dialog", { name: "账号注册" });
  await expect(dialog).toBeVisible();
  // Tenant mode (the e2e build): localhost names no tenant, so the dialog asks for it, starting
  // from the tenant the sign-in went to.
  await expect(dialog.getByLabel("租户编号")).toHaveValue("000000");
  await expect(dialog.getByLabel("账号名称")).toBeVisible();

  const submit = dialog.getByRole("button", { name: /^\s*提\s*交\s*$/ });
  await submit.click();
  await expect(toast(page, "请先输入账号名称")).toBeVisible();

  const account = uniqueAccount("e2e_guest");
  await dialog.getByLabel("用户姓名").fill("第三方用户");
  await dialog.getByLabel("账号名称").fill(account);
  await submit.click();
  await expect(toast(page, "请先输入密码")).toBeVisible();

  await dialog.getByLabel(/^密码$/).fill("Reg1ster-Guest!");
  await dialog.getByLabel("确认密码").fill("Reg1ster-Guest?");
  await submit.click();
  await expect(toast(page, "两次密码输入不一致")).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel("确认密码").fill("Reg1ster-Guest!");
  await submit.click();
  const notice = page.locator(".ant-notification-notice").filter({ hasText: "注册提示" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("注册申请已提交,请耐心等待管理员通过!");
  await expectSignedOut(page);
  await expect(dialog).toHaveCount(0);
  // The notice is still there to read on the login page (no reload swallowed it).
  await expect(notice).toContainText("注册申请已提交,请耐心等待管理员通过!");
  await expect(page.getByRole("button", { name: /OAuth2/ })).toBeVisible();
});
