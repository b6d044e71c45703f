/**
 * 用户同步 as an operator uses it (issue 22): an LDAP synchroniser created in the form against a
 * real OpenLDAP (server/test/slapd.ts, started here on a free port), previewed as a diff, run from
 * the preview, its record read in 同步记录, its users found in 用户管理 with their departments;
 * then a user changed in the directory and a second run: exactly one update.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { ouEntry, personEntry, startSlapd, SUFFIX, type Slapd } from "../../server/test/slapd";
import { adminPassword } from "./support/api";
import { loginAs } from "./support/login";
import { pickOption } from "./support/select";
import { openFromMenu } from "./support/session";
import { uniqueAccount } from "./support/users";

/** Names unique to this run: the journeys share one database. */
const tag = uniqueAccount("s").slice(-6);
const account = `zs${tag}`;
const unit = `研发${tag}`;
const hq = `ou=总部${tag},${SUFFIX}`;
const rd = `ou=${unit},${hq}`;
const zhangDn = `uid=${account},${rd}`;

const directory = () =>
  [
    ouEntry(hq),
    ouEntry(rd),
    personEntry(zhangDn, { uid: account, cn: "张同步", displayName: "张同步", mail: `${account}@example.org`, mobile: "13800000001" }),
    personEntry(`uid=ls${tag},${hq}`, { uid: `ls${tag}`, cn: "李同步", displayName: "李同步", mail: `ls${tag}@example.org` }),
  ].join("");

const dialogOf = (page: Page, title: RegExp) => page.getByRole("dialog", { name: title });
const counts = (scope: Locator) => scope.getByTestId("sync-counts");

test.describe("用户同步 against a real directory", () => {
  let dir: Slapd;
  test.beforeAll(async () => {
    dir = await startSlapd({ ldif: directory() });
  });
  test.afterAll(async () => {
    await dir?.stop();
  });

  test("create, preview, run, read the record, find the users; a changed user is one update", async ({ page }) => {
    const name = `目录${tag}`;
    await loginAs(page, "admin", adminPassword());
    await openFromMenu(page, "应用管理", "用户同步");
    await expect(page).toHaveURL(/\/applicationManagement\/userSynchronizer\/index/);

    await page.getByRole("button", { name: /新\s*增/ }).click();
    const form = page.getByRole("dialog");
    await form.getByLabel("同步器名称").fill(name);
    await form.getByLabel("服务地址").fill(dir.url);
    await form.getByLabel("绑定DN").fill(dir.rootDn);
    await form.getByLabel("绑定密码").fill(dir.rootPassword);
    await form.getByLabel("用户Base DN").fill(hq);
    await pickOption(page, form, "默认角色", "普通用户");
    await form.getByRole("button", { name: /保\s*存/ }).click();
    await expect(form).toBeHidden();

    // The preview: two departments and two users to create, each with what it becomes.
    const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name, exact: true }) });
    await row.getByRole("button", { name: /预\s*览/ }).click();
    const preview = dialogOf(page, /同步预览/);
    await expect(counts(preview).getByText("新增 4")).toBeVisible({ timeout: 30_000 });
    const zhang = preview.getByRole("row").filter({ hasText: "张同步" });
    await expect(zhang.getByText(`账号: ∅ → ${account}`)).toBeVisible();
    await expect(zhang.getByText(`所属机构: ∅ → ${unit}`)).toBeVisible();

    // 同步 from the preview, confirmed; the run is followed to its end.
    await preview.getByRole("button", { name: /同\s*步/ }).click();
    await page.getByRole("dialog").filter({ hasText: "确定按预览结果执行同步" }).getByRole("button", { name: /确\s*定/ }).click();
    const run = dialogOf(page, new RegExp(`同步「${name}」`));
    await expect(run.getByText("同步已完成")).toBeVisible({ timeout: 30_000 });
    await expect(counts(run).getByText("新增 4")).toBeVisible();

    // Its record in 同步记录, with the items it made.
    await run.getByRole("link", { name: "查看同步记录" }).click();
    await expect(page).toHaveURL(/\/applicationManagement\/taskResult\/index\?taskId=/);
    const detail = page.locator(".ant-drawer").filter({ hasText: name });
    await expect(detail.getByText("成功", { exact: true }).first()).toBeVisible();
    await expect(detail.getByText("张同步", { exact: true })).toBeVisible();
    await detail.getByRole("button", { name: /close|关闭/i }).first().click();

    // The users are in 用户管理, in the department the directory gave them.
    await openFromMenu(page, "系统管理", "用户管理");
    await page.getByPlaceholder("请输入登录账号").fill(account);
    await page.getByPlaceholder("请输入登录账号").press("Enter");
    const user = page.getByRole("row", { name: new RegExp(account) });
    await expect(user).toContainText("普通用户");
    await expect(user).toContainText(unit);

    // A change in the directory, then 同步 from the list: exactly one update.
    await dir.modify(zhangDn, { mobile: "13900000009" });
    await openFromMenu(page, "应用管理", "用户同步");
    await row.getByRole("button", { name: /同\s*步/ }).click();
    await page.getByRole("dialog").filter({ hasText: `确定立即同步「${name}」` }).getByRole("button", { name: /确\s*定/ }).click();
    const again = dialogOf(page, new RegExp(`同步「${name}」`));
    await expect(again.getByText("同步已完成")).toBeVisible({ timeout: 30_000 });
    for (const text of ["新增 0", "更新 1", "停用 0", "删除 0", "失败 0"]) await expect(counts(again).getByText(text)).toBeVisible();
  });
});
