/**
 * 邮箱配置 as an operator uses it: the administrator saves the SMTP settings of a mail server (a
 * real one, started by this journey on a free local port), sends a test mail from the page and
 * reads the server's answer — and the mail is there. The password never comes back to the page.
 */
import { expect, test } from "@playwright/test";
import { startTestSmtp, type TestSmtp } from "../../server/notify/test-smtp";
import { adminPassword } from "./support/api";
import { loginAs } from "./support/login";

const SMTP_USER = "journey-mailer";
const SMTP_PASSWORD = `Smtp-${Date.now().toString(36)}!`;

let smtp: TestSmtp;
test.beforeAll(async () => {
  smtp = await startTestSmtp({ user: SMTP_USER, password: SMTP_PASSWORD });
});
test.afterAll(async () => {
  await smtp?.close();
});

test("admin saves the mail settings and a test mail arrives at the SMTP server", async ({ page }) => {
  const recipient = `ops-${Date.now().toString(36)}@example.test`;
  await loginAs(page, "admin", adminPassword());
  await page.goto("/system/mailboxConfig");

  const form = page.locator("form#mailboxConfig");
  await expect(form.getByLabel("SMTP服务器")).toBeVisible();
  await form.getByLabel("SMTP服务器").fill("127.0.0.1");
  await form.getByLabel("端口").fill(String(smtp.port));
  // Authentication is on for a new configuration: user and password are asked for.
  await expect(form.getByRole("switch", { name: "身份验证" })).toBeChecked();
  await form.getByLabel("用户名").fill(SMTP_USER);
  await form.getByLabel("密码").fill(SMTP_PASSWORD);
  await form.getByLabel("发件人地址").fill("noreply@blade.test");
  await form.getByRole("button", { name: /保\s*存/ }).click();
  await expect(page.getByText("修改成功")).toBeVisible();

  // The password is stored, shown only as set.
  await page.reload();
  await expect(form.getByLabel("SMTP服务器")).toHaveValue("127.0.0.1");
  await expect(form.getByLabel("密码")).toHaveValue("");
  await expect(form.getByText("已设置", { exact: true })).toBeVisible();

  await form.getByRole("button", { name: "发送测试邮件" }).click();
  const dialog = page.getByRole("dialog", { name: "发送测试邮件" });
  await dialog.getByLabel("收件人").fill(recipient);
  // The dialog zooms in; a click that lands during its animation is retried until the answer shows.
  const answer = dialog.getByText("邮件服务器已接收");
  await expect(async () => {
    if (!(await answer.isVisible())) await dialog.getByRole("button", { name: /发\s*送/ }).click();
    await expect(answer).toBeVisible({ timeout: 15_000 });
  }).toPass({ timeout: 40_000 });
  await expect(dialog.getByText(/^250/)).toBeVisible();

  const mail = await smtp.waitFor(recipient);
  expect(mail).toMatchObject({ from: "noreply@blade.test", user: SMTP_USER });
  expect(mail.subject).toContain("测试邮件");
});
