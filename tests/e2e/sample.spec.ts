/**
 * The data-asset pages with their sample data (mock flag off: the reference server's sample
 * module answers): the projects page by page and searched, and the catalogue's special nodes.
 */
import { expect, test } from "@playwright/test";
import { adminPassword } from "./support/api";
import { loginAs } from "./support/login";
import { openFromMenu, sider } from "./support/session";

test("the sample projects page by page, searched; the catalogue tree and a table's columns", async ({ page }) => {
  await loginAs(page, "admin", adminPassword());

  await page.goto("/dataAuth/policy");
  await expect(page.getByText("共 11 条")).toBeVisible({ timeout: 20_000 });
  const rows = page.locator(".ant-table-tbody tr.ant-table-row");
  await expect(rows).toHaveCount(10);
  await page.getByRole("listitem", { name: "Next Page" }).or(page.getByTitle("下一页")).first().click();
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole("cell", { name: "交通调度", exact: true })).toBeVisible();

  await page.getByLabel("项目名称").fill("画像");
  await page.getByLabel("项目名称").press("Enter");
  await expect(page.getByRole("cell", { name: "用户画像", exact: true })).toBeVisible();
  await expect(rows).toHaveCount(1);

  await page.goto("/dataAssets/assetCatalog");
  await expect(page.getByText("全部", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("视图", { exact: true })).toBeVisible();
  await page.getByText("ods_user", { exact: true }).click();
  await expect(page.getByRole("cell", { name: "user_name", exact: true })).toBeVisible();
});

test("the sample top-level menus: pages of their own, reached from the side menu", async ({ page }) => {
  await loginAs(page, "admin", adminPassword());
  await page.goto("/integration");
  const side = sider(page);
  await expect(side.getByRole("menuitem", { name: "资源管理" })).toHaveClass(/ant-menu-item-selected/, { timeout: 20_000 });
  await expect(page.getByText("共 11 条")).toBeVisible();
  await page.getByLabel("数据库类型").click();
  await page.getByTitle("Hive", { exact: true }).click();
  await page.getByRole("button", { name: /^search 搜\s*索$/ }).click();
  await expect(page.getByText("共 6 条")).toBeVisible();
  await expect(page.locator(".ant-table-tbody tr.ant-table-row")).toHaveCount(6);

  await side.getByRole("menuitem", { name: "管理中心" }).click();
  await expect(page).toHaveURL(/\/manageCenter$/);
  const workbench = page.getByRole("row").filter({ hasText: "数据工作台" });
  await workbench.getByRole("button").first().click();
  await expect(page.getByRole("cell", { name: "/workbench/projectBoard" })).toBeVisible();

  // 数据工作台 is opened first when it is closed (the sider may be collapsed or the group shut).
  await openFromMenu(page, "数据工作台", "项目看板");
  await expect(page).toHaveURL(/\/workbench\/projectBoard$/);
  await expect(page.locator(".ant-list-item .ant-card")).toHaveCount(10);
  await page.screenshot({ path: "test-results/sample-board.png", fullPage: true });
});
