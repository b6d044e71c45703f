/**
 * The audit logs as an auditor uses them: a refused sign-in shows up in the sign-in log with its
 * reason, and the operation log exports exactly what its search shows, as a file one can open.
 */
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { adminPassword, adminToken, apiPost, ok } from "./support/api";
import { captchaCode } from "./support/captcha";
import { LOGIN_FIELDS, loginAs } from "./support/login";

const stamp = Date.now().toString(36);

/** Types a wrong password on the login page and waits for the refusal. */
async function failSignIn(page: Page, account: string) {
  await page.goto("/login");
  const field = (name: RegExp) => page.getByPlaceholder(name).filter({ visible: true });
  await field(LOGIN_FIELDS.account).fill(account);
  await field(LOGIN_FIELDS.password).fill("certainly-wrong-1");
  const captcha = field(LOGIN_FIELDS.captcha);
  if (await captcha.count()) {
    await expect(page.getByAltText(LOGIN_FIELDS.captcha).filter({ visible: true })).toBeVisible();
    await captcha.fill(captchaCode());
  }
  await page.getByRole("button", { name: LOGIN_FIELDS.submit }).click();
  await expect(page.locator(".ant-message-error").first()).toContainText("用户名或密码错误");
}

/** CSV text → rows of cells (quoted cells may hold commas and doubled quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.replace(/^\ufeff/, "");
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n") {
      row.push(cell.replace(/\r$/, ""));
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

test("a wrong password is found in the sign-in log with its reason", async ({ browser }) => {
  const account = `e2e_intruder_${stamp}`;
  // A fresh context: nobody is signed in there. Its user agent is a long one (some embedded
  // browsers and API clients send 400 characters): it must not push the time out of sight.
  const agent = `Mozilla/5.0 (X11; Linux x86_64) ${"AppleWebKit/537.36 (KHTML, like Gecko) ".repeat(10)}Chrome/156.0`;
  const stranger = await browser.newContext({ userAgent: agent });
  await failSignIn(await stranger.newPage(), account);
  await stranger.close();

  // The narrowest screen the console is laid out for.
  const auditor = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await auditor.newPage();
  await loginAs(page, "admin", adminPassword());
  await page.goto("/logAudit/systemLogin/index");
  await expect(page.getByRole("table")).toBeVisible();
  await page.getByPlaceholder("请输入账号").fill(account);
  await page.getByPlaceholder("请输入账号").press("Enter");
  const row = page.getByRole("row", { name: new RegExp(account) });
  await expect(row).toBeVisible();
  await expect(row).toContainText("失败");
  await expect(row).toContainText("用户名或密码错误");
  // The time is whole (its text fits its cell) and on screen (inside the table's visible part).
  const time = row.getByRole("cell").filter({ hasText: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/ });
  await expect(time).toBeInViewport({ ratio: 1 });
  const fit = await time.evaluate((cell) => {
    const box = cell.getBoundingClientRect();
    const view = cell.closest(".ant-table-content, .ant-table-body")!.getBoundingClientRect();
    return { whole: cell.scrollWidth <= cell.clientWidth, inside: box.left >= view.left - 1 && box.right <= view.right + 1 };
  });
  expect(fit).toEqual({ whole: true, inside: true });
  await auditor.close();
});

test("the filtered operation log exports as a file holding exactly the rows shown", async ({ page }) => {
  const deptName = `审计${stamp}`.slice(0, 20);
  const token = await adminToken();
  ok(await apiPost(token, "/blade-system/dept/submit", { deptName, parentId: "0", deptCategory: 1, sort: 1 }));

  await loginAs(page, "admin", adminPassword());
  await page.goto("/logAudit/systemOperation/index");
  await expect(page.getByRole("table")).toBeVisible();
  await page.getByPlaceholder("请输入操作").fill("机构管理-新增");
  await page.getByPlaceholder("请输入操作").press("Enter");
  await expect(page.getByRole("row", { name: /机构管理-新增/ }).first()).toBeVisible();
  const total = Number((await page.locator(".ant-pagination-total-text").innerText()).match(/\d+/)![0]);

  // An authenticated blob download: the token travels in the header, never in the URL.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: /(^|\s)导\s*出$/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^系统操作日志\d{14}\.csv$/);
  expect(download.url()).not.toMatch(/token|bearer/i);
  const [header, ...rows] = parseCsv(await readFile((await download.path())!, "utf8"));
  const title = header.indexOf("操作");
  expect(title).toBeGreaterThan(-1);
  expect(rows).toHaveLength(total);
  expect(rows.every((r) => r[title] === "机构管理-新增")).toBe(true);
  expect(rows.some((r) => r.join(",").includes(deptName))).toBe(true);
});
