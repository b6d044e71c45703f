/**
 * Granting a role (§6, issue 19 item 1): the administrator gives a role the 岗位管理 page and its 新增
 * button in 权限设置 — no top menu holds 系统管理, and the dialog says it is listed under every top
 * menu. The role's user then finds exactly that: the page in the side menu, the add button on it,
 * none of the buttons the role was not given; 权限解释 agrees. Revoked, the page is gone from the
 * menu, opening it answers 403, and 权限解释 agrees again.
 */
import { expect, test, type Page } from "@playwright/test";
import { adminPassword, adminToken, apiGet, apiPost, ok } from "./support/api";
import { loginAs } from "./support/login";
import { pickOption } from "./support/select";
import { openFromMenu, sider } from "./support/session";
import { createUser, uniqueAccount } from "./support/users";

const password = "Gr4nt-R0le-Pw!";

async function logout(page: Page) {
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "退出登录" }).click();
  const confirm = page.getByRole("dialog", { name: "退出登录" }).getByRole("button", { name: /确\s*定/ });
  // The confirmation zooms in; a click that lands during its animation is retried.
  await expect(async () => {
    if (await confirm.isVisible()) await confirm.click();
    await expect(page).toHaveURL(/\/login$/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

test("a role granted a page and one button shows its user that page and that button only", async ({ page }) => {
  // Five sign-ins and two explanations: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  // Setup through the API: a role with no grants, and a user holding only that role.
  const suffix = uniqueAccount("g").slice(2);
  const roleName = `岗位录入员${suffix}`;
  ok(await apiPost(await adminToken(), "/blade-system/role/submit", { roleName, roleAlias: `post_entry_${suffix}`, sort: 50 }), "create role");
  const account = await createUser({ account: uniqueAccount("e2e_grant"), password, realName: "授权用户", roles: [roleName], depts: ["常州刀锋"] });
  await journey(page, roleName, account);
});

/** 权限解释 for `account` and the menu `item`, from the user's row: the verdict and the menu step. */
async function explain(page: Page, account: string, item: string, verdict: "可以使用" | "不能使用", listed: RegExp) {
  await openFromMenu(page, "系统管理", "用户管理");
  const row = page.getByRole("row", { name: new RegExp(account) });
  const drawer = page.locator(".ant-drawer-open").filter({ hasText: "权限解释" });
  // The 更多 menu zooms in: a click that lands during its animation is lost, so it is retried.
  await expect(async () => {
    if (!(await drawer.isVisible())) {
      const item = page.getByRole("menuitem", { name: "权限解释" });
      if (!(await item.isVisible())) await row.getByRole("button", { name: new RegExp(`更多 ${account}`) }).click();
      await item.click({ timeout: 3_000 });
    }
    await expect(drawer).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await pickOption(page, drawer, "菜单或按钮", item, { search: item });
  await drawer.getByRole("button", { name: /解\s*释/ }).click();
  await expect(drawer.locator(".ant-alert").filter({ hasText: verdict })).toBeVisible();
  await expect(drawer.locator(".ant-steps-item").filter({ hasText: "菜单位置" })).toContainText(listed);
  await drawer.getByRole("button", { name: /close|关闭/i }).click();
}

async function journey(page: Page, roleName: string, account: string) {
  // Before the grant the user signs in to an empty side menu.
  await loginAs(page, account, password);
  await expect(sider(page).getByText("没有发现菜单")).toBeVisible();
  await expect(sider(page).getByRole("menuitem")).toHaveCount(0);
  await logout(page);

  await loginAs(page, "admin", adminPassword());
  await openFromMenu(page, "系统管理", "角色管理");
  await expect(page).toHaveURL(/\/system\/role/);
  const row = page.getByRole("row", { name: new RegExp(roleName) });
  await row.getByRole("button", { name: /权限设置/ }).click();

  const dialog = page.locator(".ant-modal").filter({ hasText: `权限设置 · ${roleName}` });
  await expect(dialog.getByRole("tree", { name: "菜单权限" })).toBeVisible();
  await dialog.getByPlaceholder("输入关键字进行过滤").first().fill("岗位管理");
  const tree = dialog.getByRole("tree", { name: "菜单权限" });
  const add = tree.locator(".ant-tree-treenode").filter({ has: page.locator(".ant-tree-title", { hasText: /^新增$/ }) });
  await expect(add).toHaveCount(1);
  await add.locator(".ant-tree-checkbox").click();
  // No top menu holds 系统管理: the dialog says where its pages will be listed.
  await expect(tree.locator(".ant-tree-treenode").filter({ hasText: "系统管理" }).first()).toContainText("每个顶部菜单");
  // The page and its group come with the button; the other buttons do not.
  const checked = tree.locator(".ant-tree-treenode-checkbox-checked .ant-tree-title");
  await expect(checked).toHaveText([/^系统管理/, "岗位管理", "新增"]);
  await dialog.getByRole("button", { name: /保\s*存/ }).click();
  await expect(page.getByText("操作成功")).toBeVisible();
  await expect(dialog).toBeHidden();
  await explain(page, account, "岗位管理", "可以使用", /未归入任何顶部菜单/);

  await logout(page);
  await loginAs(page, account, password);
  // Its side menu is the one page it was given, in its group 系统管理 (listed under every top
  // menu): not the workbench and dashboard of role user, nor the other pages of 系统管理.
  await openFromMenu(page, "系统管理", "岗位管理");
  await expect(page).toHaveURL(/\/system\/post/);
  const menuItems = sider(page).locator(".ant-menu-item");
  await expect(menuItems).toHaveCount(1);
  await expect(menuItems).toContainText("岗位管理");
  await expect(page.getByRole("cell", { name: "首席执行官", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /新\s*增/ })).toBeVisible();
  // Not granted: delete and edit, and every other page of 系统管理.
  await expect(page.getByRole("button", { name: /删\s*除/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /编\s*辑/ })).toHaveCount(0);
  await expect(menuItems).toHaveCount(1);

  // Revoked (as 权限设置 saves it), the page leaves the menu and answers 403; 权限解释 agrees.
  const token = await adminToken();
  const roles = ok(await apiGet<{ id: string; roleName: string }[]>(token, "/blade-system/role/list", { roleName }), "roles");
  const roleId = roles.find((r) => r.roleName === roleName)!.id;
  ok(await apiPost(token, "/blade-system/role/grant", { roleIds: [roleId], menuIds: [], dataScopeIds: [], apiScopeIds: [] }), "revoke");
  await logout(page);
  await loginAs(page, account, password);
  await expect(sider(page).getByText("没有发现菜单")).toBeVisible();
  await page.goto("/system/post");
  await expect(page.getByText("403", { exact: true })).toBeVisible();
  await page.goto("/workbench/index");
  await logout(page);
  await loginAs(page, "admin", adminPassword());
  await explain(page, account, "岗位管理", "不能使用", /不在该用户的菜单中/);
}
