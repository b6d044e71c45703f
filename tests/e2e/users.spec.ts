/**
 * The walking skeleton as a new operator walks it: sign in, create a user in a department with
 * the role `user`, find them, sign out, sign in as them and see only what that role grants.
 */
import { expect, test, type Page } from "@playwright/test";
import { adminPassword } from "./support/api";
import { loginAs } from "./support/login";
import { pickOption } from "./support/select";
import { openFromMenu, firstRow } from "./support/session";

const account = `e2e_${Date.now().toString(36)}`;
const created = "Walk1ng-Sk3leton";
// What the administrator types in 重置密码: the user signs in with it.
const password = "Res3t-By-Admin";

async function logout(page: Page) {
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "退出登录" }).click();
  const confirm = page.getByRole("dialog", { name: "退出登录" }).getByRole("button", { name: /确\s*定/ });
  // The confirmation zooms in; a click that lands during its animation is retried.
  await expect(async () => {
    if (await confirm.isVisible()) await confirm.click();
    await expect(page).toHaveURL(/\/login$/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

test("admin creates a user who then sees only the menus of the role user", async ({ page }) => {
  await loginAs(page, "admin", adminPassword());

  const sider = page.locator(".ant-layout-sider");
  // The side menu starts collapsed on the workbench (§2): 系统管理 opens as a pop-up.
  await openFromMenu(page, "系统管理", "用户管理");
  await expect(page).toHaveURL(/\/system\/user/);
  await expect(firstRow(page)).toBeVisible();

  await page.getByRole("button", { name: /新\s*增/ }).click();
  const dialog = page.getByRole("dialog", { name: "新增用户" });
  await dialog.getByLabel("登录账号").fill(account);
  await dialog.getByLabel("用户姓名").fill("端到端");
  await dialog.getByLabel(/^\*?\s*密码$/).fill(created);
  await dialog.getByLabel("确认密码").fill(created);
  await pickOption(page, dialog, "所属角色", "普通用户");
  await pickOption(page, dialog, "所属部门", "常州刀锋", { search: "常州" });
  await dialog.getByRole("button", { name: /确\s*定|保\s*存/ }).click();
  await expect(page.getByText("添加成功")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByPlaceholder("请输入登录账号").fill(account);
  await page.getByPlaceholder("请输入登录账号").press("Enter");
  const row = page.getByRole("row", { name: new RegExp(account) });
  await expect(row).toBeVisible();
  await expect(row).toContainText("普通用户");
  await expect(row).toContainText("常州刀锋");

  // The department tree filters the list: the new user is in 常州刀锋, not in 苏州刀锋. The tree
  // loads a level when its parent is chosen: the top level first, then below it.
  await page.getByRole("tree").getByText("刀锋科技", { exact: true }).click();
  await page.getByRole("tree").getByText("苏州刀锋", { exact: true }).click();
  // The account's own cell, not the empty table's 没有符合「登录账号：…」 that names it.
  await expect(page.getByRole("cell", { name: account, exact: true })).toHaveCount(0);
  await page.getByRole("tree").getByText("常州刀锋", { exact: true }).click();
  await expect(page.getByRole("row", { name: new RegExp(account) })).toBeVisible();

  // 重置密码 works without an initial password: the administrator types the new one.
  await page.getByRole("row", { name: new RegExp(account) }).getByRole("button", { name: /重置密码/ }).click();
  const reset = page.getByRole("dialog", { name: "重置密码 · 端到端" });
  await reset.getByText("输入新密码", { exact: true }).click();
  await reset.getByLabel("新密码", { exact: true }).fill(password);
  await reset.getByLabel("确认新密码").fill(password);
  await reset.getByRole("button", { name: /重\s*置/ }).click();
  await expect(page.getByText("密码重置成功")).toBeVisible();
  await expect(reset).toBeHidden();

  await logout(page);

  await loginAs(page, account, password);
  await expect(sider.getByText("工作台", { exact: true })).toBeVisible();
  await expect(sider.getByText("仪表盘", { exact: true })).toBeVisible();
  await expect(sider.getByText("系统管理", { exact: true })).toHaveCount(0);

  // Hiding the menu is not the protection: the page and the API refuse the user too.
  await page.goto("/system/user");
  await expect(page.getByText("抱歉，您无权访问该页面")).toBeVisible();
  await expect(page.getByRole("button", { name: /新\s*增/ })).toHaveCount(0);
});
