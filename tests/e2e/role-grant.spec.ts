/**
 * Granting a role (§6): the administrator gives a role the 岗位管理 page and its 新增 button in
 * 权限设置; the role's user then signs in and finds exactly that — the page in the side menu, the
 * add button on it, and none of the buttons the role was not given.
 */
import { expect, test, type Page } from "@playwright/test";
import { adminPassword, adminToken, apiGet, apiPost, ok } from "./support/api";
import { loginAs } from "./support/login";
import { openFromMenu, sider } from "./support/session";
import { createUser, uniqueAccount } from "./support/users";

const password = "Gr4nt-R0le-Pw!";

interface Node {
  id: string;
  title: string;
  children?: Node[];
}

/**
 * In tenant 000000 a role below the administrator sees its side menu through the top menu 后台管理
 * (§6), which the seed gives only the workbench and the dashboard: the operator adds 系统管理 to
 * it, as they would for any role granted there. Answers how to put it back.
 */
async function showSystemInTopMenu(token: string): Promise<() => Promise<void>> {
  const tops = ok(await apiGet<{ records: { id: string; name: string }[] }>(token, "/blade-system/topmenu/list", { size: 200 }), "top menus");
  const backend = tops.records.find((t) => t.name === "后台管理");
  if (!backend) throw new Error("no top menu 后台管理");
  const before = ok(await apiGet<{ menu: string[] }>(token, "/blade-system/menu/top-tree-keys", { topMenuIds: backend.id }), "top-tree-keys").menu;
  const menus = ok(await apiGet<Node[]>(token, "/blade-system/menu/tree"), "menu tree");
  const system = menus.find((m) => m.title === "系统管理");
  if (!system) throw new Error("no menu 系统管理");
  const set = async (menuIds: string[]) => {
    ok(await apiPost(token, "/blade-system/topmenu/grant", { topMenuIds: [backend.id], menuIds }), "topmenu/grant");
  };
  await set([...new Set([...before, system.id])]);
  return () => set(before);
}

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
  // Setup through the API: a role with no grants, and a user holding only that role.
  const suffix = uniqueAccount("g").slice(2);
  const roleName = `岗位录入员${suffix}`;
  ok(await apiPost(await adminToken(), "/blade-system/role/submit", { roleName, roleAlias: `post_entry_${suffix}`, sort: 50 }), "create role");
  const account = await createUser({ account: uniqueAccount("e2e_grant"), password, realName: "授权用户", roles: [roleName], depts: ["常州刀锋"] });
  const restoreTopMenu = await showSystemInTopMenu(await adminToken());
  try {
    await journey(page, roleName, account);
  } finally {
    await restoreTopMenu();
  }
});

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
  // The page and its group come with the button; the other buttons do not.
  const checked = tree.locator(".ant-tree-treenode-checkbox-checked .ant-tree-title");
  await expect(checked).toHaveText(["系统管理", "岗位管理", "新增"]);
  await dialog.getByRole("button", { name: /保\s*存/ }).click();
  await expect(page.getByText("操作成功")).toBeVisible();
  await expect(dialog).toBeHidden();

  await logout(page);
  await loginAs(page, account, password);
  // Its side menu is the one page it was given (under 后台管理 the groups open into their pages):
  // not the workbench and dashboard of role user, nor the other pages of 系统管理.
  const menuItems = sider(page).getByRole("menuitem");
  await expect(menuItems).toHaveCount(1);
  await expect(menuItems).toContainText("岗位管理");
  // The sider starts collapsed on the workbench (§2): a click that lands mid-animation is retried.
  await expect(async () => {
    if (!/\/system\/post/.test(page.url())) await menuItems.click({ timeout: 5_000 });
    await expect(page).toHaveURL(/\/system\/post/, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole("cell", { name: "首席执行官", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /新\s*增/ })).toBeVisible();
  // Not granted: delete and edit, and every other page of 系统管理.
  await expect(page.getByRole("button", { name: /删\s*除/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /编\s*辑/ })).toHaveCount(0);
  await expect(menuItems).toHaveCount(1);
}
