/**
 * The menu search overlay of the top bar (§2): prefix match on the names of the user's menu pages,
 * ignoring case; Enter opens the highlighted page; Esc closes.
 */
import { expect, test } from "@playwright/test";
import { firstRow } from "./support/session";
import { adminPassword } from "./support/api";
import { loginAs } from "./support/login";

test("search the menu by a prefix, open a page with Enter, close with Esc", async ({ page }) => {
  await loginAs(page, "admin", adminPassword());

  await page.getByRole("button", { name: "菜单搜索" }).click();
  const overlay = page.getByRole("dialog", { name: "菜单搜索" });
  const input = overlay.getByPlaceholder("请输入搜索内容");
  await expect(input).toBeFocused();
  const options = overlay.getByRole("option");

  // Typing goes straight into the field.
  await page.keyboard.type("用户");
  await expect(input).toHaveValue("用户");
  // 用户管理 (系统管理) and 用户同步 (应用管理), in menu order.
  await expect(options).toHaveCount(2);
  await expect(options.first()).toContainText("用户管理");
  await expect(options.first()).toContainText("/system/user");
  await expect(options.nth(1)).toContainText("用户同步");
  // A prefix, not a substring: 字典 ends two page names (系统字典, 业务字典) but starts none…
  await input.fill("字典");
  await expect(overlay.getByText("没有找到菜单")).toBeVisible();
  // …while 系统 starts several (系统字典, 系统登录日志, 系统操作日志).
  await input.fill("系统");
  await expect(options.filter({ hasText: "系统字典" })).toHaveCount(1);
  await expect(options.filter({ hasText: "系统登录日志" })).toHaveCount(1);
  await expect(options.filter({ hasText: "用户管理" })).toHaveCount(0);

  await input.fill("用户");
  await input.press("Enter");
  await expect(overlay).toBeHidden();
  await expect(page).toHaveURL(/\/system\/user/);
  await expect(firstRow(page)).toBeVisible();

  // Esc closes without navigating, and the next opening starts empty.
  await page.getByRole("button", { name: "菜单搜索" }).click();
  await expect(input).toBeFocused();
  await input.fill("角色");
  await expect(options.filter({ hasText: "角色管理" })).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(overlay).toBeHidden();
  await expect(page).toHaveURL(/\/system\/user/);
  await page.getByRole("button", { name: "菜单搜索" }).click();
  await expect(input).toBeFocused();
  await expect(input).toHaveValue("");
  await page.keyboard.press("Escape");
  await expect(overlay).toBeHidden();
});

test("the prefix match ignores case (English page names)", async ({ page }) => {
  // The seeded menu names are Chinese; give two pages English names in the menu the server sends,
  // as an operator could name them.
  await page.route(
    (url) => url.pathname === "/api/blade-system/menu/routes",
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: unknown };
      const rename = (nodes: { name?: string; path?: string; children?: unknown[] }[]) => {
        for (const n of nodes) {
          if (n.path === "/system/user") n.name = "User Management";
          if (n.path === "/system/role") n.name = "user roles";
          rename((n.children ?? []) as typeof nodes);
        }
      };
      rename(body.data as Parameters<typeof rename>[0]);
      await route.fulfill({ response, json: body });
    },
  );
  await loginAs(page, "admin", adminPassword());

  await page.getByRole("button", { name: "菜单搜索" }).click();
  const overlay = page.getByRole("dialog", { name: "菜单搜索" });
  const input = overlay.getByPlaceholder("请输入搜索内容");
  const options = overlay.getByRole("option");
  await input.fill("uSeR");
  await expect(options).toHaveCount(2);
  await expect(options.filter({ hasText: "User Management" })).toHaveCount(1);
  await expect(options.filter({ hasText: "user roles" })).toHaveCount(1);
  await input.fill("USER M");
  await expect(options).toHaveCount(1);
  await input.press("Enter");
  await expect(page).toHaveURL(/\/system\/user/);
});
