/**
 * Role groups (§6 "Role groups bind to applications"): the administrator opens 角色组 on a role,
 * creates a group, binds an application to it, gives it one of the application's permission
 * groups, and after a reload finds all of it kept.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { adminPassword, adminToken, apiPost, ok } from "./support/api";
import { loginAs } from "./support/login";
import { openFromMenu, toast } from "./support/session";
import { uniqueAccount } from "./support/users";

/** A modal by its title (antd renders it outside the drawer). */
const modal = (page: Page, title: string) => page.locator(".ant-modal").filter({ has: page.locator(".ant-modal-title", { hasText: title }) });

/** Opens the role's 角色组 drawer from the role list. */
async function openGroups(page: Page, roleName: string): Promise<Locator> {
  const row = page.getByRole("row", { name: new RegExp(roleName) });
  const drawer = page.locator(".ant-drawer-content").filter({ hasText: `角色组 · ${roleName}` });
  // A click that lands while the table is still re-rendering is retried until the drawer shows.
  await expect(async () => {
    if (!(await drawer.isVisible())) await row.getByRole("button", { name: /角色组/ }).click({ timeout: 5_000 });
    await expect(drawer).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  return drawer;
}

test("a role group bound to an application and one of its permission groups is kept", async ({ page }) => {
  test.setTimeout(120_000);
  // Setup through the API: a role without groups, and an application with two roles of its own.
  const token = await adminToken();
  const suffix = uniqueAccount("rg").slice(3);
  const roleName = `角色组测试${suffix}`;
  ok(await apiPost(token, "/blade-system/role/submit", { roleName, roleAlias: `rg_${suffix}`, sort: 60 }), "create role");
  const appName = `协同办公${suffix}`;
  const created = ok(await apiPost<{ id: string }>(token, "/authentication/app/insert", { appName, appCode: `oa_${suffix}`, appUrl: "https://oa.example.com" }), "create app");
  for (const [name, code] of [["审批人", "approver"], ["只读用户", "reader"]]) {
    ok(await apiPost(token, "/authentication/bladeApplicationRole/insert", { appId: created.id, roleName: name, roleCode: `${code}_${suffix}` }), "create app role");
  }

  await loginAs(page, "admin", adminPassword());
  await openFromMenu(page, "系统管理", "角色管理");
  await expect(page).toHaveURL(/\/system\/role/);
  let drawer = await openGroups(page, roleName);
  await expect(drawer.locator(".ant-empty-description").filter({ hasText: "暂无数据" })).toBeVisible();

  // Create the group.
  await drawer.getByRole("button", { name: /新增角色组/ }).click();
  const form = modal(page, "新增角色组");
  await form.getByLabel("角色组名称").fill("华东组");
  await form.getByLabel("备注").fill("华东区域的应用");
  await form.getByRole("button", { name: /保\s*存/ }).click();
  await expect(toast(page, "添加成功")).toBeVisible();
  const card = drawer.getByRole("region", { name: "华东组" });
  await expect(card.getByText("暂未绑定应用")).toBeVisible();

  // Bind the application, found by searching its name.
  await card.getByRole("button", { name: /绑定应用/ }).click();
  const bind = modal(page, "绑定应用 · 华东组");
  const picker = bind.getByRole("combobox", { name: "绑定应用" });
  const option = page.locator(".ant-select-item-option").filter({ hasText: appName });
  // The dropdown opens with an animation: type again until the option shows.
  await expect(async () => {
    await picker.click({ timeout: 5_000 });
    await picker.fill(appName, { timeout: 5_000 });
    await expect(option).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await option.click();
  await expect(bind.locator(".ant-select-selection-item").filter({ hasText: appName })).toBeVisible();
  // Close the dropdown (it would cover the buttons) by clicking the modal's title.
  await expect(async () => {
    await bind.locator(".ant-modal-title").click({ timeout: 5_000 });
    await expect(option).toBeHidden({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await bind.getByRole("button", { name: /保\s*存/ }).click();
  await expect(bind).toBeHidden();
  await expect(card.getByRole("cell", { name: appName, exact: true })).toBeVisible();

  // Give the group one of the application's permission groups.
  await card.getByRole("button", { name: `权限组 ${appName}` }).click();
  const perms = modal(page, `权限组 · ${appName}`);
  const approver = perms.getByRole("checkbox", { name: "审批人" });
  // On a loaded machine the tick can show a moment after the click (check() asserts at once and
  // failed CI): click while it is not ticked, then wait for the tick, never clicking it off again.
  await expect(perms.locator(".ant-modal-content")).toBeVisible();
  await expect(perms).not.toHaveClass(/ant-zoom-(appear|enter)/);
  await expect(async () => {
    if (!(await approver.isChecked())) await approver.click({ timeout: 5_000 });
    await expect(approver).toBeChecked({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await perms.getByRole("button", { name: /保\s*存/ }).click();
  await expect(perms).toBeHidden();
  await expect(card.getByText("审批人")).toBeVisible();

  // After a reload, all of it is still there.
  await page.reload();
  await expect(page.getByRole("row", { name: new RegExp(roleName) })).toBeVisible({ timeout: 30_000 });
  drawer = await openGroups(page, roleName);
  const kept = drawer.getByRole("region", { name: "华东组" });
  await expect(kept.getByText("华东区域的应用")).toBeVisible();
  await expect(kept.getByRole("cell", { name: appName, exact: true })).toBeVisible();
  await expect(kept.getByText("审批人")).toBeVisible();
  await expect(kept.getByText("只读用户")).toHaveCount(0);
});
