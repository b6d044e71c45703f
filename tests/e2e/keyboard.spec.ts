/**
 * The console by keyboard alone (issue 24): an operator who never touches the mouse signs in,
 * skips to the page, finds 用户管理 with the menu search (Ctrl+K), creates a user with a role,
 * walks the side menu with the arrow keys to 角色管理, grants the role a page in 权限设置 (the tree
 * by arrows and Space), and locks the screen. Only page.keyboard acts; the locators only look.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { adminPassword, adminToken, apiPost, ok } from "./support/api";
import { captchaCode } from "./support/captcha";
import { openedDialog } from "./support/dialog";
import { LOGIN_FIELDS, WORKBENCH_URL } from "./support/login";
import { firstRow, sider } from "./support/session";
import { uniqueAccount } from "./support/users";

const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false);

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus; fails, naming it, after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max && !(await isFocused(target)); i++) await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  await expect.poll(() => isFocused(target), { message: "the focus reached it by Tab", timeout: 1_000 }).toBe(true);
}

/** The polite live region the toasts are shown in, so a screen reader reads them (src/providers/notification/live-region.ts). */
const announced = (page: Page) => page.getByTestId("live-region");

test("sign in, create a user with a role, grant a role a page and lock the screen without the mouse", async ({ page }) => {
  // Two dialogs, a grant and a lock on a loaded machine: more than the default minute.
  test.setTimeout(120_000);
  const suffix = uniqueAccount("k").slice(2);
  const roleName = `键盘角色${suffix}`;
  ok(await apiPost(await adminToken(), "/blade-system/role/submit", { roleName, roleAlias: `keyboard_${suffix}`, sort: 60 }), "create role");
  const account = uniqueAccount("e2e_kb");

  // Sign in: the account field has the focus; Tab to each next field, Enter signs in.
  await page.goto("/login");
  const field = (name: RegExp) => page.getByPlaceholder(name).filter({ visible: true });
  await expect(field(LOGIN_FIELDS.account)).toBeFocused();
  await page.keyboard.type("admin");
  await tabTo(page, field(LOGIN_FIELDS.password), { max: 3 });
  await page.keyboard.type(adminPassword());
  if (await field(LOGIN_FIELDS.captcha).count()) {
    await expect(page.getByAltText(LOGIN_FIELDS.captcha).filter({ visible: true })).toBeVisible();
    await tabTo(page, field(LOGIN_FIELDS.captcha), { max: 3 });
    await page.keyboard.type(captchaCode());
  }
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(WORKBENCH_URL);

  // The first Tab shows 跳到主要内容; Enter moves the focus to the page.
  const skip = page.getByRole("link", { name: "跳到主要内容" });
  await expect(page.getByRole("main")).toBeVisible();
  // The login form leaves a moment after the workbench arrives; its fields held the focus.
  await expect(field(LOGIN_FIELDS.account)).toHaveCount(0);
  await page.keyboard.press("Tab");
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();

  // Ctrl+K opens the menu search; typing and Enter open 用户管理.
  await page.keyboard.press("Control+k");
  const search = await openedDialog(page, "菜单搜索");
  await expect(search.getByPlaceholder("请输入搜索内容")).toBeFocused();
  await page.keyboard.type("用户管理");
  await expect(search.getByRole("option").first()).toContainText("用户管理");
  await page.keyboard.press("Enter");
  await expect(search).toBeHidden();
  await expect(page).toHaveURL(/\/system\/user/);
  await expect(firstRow(page)).toBeVisible();

  // 新增 by Tab and Enter; the dialog's fields by Tab; the role and the department by typing and Enter.
  const add = page.getByRole("main").getByRole("button", { name: /新\s*增/ });
  await tabTo(page, add);
  await page.keyboard.press("Enter");
  const dialog = await openedDialog(page, "新增用户");
  await tabTo(page, dialog.getByLabel("登录账号"));
  await page.keyboard.type(account);
  await tabTo(page, dialog.getByLabel("用户姓名"), { max: 3 });
  await page.keyboard.type("键盘用户");
  await tabTo(page, dialog.getByLabel(/^\*?\s*密码$/), { max: 3 });
  await page.keyboard.type("K3yboard-0nly!");
  await tabTo(page, dialog.getByLabel("确认密码"), { max: 3 });
  await page.keyboard.type("K3yboard-0nly!");
  await tabTo(page, dialog.getByLabel("所属角色"), { max: 3 });
  await page.keyboard.type("普通");
  await expect(page.locator(".ant-select-dropdown:visible").getByText("普通用户", { exact: true })).toBeVisible();
  await page.keyboard.press("Enter");
  const chosen = (label: string) => dialog.locator(".ant-form-item").filter({ has: page.getByText(label, { exact: true }) }).locator(".ant-select-selection-item");
  await expect(chosen("所属角色")).toContainText("普通用户");
  await tabTo(page, dialog.getByLabel("所属部门"), { max: 3 });
  await page.keyboard.type("常州");
  await expect(page.locator(".ant-select-dropdown:visible").getByText(/^常州刀锋/).first()).toBeVisible();
  // The server's matches arrive after the typing; the first is highlighted as they come, Enter takes it.
  await page.keyboard.press("Enter");
  await expect(chosen("所属部门")).toContainText("常州刀锋");
  // Enter in a text field saves, as the dialog's save button does (src/components/SubmitOnEnter.tsx).
  await tabTo(page, dialog.getByLabel("用户姓名"), { back: true });
  await page.keyboard.press("Enter");
  await expect(page.getByText("添加成功")).toBeVisible();
  await expect(announced(page)).toContainText("添加成功");
  await expect(dialog).toBeHidden();
  // The dialog gives the focus back to what opened it.
  await expect(add).toBeFocused();

  // The side menu by keys: one Tab stop, Shift+Tab back into it, arrows to 角色管理, Enter opens it.
  const menu = sider(page);
  const roles = menu.getByRole("menuitem", { name: "角色管理" });
  await tabTo(page, menu.getByRole("menu").first(), { back: true });
  for (let i = 0; i < 20 && !(await isFocused(roles)); i++) await page.keyboard.press("ArrowDown");
  // antd's Menu moves the focus to the item's link (out of the Tab order, see Sidebar).
  await expect(roles.getByRole("link", { name: "角色管理" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/system\/role/);

  // The role's row action 权限设置 by Tab (after a search for the role by name).
  await tabTo(page, page.getByRole("main").getByPlaceholder("请输入角色名称"));
  await page.keyboard.type(roleName);
  await page.keyboard.press("Enter");
  const row = page.getByRole("row", { name: new RegExp(roleName) });
  await expect(row).toBeVisible();
  await expect(page.locator(".ant-table-tbody tr.ant-table-row")).toHaveCount(1);
  const grant = row.getByRole("button", { name: /权限设置/ });
  await tabTo(page, grant);
  await page.keyboard.press("Enter");

  // The menu tree: filter to 岗位管理, then arrows to it and Space ticks it (with its buttons).
  const grantDialog = await openedDialog(page, new RegExp(`权限设置 · ${roleName}`));
  const tree = grantDialog.getByRole("tree", { name: "菜单权限" });
  await expect(tree).toBeVisible();
  await tabTo(page, grantDialog.getByPlaceholder("输入关键字进行过滤").first());
  await page.keyboard.type("岗位管理");
  const node = (title: string) => tree.locator(".ant-tree-treenode").filter({ has: page.locator(".ant-tree-title", { hasText: new RegExp(`^${title}`) }) });
  await expect(node("新增")).toHaveCount(1);
  // The tree is one Tab stop (its own hidden field); the arrows move its highlight.
  await tabTo(page, grantDialog.locator(".ant-tree").first(), { max: 5 });
  const activeTitle = tree.locator(".ant-tree-treenode-active .ant-tree-title");
  for (let i = 0; i < 10 && (await activeTitle.filter({ hasText: /^岗位管理$/ }).count()) === 0; i++) await page.keyboard.press("ArrowDown");
  await expect(activeTitle).toHaveText("岗位管理");
  await page.keyboard.press("Space");
  await expect(node("岗位管理")).toHaveClass(/ant-tree-treenode-checkbox-checked/);
  await expect(node("新增")).toHaveClass(/ant-tree-treenode-checkbox-checked/);
  await tabTo(page, grantDialog.getByRole("button", { name: /保\s*存/ }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("操作成功")).toBeVisible();
  await expect(grantDialog).toBeHidden();
  await expect(grant).toBeFocused();

  // Lock: the top bar's lock button by Shift+Tab, the password typed, Enter; Enter unlocks too.
  await tabTo(page, page.getByRole("banner").getByRole("button", { name: "锁屏" }), { back: true, max: 80 });
  await page.keyboard.press("Enter");
  const lock = await openedDialog(page, "设置锁屏密码");
  await expect(lock.getByLabel("锁屏密码")).toBeFocused();
  await page.keyboard.type("kb-lock-1");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/lock$/);
  await expect(page.getByPlaceholder("请输入锁屏密码")).toBeFocused();
  await page.keyboard.type("kb-lock-1");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/system\/role/);
});
