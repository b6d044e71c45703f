/**
 * Sign in through the login page as an operator would: the inputs are found by their
 * placeholders (equal to the labels: 账号 / 密码 / 验证码, or account / password / captcha in en).
 */
import { expect, type Page } from "@playwright/test";
import { captchaCode } from "./captcha";

export const LOGIN_FIELDS = {
  account: /^(账号|用户名|请输入账号|请输入用户名|account|username)$/i,
  password: /^(密码|请输入密码|password)$/i,
  captcha: /^(验证码|请输入验证码|captcha|verification code)$/i,
  submit: /^\s*(登\s*录|log\s*in|login|sign in)\s*$/i,
};

export const WORKBENCH_URL = /\/workbench\/index/;

export async function loginAs(page: Page, account: string, password: string, timeout = 20_000): Promise<void> {
  if (!/\/login/.test(page.url())) await page.goto("/login");
  const field = (name: RegExp) => page.getByPlaceholder(name).filter({ visible: true });
  await field(LOGIN_FIELDS.account).fill(account);
  await field(LOGIN_FIELDS.password).fill(password);
  const captcha = field(LOGIN_FIELDS.captcha);
  if (await captcha.count()) {
    // The server pairs the code with the captcha key the page fetched: wait for its image.
    await expect(page.getByAltText(LOGIN_FIELDS.captcha).filter({ visible: true })).toBeVisible();
    await captcha.fill(captchaCode());
  }
  await page.getByRole("button", { name: LOGIN_FIELDS.submit }).click();

  // Either the workbench opens or the page shows why not (antd message); say which.
  const refused = page.locator(".ant-message-error").first();
  const outcome = await Promise.race([
    page.waitForURL(WORKBENCH_URL, { timeout }).then(() => "signed in" as const),
    refused.waitFor({ timeout }).then(() => "refused" as const),
  ]).catch(() => "timeout" as const);
  if (outcome === "refused") throw new Error(`login as ${account} refused: ${(await refused.innerText()).trim()}`);
  await expect(page).toHaveURL(WORKBENCH_URL, { timeout: 1_000 });
}
