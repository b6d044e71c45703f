/**
 * An operator adds a page to the platform's menus: a menu with an icon chosen in the icon picker,
 * then a button below it; the menu shows in the side menu at the next load, the button under its
 * menu in the tree. Leaving the dialog with typed changes asks first, in the console's own dialog.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { adminPassword } from "./support/api";
import { loginAs } from "./support/login";
import { openFromMenu, sider } from "./support/session";

const suffix = Date.now().toString(36);

/**
 * Chooses `option` in the single select labelled `label` inside `scope`. Unlike support/select.ts
 * it clicks the select's box, not its input: a select that already shows a value (菜单类型 starts
 * at 菜单) has that value over its input. A click lost to an opening animation is retried until
 * the choice shows.
 */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  const item = scope.locator(".ant-form-item").filter({ has: page.getByText(label, { exact: true }) });
  const chosen = item.locator(".ant-select-selection-item").filter({ hasText: option });
  await expect(async () => {
    if ((await chosen.count()) > 0) return;
    await item.locator(".ant-select-selector").click({ timeout: 3_000 });
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: option }).first().click({ timeout: 3_000 });
    await expect(chosen).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
const menuName = `端到端菜单${suffix}`;
const menuCode = `e2e_${suffix}`;

test("admin creates a menu with an icon and a button below it", async ({ page }) => {
  await loginAs(page, "admin", adminPassword());
  await openFromMenu(page, "系统管理", "菜单管理");
  await expect(page).toHaveURL(/\/system\/menu/);
  await expect(page.getByRole("row", { name: /系统管理\s+\/system\s/ })).toBeVisible();

  await page.getByRole("button", { name: /新\s*增/ }).first().click();
  const dialog = page.getByRole("dialog", { name: "新增菜单" });
  await dialog.getByLabel("菜单名称").fill(menuName);
  await dialog.getByLabel("路由地址").fill(`/e2e/${suffix}`);
  await dialog.getByLabel("菜单编号").fill(menuCode);

  // Esc with typed changes asks in the console's own dialog, never the browser's confirm(); 取消 keeps them.
  const native: string[] = [];
  page.on("dialog", (d) => {
    native.push(d.message());
    void d.dismiss();
  });
  await dialog.getByLabel("菜单编号").press("Escape");
  const leave = page.locator(".ant-modal-confirm").filter({ hasText: "确定要离开吗?有未保存的修改。" });
  await leave.getByRole("button", { name: /取\s*消/ }).click();
  await expect(leave).toBeHidden();
  await expect(dialog.getByLabel("菜单名称")).toHaveValue(menuName);
  expect(native).toEqual([]);

  // The icon picker: search the Ant Design icons by name, pick one; the field takes its name.
  await dialog.getByRole("button", { name: "选择图标" }).click();
  const picker = page.getByRole("dialog", { name: "选择图标" });
  await picker.getByLabel("搜索图标名称").fill("rocket");
  const rocket = picker.getByRole("option", { name: "RocketOutlined" });
  await expect(async () => {
    if (await picker.isVisible()) await rocket.click({ timeout: 2_000 });
    await expect(dialog.getByLabel("菜单图标")).toHaveValue("RocketOutlined", { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(picker).toBeHidden();

  await dialog.getByRole("button", { name: /保\s*存/ }).click();
  await expect(page.getByText("添加成功").first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // Found by a search over every level, drawn with its icon.
  const search = page.locator("form#menu-search");
  await search.getByLabel("菜单名称").fill(menuName);
  await search.getByLabel("菜单名称").press("Enter");
  const row = page.getByRole("row", { name: new RegExp(menuName) });
  await expect(row).toBeVisible();
  await expect(row.locator(".anticon-rocket")).toBeVisible();

  // A button below it, from the row's 新增子项.
  await row.getByRole("button", { name: /新增子项/ }).click();
  const child = page.getByRole("dialog", { name: `新增子项 · ${menuName}` });
  await choose(page, child, "菜单类型", "按钮");
  await child.getByLabel("菜单名称").fill("导出");
  await child.getByLabel("菜单编号").fill(`${menuCode}_export`);
  await child.getByLabel("菜单别名").fill("export");
  await choose(page, child, "按钮功能", "工具栏");
  await child.getByRole("button", { name: /保\s*存/ }).click();
  await expect(page.getByText("添加成功").first()).toBeVisible();
  await expect(child).toBeHidden();

  // The menu now has a child: opening it shows the button.
  const expander = row.getByRole("button", { name: /展开|expand/i });
  await expect(async () => {
    if (await expander.isVisible()) await expander.click({ timeout: 2_000 });
    await expect(page.getByRole("row", { name: new RegExp(`导出.*${menuCode}_export`) })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });

  // The administrator editing menus sees the new one in the side menu at once, and after a reload.
  await expect(sider(page).getByText(menuName, { exact: true })).toBeVisible();
  await page.reload();
  await expect(sider(page).getByText(menuName, { exact: true })).toBeVisible();
});
