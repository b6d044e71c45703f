/**
 * Departments as an operator reorganises them: a branch created through the form (its parent picked
 * in the lazy tree select), a user in it, then the branch moved under a region by editing it and
 * picking the region from the tree select's server search. The users page's department filter
 * follows: the region now lists the branch's user, and its tree shows the branch below the region.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { adminPassword, adminToken, apiGet, apiPost, ok } from "./support/api";
import { loginAs } from "./support/login";
import { pickOption } from "./support/select";
import { openFromMenu } from "./support/session";
import { createUser, uniqueAccount } from "./support/users";

const suffix = Date.now().toString(36);
const region = `华北区${suffix}`;
const branch = `北京分部${suffix}`;

/** The tree table's row of a department (the name's cell also holds the row's expander). */
const rowOf = (page: Page, name: string) => page.locator(".ant-table-row").filter({ has: page.getByText(name, { exact: true }) }).first();

/** Types `word` into the dialog's parent tree select and picks the server's match named `name`. */
async function pickParentBySearch(page: Page, dialog: Locator, word: string, name: string): Promise<void> {
  const field = dialog.locator(".ant-form-item").filter({ has: page.getByText("上级机构", { exact: true }) });
  const box = dialog.getByRole("combobox", { name: "上级机构" });
  const chosen = dialog.locator(".ant-select-selection-item").filter({ hasText: name });
  // A click that lands while the dropdown animates in is retried until the choice shows.
  await expect(async () => {
    if ((await chosen.count()) > 0) return;
    // The chosen value covers the search input: open the select by its frame, then type.
    await field.locator(".ant-select-selector").click();
    await box.fill(word);
    const match = page.locator(".ant-select-dropdown:visible .ant-select-tree-title").filter({ hasText: name }).first();
    await match.click({ timeout: 5_000 });
    await expect(chosen).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test("a department moved under another takes its users along in the users page's filter", async ({ page }) => {
  const token = await adminToken();
  const [root] = ok(await apiGet<{ id: string; title: string }[]>(token, "/blade-system/dept/lazy-tree", { parentId: "0" }), "top level");
  ok(await apiPost(token, "/blade-system/dept/submit", { deptName: region, parentId: root.id, deptCategory: 2, sort: 90 }), "create the region");

  await loginAs(page, "admin", adminPassword());
  await openFromMenu(page, "系统管理", "机构管理");
  await expect(page).toHaveURL(/\/system\/dept$/);
  await expect(rowOf(page, root.title)).toBeVisible();

  // The branch, below the top-level department picked in the form's tree select.
  await page.getByRole("button", { name: /新\s*增/ }).click();
  const create = page.getByRole("dialog");
  await create.getByLabel("机构名称").fill(branch);
  await pickOption(page, create, "上级机构", root.title);
  await pickOption(page, create, "机构类型", "部门");
  await create.getByRole("button", { name: /保\s*存/ }).click();
  await expect(page.getByText("添加成功")).toBeVisible();
  await expect(create).toBeHidden();

  const account = uniqueAccount("e2e_dept");
  await createUser({ account, password: "Dept-M0ve-pw1", realName: "分部员工", roles: ["普通用户"], depts: [branch] });

  // Before the move the region has nobody, the branch has the user.
  await openFromMenu(page, "系统管理", "用户管理");
  const userRow = page.getByRole("row", { name: new RegExp(account) });
  const deptTree = page.getByRole("tree");
  // The tree loads a level when its parent is chosen: the top level first, then below it.
  await deptTree.getByText(root.title, { exact: true }).click();
  await deptTree.getByText(branch, { exact: true }).click();
  await expect(userRow).toBeVisible();
  await deptTree.getByText(region, { exact: true }).click();
  await expect(userRow).toHaveCount(0);

  // The move: find the branch, edit it, pick the region from the tree select's search.
  await openFromMenu(page, "系统管理", "机构管理");
  await page.getByPlaceholder("请输入机构名称").fill(branch);
  await page.getByPlaceholder("请输入机构名称").press("Enter");
  await rowOf(page, branch).getByRole("button", { name: /编\s*辑/ }).click();
  const edit = page.getByRole("dialog");
  await expect(edit.getByLabel("机构名称")).toHaveValue(branch);
  await expect(edit.locator(".ant-select-selection-item").filter({ hasText: root.title })).toBeVisible();
  await pickParentBySearch(page, edit, region, region);
  await edit.getByRole("button", { name: /保\s*存/ }).click();
  await expect(page.getByText("修改成功")).toBeVisible();
  await expect(edit).toBeHidden();

  // In the tree table the branch now hangs below the region.
  await page.getByRole("button", { name: /清\s*空/ }).click();
  const expand = (name: string) => rowOf(page, name).getByRole("button", { name: /展开/ });
  await expand(root.title).click();
  await expand(region).click();
  await expect(rowOf(page, branch)).toBeVisible();

  // The users page follows: the region lists the branch's user, and its tree holds the branch.
  await openFromMenu(page, "系统管理", "用户管理");
  await deptTree.getByText(root.title, { exact: true }).click();
  await deptTree.getByText(region, { exact: true }).click();
  await expect(userRow).toBeVisible();
  await expect(userRow).toContainText(branch);
  const regionNode = deptTree.locator(".ant-tree-treenode").filter({ has: page.getByText(region, { exact: true }) });
  if ((await regionNode.locator(".ant-tree-switcher_close").count()) > 0) await regionNode.locator(".ant-tree-switcher").click();
  const branchNode = deptTree.locator(".ant-tree-treenode").filter({ has: page.getByText(branch, { exact: true }) });
  await expect(branchNode).toBeVisible();
  // One level deeper than the region: the tree shows the branch below it, not beside it.
  const depth = (node: Locator) => node.locator(".ant-tree-indent-unit").count();
  expect(await depth(branchNode)).toBe((await depth(regionNode)) + 1);
});
