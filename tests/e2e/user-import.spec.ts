/**
 * Importing users as an operator does it: download the template from the users page, fill in two
 * rows (one with a bad mobile number), upload it, read the report — the good row imported, the
 * bad one listed with its row number and why — and find the new user, who signs in with the
 * initial password of the parameters.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { expect, test } from "@playwright/test";
import { adminPassword, adminToken, apiGet, apiPost, ok } from "./support/api";
import { loginAs } from "./support/login";
import { openFromMenu, firstRow } from "./support/session";
import { uniqueAccount } from "./support/users";

const INIT_KEY = "account.initPassword";

/** The initial password of the parameters, set to `fallback` if there is none yet. */
async function initialPassword(fallback: string): Promise<string> {
  const token = await adminToken();
  const listed = ok(await apiGet<{ paramKey: string; paramValue: string }[] | { records: { paramKey: string; paramValue: string }[] }>(token, "/blade-system/param/list", { paramKey: INIT_KEY }));
  const rows = Array.isArray(listed) ? listed : listed.records;
  const found = rows.find((r) => r.paramKey === INIT_KEY);
  if (found) return found.paramValue;
  ok(await apiPost(token, "/blade-system/param/submit", { paramName: "初始密码", paramKey: INIT_KEY, paramValue: fallback }), "set the initial password");
  return fallback;
}

test("imports users from the template with one bad row and reads the report", async ({ page }) => {
  const password = await initialPassword("Imp0rt-Init-2026");
  const good = uniqueAccount("imp");
  const bad = uniqueAccount("bad");
  const dir = mkdtempSync(join(tmpdir(), "blade-e2e-import-"));
  try {
    await loginAs(page, "admin", adminPassword());
    await openFromMenu(page, "系统管理", "用户管理");
    await expect(page).toHaveURL(/\/system\/user/);
    await expect(firstRow(page)).toBeVisible();

    const requests: { url: string; auth: string | undefined }[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/blade-user/export-template")) requests.push({ url: r.url(), auth: r.headers()["blade-auth"] });
    });
    await page.getByRole("button", { name: /导\s*入/ }).click();
    const dialog = page.getByRole("dialog", { name: "用户数据导入" });
    await expect(dialog).toBeVisible();

    // The template is an authenticated blob download: the token travels in the header only.
    const downloading = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "下载模板" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("用户导入模板.xlsx");
    expect(requests).toHaveLength(1);
    expect(requests[0].url).not.toMatch(/token|bearer|blade-auth/i);
    expect(requests[0].auth).toMatch(/^bearer /);

    const template = join(dir, "template.xlsx");
    await download.saveAs(template);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(template);
    const sheet = book.worksheets[0];
    const columns = (sheet.getRow(1).values as (string | undefined)[]).map((h) => (h ?? "").replace("*", ""));
    const fill = (row: number, values: Record<string, string>) => {
      for (const [header, value] of Object.entries(values)) sheet.getCell(row, columns.indexOf(header)).value = value;
    };
    fill(2, { 登录账号: good, 用户姓名: "导入新人", 手机号码: "13800138000", 用户性别: "女", 所属角色: "普通用户", 所属部门: "常州刀锋" });
    fill(3, { 登录账号: bad, 用户姓名: "坏行", 手机号码: "12345", 所属角色: "普通用户", 所属部门: "常州刀锋" });
    const filled = join(dir, "用户.xlsx");
    await book.xlsx.writeFile(filled);

    await dialog.locator("input[type=file]").setInputFiles(filled);
    await expect(dialog.getByText("用户.xlsx")).toBeVisible();
    await dialog.getByRole("button", { name: /开始导入/ }).click();
    await expect(dialog.getByText("共 2 行,成功 1 行(新增 1,更新 0),失败 1 行")).toBeVisible({ timeout: 30_000 });
    const refused = dialog.getByRole("row", { name: new RegExp(bad) });
    await expect(refused).toContainText("3");
    await expect(refused).toContainText("手机号码: 格式不正确");
    await expect(dialog.getByRole("row", { name: new RegExp(good) })).toHaveCount(0);

    await dialog.getByRole("button", { name: /取\s*消/ }).click();
    await expect(dialog).toBeHidden();
    await page.getByPlaceholder("请输入登录账号").fill(good);
    await page.getByPlaceholder("请输入登录账号").press("Enter");
    const row = page.getByRole("row", { name: new RegExp(good) });
    await expect(row).toContainText("导入新人");
    await expect(row).toContainText("常州刀锋");
    await page.getByPlaceholder("请输入登录账号").fill(bad);
    await page.getByPlaceholder("请输入登录账号").press("Enter");
    // An empty search says what was searched (issue 19).
    await expect(page.locator(".ant-table-placeholder")).toContainText(`没有符合「`);
    await expect(page.locator(".ant-table-placeholder")).toContainText(bad);

    // The imported user signs in with the initial password.
    await page.context().clearCookies();
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await loginAs(page, good, password);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
