/**
 * Tenants and packages (issue 10): the platform administrator makes a package of two pages and a
 * tenant holding it in the browser, reads the administrator's password from the shown-once
 * dialog, and that administrator, signing in afresh, finds exactly the package's pages.
 *
 * The e2e build runs in tenant mode (VITE_TENANT_MODE, scripts/lib/e2e-build.ts): localhost names
 * no tenant, so the login page asks for the tenant id, and the administrator types the new one.
 */
import { expect, test, type Page } from "@playwright/test";
import { adminPassword } from "./support/api";
import { loginAs } from "./support/login";
import { pickOption } from "./support/select";
import { openFromMenu, sider } from "./support/session";

/** Ticks the tree node titled `title` in the package form's menu tree. */
async function tick(page: Page, title: string) {
  const tree = page.getByRole("group", { name: "菜单权限" });
  const node = tree.locator(".ant-tree-treenode").filter({ has: page.locator(".ant-tree-title", { hasText: new RegExp(`^${title}$`) }) });
  await expect(node).toHaveCount(1);
  const checked = tree.locator(".ant-tree-treenode-checkbox-checked .ant-tree-title", { hasText: new RegExp(`^${title}$`) });
  await expect(async () => {
    if ((await checked.count()) === 0) await node.locator(".ant-tree-checkbox").click({ timeout: 3_000 });
    await expect(checked).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** Clicks 保存 of a dialog until it closes (a click during the zoom-in animation is retried). */
async function saveDialog(page: Page, name: RegExp) {
  const dialog = page.getByRole("dialog", { name });
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.getByRole("button", { name: /保\s*存/ }).click({ timeout: 3_000 });
    await expect(dialog).toBeHidden({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

test("a tenant with a package: its administrator signs in and sees only the package's menus", async ({ page, browser }) => {
  const suffix = Date.now().toString(36).slice(-6);
  const packageName = `岗位套餐${suffix}`;
  const tenantName = `套餐租户${suffix}`;

  await loginAs(page, "admin", adminPassword());
  await openFromMenu(page, "系统管理", "租户套餐");
  await expect(page).toHaveURL(/\/system\/tenantPackage/);
  await page.getByRole("button", { name: /新\s*增/ }).click();
  const packageForm = page.getByRole("dialog", { name: /新增/ });
  await packageForm.getByLabel("套餐名称").fill(packageName);
  await tick(page, "工作台");
  await tick(page, "岗位管理");
  await saveDialog(page, /新增/);
  await expect(page.getByRole("cell", { name: packageName, exact: true })).toBeVisible();

  await openFromMenu(page, "系统管理", "租户管理");
  await expect(page).toHaveURL(/\/system\/tenant(\?|$)/);
  await page.getByRole("button", { name: /新\s*增/ }).click();
  const tenantForm = page.getByRole("dialog", { name: /新增/ });
  await tenantForm.getByLabel("租户名称").fill(tenantName);
  await tenantForm.getByLabel("联系人").fill("周九");
  await tenantForm.getByLabel("联系电话").fill("13400000000");
  await pickOption(page, tenantForm, "租户套餐", packageName);
  await saveDialog(page, /新增/);

  // Shown once: the tenant id, the account and the password, with the warning.
  const secret = page.getByRole("dialog", { name: "租户管理员账号" });
  await expect(secret).toBeVisible();
  await expect(secret).toContainText("密码只显示这一次");
  const password = (await secret.getByTestId("tenant-admin-password").innerText()).trim();
  expect(password.length).toBeGreaterThanOrEqual(16);
  const tenantId = (await secret.locator(".ant-descriptions-item-content").first().innerText()).trim();
  expect(tenantId).toMatch(/^\d{6}$/);
  await expect(async () => {
    if (await secret.isVisible()) await secret.getByRole("button", { name: /我已保存/ }).click({ timeout: 3_000 });
    await expect(secret).toBeHidden({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText(password)).toHaveCount(0);
  const row = page.getByRole("row").filter({ hasText: tenantName });
  await expect(row).toContainText(packageName);

  // The tenant's administrator, in a fresh context.
  const context = await browser.newContext({ locale: "zh-CN", viewport: { width: 1440, height: 900 } });
  try {
    const tenantPage = await context.newPage();
    await tenantPage.goto("/login");
    const tenantField = tenantPage.getByPlaceholder("租户编号");
    await expect(tenantField).toHaveValue("000000");
    await tenantField.fill(tenantId);
    // The same account and password in the platform tenant would be refused: the tenant id counts.
    await loginAs(tenantPage, "admin", password);
    await openFromMenu(tenantPage, "系统管理", "岗位管理");
    await expect(tenantPage).toHaveURL(/\/system\/post/);
    await expect(tenantPage.getByRole("button", { name: /新\s*增/ })).toBeVisible();
    const menu = sider(tenantPage);
    await expect(menu.getByText("岗位管理", { exact: true })).toBeVisible();
    await expect(menu.getByText("工作台", { exact: true })).toBeVisible();
    for (const other of ["用户管理", "角色管理", "机构管理", "菜单管理", "租户管理", "租户套餐", "仪表盘", "日志审计"]) {
      await expect(menu.getByText(other, { exact: true })).toHaveCount(0);
    }
  } finally {
    await context.close();
  }
});
