/**
 * The kit's resources as an operator walks them: a post created and found, a parameter edited, a
 * dictionary with an entry that the post form's category select does not need a reload to offer.
 */
import { expect, test } from "@playwright/test";
import { adminPassword } from "./support/api";
import { loginAs } from "./support/login";
import { pickOption } from "./support/select";

const suffix = Date.now().toString(36);

test("admin manages posts, parameters and dictionaries on the kit's pages", async ({ page }) => {
  await loginAs(page, "admin", adminPassword());

  await page.goto("/system/post");
  await expect(page.getByRole("cell", { name: "首席执行官", exact: true })).toBeVisible();
  await page.getByRole("button", { name: /新\s*增/ }).click();
  const dialog = page.getByRole("dialog");
  await pickOption(page, dialog, "岗位类型", "基层");
  await dialog.getByLabel("岗位编号").fill(`e2e${suffix}`.slice(0, 12));
  await dialog.getByLabel("岗位名称").fill(`测试岗位${suffix}`);
  await dialog.getByRole("button", { name: /保\s*存/ }).click();
  await expect(page.getByText("添加成功")).toBeVisible();
  await page.getByPlaceholder("请输入岗位名称").fill(`测试岗位${suffix}`);
  await page.getByPlaceholder("请输入岗位名称").press("Enter");
  await expect(page.getByRole("row", { name: new RegExp(`测试岗位${suffix}`) })).toContainText("基层");

  // The lockout is the password policy's: its old parameter keys are refused with where the rule lives.
  await page.goto("/system/param");
  await page.getByRole("button", { name: /新\s*增/ }).click();
  const param = page.getByRole("dialog");
  await param.getByLabel("参数名称").fill("登录失败次数上限");
  await param.getByLabel("参数键名").fill("account.failCount");
  await param.getByLabel("参数键值").fill("3");
  await param.getByRole("button", { name: /保\s*存/ }).click();
  await expect(param.getByText("登录失败锁定规则(失败次数、锁定时长)在「密码策略」中设置,此参数不再生效")).toBeVisible();
  await param.getByLabel("参数键名").fill(`e2e.${suffix}`);
  await param.getByRole("button", { name: /保\s*存/ }).click();
  await expect(page.getByText("添加成功")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(`e2e\\.${suffix}`) })).toContainText("3");

  await page.goto("/system/dictbiz");
  await page.getByRole("button", { name: /新\s*增/ }).click();
  const dict = page.getByRole("dialog");
  await dict.getByLabel("字典编号").fill(`level_${suffix}`);
  await dict.getByLabel("字典名称").fill("级别");
  await dict.getByRole("button", { name: /保\s*存/ }).click();
  await expect(page.getByText("添加成功")).toBeVisible();
  await page.getByRole("row", { name: new RegExp(`level_${suffix}`) }).getByRole("button", { name: /字典配置/ }).click();
  const entries = page.getByRole("dialog", { name: /级别/ });
  await entries.getByRole("button", { name: /新\s*增/ }).click();
  const entry = page.getByRole("dialog").last();
  await entry.getByLabel("字典键值").fill("high");
  await entry.getByLabel("字典名称").fill("高级");
  await entry.getByRole("button", { name: /保\s*存/ }).click();
  await expect(entries.getByRole("cell", { name: "高级", exact: true })).toBeVisible();
});
