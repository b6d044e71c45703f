/**
 * Applications as an operator sets them up: a category and an application filed under it, a role
 * of that application, the role given to a user from the users page — and still there when the
 * dialog is opened again.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { adminPassword } from "./support/api";
import { loginAs } from "./support/login";
import { pickOption } from "./support/select";
import { openFromMenu } from "./support/session";
import { createUser, uniqueAccount } from "./support/users";

const suffix = uniqueAccount("a").slice(2);
const categoryName = `办公协同${suffix}`;
const appName = `审批中心${suffix}`;
const appCode = `approval_${suffix}`;
const roleName = `审批人${suffix}`;

/** Saves a dialog and waits for it to close; a click during the dialog's entrance animation is retried. */
async function save(page: Page, dialog: Locator, done: string) {
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.getByRole("button", { name: /保\s*存/ }).click({ timeout: 2_000 });
    await expect(page.getByText(done).first()).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(dialog).toBeHidden();
}

/**
 * Chooses a category in the application form. The select starts on 无分类, whose shown value
 * covers its input, so the select itself is clicked; retried while the dropdown is still animating.
 */
async function pickCategory(page: Page, dialog: Locator, name: string) {
  const item = dialog.locator(".ant-form-item").filter({ has: page.getByText("应用分类", { exact: true }) });
  const chosen = item.locator(".ant-select-selection-item").filter({ hasText: name });
  await expect(async () => {
    if ((await chosen.count()) > 0) return;
    await item.locator(".ant-select-selector").click({ timeout: 2_000 });
    await page.locator(".ant-select-dropdown:visible .ant-select-tree-title").filter({ hasText: name }).first().click({ timeout: 3_000 });
    await expect(chosen.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** Opens a user row's 更多 → 应用角色 dialog. */
async function openAppRoles(page: Page, account: string): Promise<Locator> {
  const row = page.getByRole("row", { name: new RegExp(account) });
  const dialog = page.locator(".ant-modal").filter({ hasText: "应用角色 ·" });
  await expect(async () => {
    if (!(await dialog.isVisible())) {
      // The row's 更多 menu, not the side menu's 应用角色 page.
      const item = page.locator(".ant-dropdown:visible").getByRole("menuitem", { name: "应用角色", exact: true });
      if (!(await item.isVisible())) await row.getByRole("button", { name: new RegExp(`更多 ${account}`) }).click({ timeout: 2_000 });
      await item.click({ timeout: 2_000 });
    }
    await expect(dialog.getByText(appName)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  return dialog;
}

const roleNode = (dialog: Locator) => dialog.locator(".ant-tree-treenode").filter({ hasText: roleName });

test("a category, an application and its role, given to a user on the users page, stay given", async ({ page }) => {
  const account = await createUser({ account: uniqueAccount("e2e_app"), password: "App-R0le-Pw!", realName: "应用用户", roles: ["普通用户"], depts: ["常州刀锋"] });
  await loginAs(page, "admin", adminPassword());

  // 应用列表: a category from the tree, then an application filed under it.
  await openFromMenu(page, "应用管理", "应用列表");
  await expect(page).toHaveURL(/\/applicationManagement\/applicationList\/index/);
  await page.getByRole("button", { name: "新增分类" }).click();
  const categoryDialog = page.locator(".ant-modal").filter({ hasText: "新增分类" });
  await categoryDialog.getByLabel("分类名称").fill(categoryName);
  await save(page, categoryDialog, "添加成功");
  await expect(page.getByRole("tree").getByText(categoryName, { exact: true })).toBeVisible();

  await page.getByRole("button", { name: /新\s*增$/ }).click();
  const appDialog = page.locator(".ant-modal").filter({ hasText: "新增应用" });
  await appDialog.getByLabel("应用名称").fill(appName);
  await appDialog.getByLabel("应用编码").fill(appCode);
  await appDialog.getByLabel("应用地址").fill("https://approval.example.com");
  await pickCategory(page, appDialog, categoryName);
  await save(page, appDialog, "添加成功");
  await page.getByRole("tree").getByText(categoryName, { exact: true }).click();
  const appRow = page.getByRole("row", { name: new RegExp(appName) });
  await expect(appRow).toBeVisible();
  await expect(appRow).toContainText(categoryName);
  await expect(appRow.getByRole("switch")).toBeChecked();

  // 应用角色: a role of that application.
  await openFromMenu(page, "应用管理", "应用角色");
  await expect(page).toHaveURL(/\/applicationManagement\/rolesManagement\/index/);
  await page.getByRole("button", { name: /新\s*增$/ }).click();
  const roleDialog = page.locator(".ant-modal").filter({ hasText: "新增应用角色" });
  await pickOption(page, roleDialog, "所属应用", appName);
  await roleDialog.getByLabel("角色名称").fill(roleName);
  await roleDialog.getByLabel("角色编码").fill(`approver_${suffix}`);
  await save(page, roleDialog, "添加成功");
  await expect(page.getByRole("row", { name: new RegExp(roleName) })).toContainText(appName);

  // 用户管理: the role given to the user, then found checked when the dialog opens again.
  await openFromMenu(page, "系统管理", "用户管理");
  await page.getByPlaceholder("请输入登录账号").fill(account);
  await page.getByPlaceholder("请输入登录账号").press("Enter");
  await expect(page.getByRole("row", { name: new RegExp(account) })).toBeVisible();
  const dialog = await openAppRoles(page, account);
  await expect(roleNode(dialog).locator(".ant-tree-checkbox-checked")).toHaveCount(0);
  await roleNode(dialog).getByText(roleName).click();
  await expect(roleNode(dialog).locator(".ant-tree-checkbox-checked")).toHaveCount(1);
  await save(page, dialog, "修改成功");

  const again = await openAppRoles(page, account);
  await expect(roleNode(again).locator(".ant-tree-checkbox-checked")).toHaveCount(1);
});
