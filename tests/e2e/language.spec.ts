/**
 * The language switch of the top bar (§2): zh by default, English on demand, remembered across a
 * reload, and back.
 */
import { expect, test, type Page } from "@playwright/test";
import { adminPassword } from "./support/api";
import { loginAs } from "./support/login";
import { openFromMenu, sider, tab } from "./support/session";

async function chooseLanguage(page: Page, current: "语言" | "Language", option: "English" | "简体中文") {
  // The select's visible box (its input lies under the shown value).
  await page.locator(".ant-select").filter({ has: page.getByRole("combobox", { name: current }) }).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: option }).click();
}

test("switching to English survives a reload; switching back restores Chinese", async ({ page }) => {
  await loginAs(page, "admin", adminPassword());
  const home = page.locator("main, .ant-layout-content").first();
  await expect(home.getByText("我的功能", { exact: true })).toBeVisible();
  await expect(tab(page, "首页")).toBeVisible();
  await expect(page.getByRole("button", { name: "锁屏" })).toBeVisible();

  await chooseLanguage(page, "语言", "English");
  await expect(home.getByText("My pages", { exact: true })).toBeVisible();
  await expect(home.getByText("Have a productive day", { exact: true })).toBeVisible();
  await expect(tab(page, "Home")).toBeVisible();
  await expect(page.getByRole("button", { name: "Lock screen" })).toBeVisible();
  await expect(home.getByText("我的功能", { exact: true })).toHaveCount(0);

  await page.reload();
  await expect(home.getByText("My pages", { exact: true })).toBeVisible();
  await expect(tab(page, "Home")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Language" })).toBeVisible();
  await expect(page.locator(".ant-select-selection-item", { hasText: "English" })).toBeVisible();
  // The user menu follows too.
  await page.getByTestId("user-menu").click();
  await expect(page.getByRole("menuitem", { name: /Sign out$/ })).toBeVisible();
  await page.keyboard.press("Escape");

  await chooseLanguage(page, "Language", "简体中文");
  await expect(home.getByText("我的功能", { exact: true })).toBeVisible();
  await expect(tab(page, "首页")).toBeVisible();
  await page.reload();
  await expect(home.getByText("我的功能", { exact: true })).toBeVisible();
});

test("menu names follow the language: side menu, tab, breadcrumb and menu search", async ({ page }) => {
  await loginAs(page, "admin", adminPassword());
  await chooseLanguage(page, "语言", "English");
  await openFromMenu(page, "System", "Users");
  await expect(page).toHaveURL(/\/system\/user/);
  await expect(tab(page, "Users")).toBeVisible();
  await expect(page.locator(".ant-breadcrumb")).toHaveText("System/Users");
  await expect(sider(page).getByText("Roles", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Menu search" }).click();
  const overlay = page.getByRole("dialog", { name: "Menu search" });
  await overlay.getByPlaceholder("Enter search text").fill("rOl");
  await expect(overlay.getByRole("option")).toHaveCount(1);
  await expect(overlay.getByRole("option")).toContainText("Roles");
  await page.keyboard.press("Escape");

  await chooseLanguage(page, "Language", "简体中文");
  await expect(tab(page, "用户管理")).toBeVisible();
  await expect(page.locator(".ant-breadcrumb")).toHaveText("系统管理/用户管理");
});
