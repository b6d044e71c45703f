/**
 * Switching department/role (§4, switch mode — on in the e2e build): a user holding two roles
 * signs in with both, then narrows the session to one role and back; the side menu follows.
 */
import { expect, test, type Page } from "@playwright/test";
import { loginAs } from "./support/login";
import { sider } from "./support/session";
import { createUser, uniqueAccount } from "./support/users";

const password = "Sw1tch-R0les!";
const OK = /^\s*确\s*定\s*$/;

async function pick(page: Page, label: string, option: string) {
  const dialog = page.getByRole("dialog", { name: "切换部门角色" });
  await dialog.locator(".ant-select").filter({ has: page.getByRole("combobox", { name: label }) }).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: option }).click();
}

async function switchTo(page: Page, dept: string, role: string) {
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "切换部门角色" }).click();
  const dialog = page.getByRole("dialog", { name: "切换部门角色" });
  await expect(dialog).toBeVisible();
  await pick(page, "部门", dept);
  await pick(page, "角色", role);
  await dialog.getByRole("button", { name: OK }).click();
  await expect(page.getByText("切换成功")).toBeVisible();
  await expect(dialog).toBeHidden();
}

test("switching to another of one's roles changes the side menu", async ({ page }) => {
  const account = await createUser({
    account: uniqueAccount("e2e_switch"),
    password,
    realName: "双角色",
    roles: ["普通用户", "超级管理员"],
    depts: ["常州刀锋", "苏州刀锋"],
  });
  const systemMenu = sider(page).getByText("系统管理", { exact: true });
  const dashboard = sider(page).getByText("仪表盘", { exact: true });

  await loginAs(page, account, password);
  // Signed in with both roles: the administrator's menu includes 系统管理.
  await expect(dashboard).toBeVisible();
  await expect(systemMenu).toBeVisible();

  // Both selects are required.
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "切换部门角色" }).click();
  const dialog = page.getByRole("dialog", { name: "切换部门角色" });
  await dialog.getByRole("button", { name: OK }).click();
  await expect(dialog.getByText("请选择部门")).toBeVisible();
  await expect(dialog.getByText("请选择角色")).toBeVisible();
  // The options are the user's own departments and roles only.
  await dialog.locator(".ant-select").filter({ has: page.getByRole("combobox", { name: "角色" }) }).click();
  await expect(page.locator(".ant-select-dropdown:visible .ant-select-item-option")).toHaveText(["普通用户", "超级管理员"]);
  await page.keyboard.press("Escape");
  await dialog.getByRole("button", { name: /^\s*取\s*消\s*$/ }).click();
  await expect(dialog).toBeHidden();

  await switchTo(page, "苏州刀锋", "普通用户");
  await expect(page).toHaveURL(/\/workbench\/index/);
  await expect(dashboard).toBeVisible();
  await expect(systemMenu).toHaveCount(0);
  // The workbench names the role now in force, by its name.
  await expect(page.locator("main, .ant-layout-content").first().getByText("普通用户", { exact: true })).toBeVisible();

  // A reload keeps the choice (the token carries it).
  await page.reload();
  await expect(dashboard).toBeVisible();
  await expect(systemMenu).toHaveCount(0);

  await switchTo(page, "常州刀锋", "超级管理员");
  await expect(systemMenu).toBeVisible();
  await systemMenu.click();
  await page.getByRole("menuitem").filter({ has: page.getByText("用户管理", { exact: true }), visible: true }).click();
  await expect(page).toHaveURL(/\/system\/user/);
  await expect(page.getByRole("cell", { name: account, exact: true })).toBeVisible();
});
