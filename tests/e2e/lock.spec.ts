/**
 * Locking the screen (§4): the top bar's lock asks for a non-empty lock password, then the lock
 * page holds every route until the right password is typed, and the page asked for comes back.
 */
import { expect, test } from "@playwright/test";
import { adminPassword } from "./support/api";
import { loginAs } from "./support/login";
import { openFromMenu, firstRow } from "./support/session";
import { openedDialog } from "./support/dialog";

const OK = /^\s*确\s*定\s*$/;

test("lock from the top bar, every route and every tab leads to /lock, only the lock password unlocks", async ({ page }) => {
  // Two tabs, locked and unlocked twice: more than the default minute on a loaded machine.
  test.setTimeout(120_000);
  await loginAs(page, "admin", adminPassword());
  await openFromMenu(page, "系统管理", "用户管理");
  await expect(page).toHaveURL(/\/system\/user/);
  await expect(firstRow(page)).toBeVisible();

  await page.getByRole("button", { name: "锁屏" }).click();
  const dialog = await openedDialog(page, "设置锁屏密码");
  // The field has the focus: the password can be typed at once.
  await expect(dialog.getByLabel("锁屏密码")).toBeFocused();
  await dialog.getByRole("button", { name: OK }).click();
  await expect(dialog.getByText("锁屏密码不能为空")).toBeVisible();
  await expect(page).toHaveURL(/\/system\/user/);

  await dialog.getByLabel("锁屏密码").fill("e2e-lock-1");
  await dialog.getByRole("button", { name: OK }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/lock$/);
  const unlock = page.getByRole("button", { name: /^\s*解\s*锁\s*$/ });
  await expect(unlock).toBeVisible();

  // Typing an address does not get past the lock, even after a reload of the page.
  await page.goto("/system/user");
  await expect(page).toHaveURL(/\/lock$/);
  await expect(unlock).toBeVisible();
  await expect(firstRow(page)).toHaveCount(0);

  // The lock holds in every tab of the browser: a tab opened now starts on the lock page.
  const second = await page.context().newPage();
  await second.goto("/system/user");
  await expect(second).toHaveURL(/\/lock$/);
  await expect(second.getByRole("button", { name: /^\s*解\s*锁\s*$/ })).toBeVisible();
  await expect(firstRow(second)).toHaveCount(0);

  const password = page.getByPlaceholder("请输入锁屏密码");
  await password.fill("not-the-lock");
  await unlock.click();
  await expect(page.getByText("解锁密码错误")).toBeVisible();
  await expect(page).toHaveURL(/\/lock$/);

  await password.fill("e2e-lock-1");
  await unlock.click();
  await expect(page).toHaveURL(/\/system\/user/);
  await expect(firstRow(page)).toBeVisible();
  // Unlocking one tab unlocks the other, which returns to the page it was opened on.
  await expect(second).toHaveURL(/\/system\/user/);
  await expect(firstRow(second)).toBeVisible();

  // Locking from the second tab sends the first one to the lock page at once.
  await second.getByRole("button", { name: "锁屏" }).click();
  const secondDialog = await openedDialog(second, "设置锁屏密码");
  await expect(secondDialog.getByLabel("锁屏密码")).toBeFocused();
  await secondDialog.getByLabel("锁屏密码").fill("e2e-lock-2");
  await secondDialog.getByRole("button", { name: OK }).click();
  await expect(secondDialog).toBeHidden();
  await expect(second).toHaveURL(/\/lock$/);
  await expect(page).toHaveURL(/\/lock$/);
  await password.fill("e2e-lock-2");
  await unlock.click();
  await expect(page).toHaveURL(/\/system\/user/);
  await expect(second).toHaveURL(/\/system\/user/);
  await second.close();

  // Unlocked means unlocked: the lock page sends the user back instead of asking again.
  await page.goto("/workbench/index");
  await expect(page).toHaveURL(/\/workbench\/index/);
});
