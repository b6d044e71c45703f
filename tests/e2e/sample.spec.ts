/**
 * The data-asset pages with their sample data (mock flag off: the reference server's sample
 * module answers): the projects page by page and searched, and the catalogue's special nodes.
 */
import { expect, test } from "@playwright/test";
import { adminPassword } from "./support/api";
import { loginAs } from "./support/login";

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
