/**
 * Password policy (issue 10): the platform administrator tightens the policy in the browser, and
 * the user form then refuses a weak password with the policy's own words (the words the server
 * answers too), while a password that meets it creates the user. Journeys share one server: the
 * policy found at the start is put back at the end, whatever happened in between.
 */
import { expect, test, type Page } from "@playwright/test";
import { adminPassword, adminToken, apiGet, apiPost } from "./support/api";
import { loginAs } from "./support/login";
import { pickOption } from "./support/select";
import { openFromMenu, firstRow } from "./support/session";

const API = "/blade-system/sysConfig";
type Policy = Record<string, unknown> & { source?: string; tenantId?: string };

let before: Policy | undefined;

test.beforeAll(async () => {
  before = (await apiGet<Policy>(await adminToken(), `${API}/getPasswordPolicy`)).data;
});

test.afterAll(async () => {
  const token = await adminToken();
  // Never saved before: forget the saved one (the defaults apply again); else save what it was.
  if (!before || before.source === "default") await apiPost(token, `${API}/passwordPolicyReset`);
  else {
    const { source: _s, tenantId: _t, specialChars: _c, ...values } = before;
    await apiPost(token, `${API}/passwordAddUpdate`, values);
  }
});

async function setNumber(page: Page, label: string, value: number) {
  const input = page.getByLabel(label, { exact: true });
  await input.fill(String(value));
  await expect(input).toHaveValue(String(value));
}

async function switchOn(page: Page, label: string | RegExp) {
  const toggle = page.getByRole("switch", { name: label });
  await expect(async () => {
    if ((await toggle.getAttribute("aria-checked")) !== "true") await toggle.click({ timeout: 3_000 });
    await expect(toggle).toHaveAttribute("aria-checked", "true", { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

test("a tightened policy refuses a weak password at user creation, in the policy's words", async ({ page }) => {
  const account = `pp_${Date.now().toString(36)}`;
  await loginAs(page, "admin", adminPassword());

  await openFromMenu(page, "系统管理", "密码策略");
  await expect(page).toHaveURL(/\/system\/cryptographicPolicy/);
  await expect(page.getByLabel("密码最小长度", { exact: true })).toBeVisible();
  await setNumber(page, "密码最小长度", 10);
  for (const label of ["必须包含数字", "必须包含大写字母", "必须包含小写字母", /^必须包含特殊字符/]) {
    await switchOn(page, label);
  }
  await page.getByRole("button", { name: /保\s*存/ }).click();
  await expect(page.getByText("修改成功")).toBeVisible();

  await openFromMenu(page, "系统管理", "用户管理");
  await expect(page).toHaveURL(/\/system\/user/);
  await expect(firstRow(page)).toBeVisible();
  await page.getByRole("button", { name: /新\s*增/ }).click();
  const dialog = page.getByRole("dialog", { name: "新增用户" });
  await dialog.getByLabel("登录账号").fill(account);
  await dialog.getByLabel("用户姓名").fill("策略");
  const password = dialog.getByLabel(/^\*?\s*密码$/);
  await password.fill("Weak1!");
  await dialog.getByLabel("确认密码").fill("Weak1!");
  await pickOption(page, dialog, "所属角色", "普通用户");
  await pickOption(page, dialog, "所属部门", "常州刀锋", { search: "常州" });
  await dialog.getByRole("button", { name: /确\s*定|保\s*存/ }).click();
  await expect(dialog.getByText("密码长度在10到32个字符")).toBeVisible();

  await password.fill("weakpassword1");
  await expect(dialog.getByText("密码只能且必须包含数字、大写字母、小写字母、特殊字符")).toBeVisible();
  await password.fill("Qwe1!Zk4#mT");
  await expect(dialog.getByText("密码过于简单,不能包含三个相同或连续的字符")).toBeVisible();

  // One that meets the policy: the server takes it.
  await password.fill("Zk4!mQ8#rT");
  await dialog.getByLabel("确认密码").fill("Zk4!mQ8#rT");
  await expect(dialog.getByText(/密码长度在|密码只能且必须|密码过于简单/)).toHaveCount(0);
  await dialog.getByRole("button", { name: /确\s*定|保\s*存/ }).click();
  await expect(page.getByText("添加成功")).toBeVisible();
  await expect(dialog).toBeHidden();
});
