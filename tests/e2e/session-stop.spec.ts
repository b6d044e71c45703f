/**
 * 会话管理 (issue 11): in one browser the administrator forces another browser's session out;
 * that browser is sent to /login at its very next click, and its refresh token is refused.
 * On the way the victim opens the dashboard and sees its charts drawn (a render check).
 */
import { expect, test } from "@playwright/test";
import { adminPassword } from "./support/api";
import { loginAs } from "./support/login";
import { expectSignedOut, openFromMenu, sider, storedAccessToken } from "./support/session";
import { createUser, uniqueAccount } from "./support/users";

const password = "Sess1on-St0p-pw";

test("an administrator stops another browser's session; that browser goes to /login at its next click", async ({ browser }) => {
  const account = await createUser({ account: uniqueAccount("e2e_sess"), password, realName: "会话用户", roles: ["普通用户"], depts: ["常州刀锋"] });

  const victimContext = await browser.newContext();
  const adminContext = await browser.newContext();
  try {
    const victim = await victimContext.newPage();
    await loginAs(victim, account, password);
    expect(await storedAccessToken(victim)).toBeTruthy();

    // The victim's dashboard: figures and charts (AntV draws into a canvas) from the real logs.
    await openFromMenu(victim, "仪表盘", "仪表盘");
    await expect(victim).toHaveURL(/\/instrumentPanel\/index/);
    await expect(victim.getByText("今日登录成功", { exact: true })).toBeVisible();
    await expect(victim.getByText("用户认证趋势（近30天）")).toBeVisible();
    await expect(victim.locator(".ant-card").filter({ hasText: "用户认证趋势" }).locator("canvas").first()).toBeVisible({ timeout: 30_000 });

    const admin = await adminContext.newPage();
    await loginAs(admin, "admin", adminPassword());
    await openFromMenu(admin, "会话管理", "会话管理");
    await expect(admin).toHaveURL(/\/sessionManagement\/index/);
    const search = admin.getByRole("textbox", { name: "账号" });
    await search.fill(account);
    await search.press("Enter");
    // The session's row: its account cell, not the empty list's 没有符合「账号：…」 line that names it too.
    const row = admin.getByRole("row").filter({ has: admin.getByRole("cell", { name: account, exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByText("会话用户")).toBeVisible();

    await row.getByRole("button", { name: /强制下线/ }).click();
    const confirm = admin.getByRole("dialog").getByRole("button", { name: /确\s*定/ });
    await confirm.click();
    await expect(admin.getByText("强制下线成功")).toBeVisible();
    await expect(row).toHaveCount(0);

    // The victim's next click that reaches the server: the workbench (home tab) loads its cards.
    const answers: { url: string; status: number }[] = [];
    victim.on("response", (r) => {
      if (new URL(r.url()).pathname.startsWith("/api/")) answers.push({ url: r.url(), status: r.status() });
    });
    await sider(victim).getByRole("menuitem").filter({ has: victim.getByText("工作台", { exact: true }) }).first().click();
    await expectSignedOut(victim);
    expect(answers.some((a) => a.status === 401)).toBe(true);
    for (const r of answers.filter((a) => a.url.includes("grant_type=refresh_token"))) expect(r.status).not.toBe(200);
  } finally {
    await victimContext.close();
    await adminContext.close();
  }
});
