/**
 * The console's session as the browser holds it (client storage, keys prefixed with the site key
 * `blade-`, each entry `{dataType, content, type, datetime}`), and the side menu.
 */
import { expect, type Page } from "@playwright/test";

const TOKEN_KEY = "blade-token";

/** The access token the console sends as `Blade-Auth: bearer …`. */
export async function storedAccessToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => {
    const raw = sessionStorage.getItem(key) ?? localStorage.getItem(key);
    if (!raw) return null;
    const content = (JSON.parse(raw) as { content?: unknown }).content;
    return typeof content === "string" && content ? content : null;
  }, TOKEN_KEY);
}

/**
 * Makes the stored access token one the server refuses (its signature no longer matches) while
 * keeping its entry, its age and the refresh token: what the console sees once a token expired.
 */
export async function invalidateAccessToken(page: Page): Promise<string> {
  const bad = await page.evaluate((key) => {
    const area = sessionStorage.getItem(key) ? sessionStorage : localStorage;
    const entry = JSON.parse(area.getItem(key) ?? "null") as { content: string } | null;
    if (!entry?.content) throw new Error("no access token stored");
    const [head, body] = entry.content.split(".");
    entry.content = `${head}.${body}.invalid-signature`;
    area.setItem(key, JSON.stringify(entry));
    return entry.content;
  }, TOKEN_KEY);
  return bad;
}

/** The side menu (antd Sider). */
export const sider = (page: Page) => page.locator(".ant-layout-sider");

/**
 * Opens a page from the side menu: the item directly when it shows, else through its group
 * (a pop-up while the sider is collapsed on the workbench, an inline submenu otherwise).
 */
export async function openFromMenu(page: Page, group: string, item: string): Promise<void> {
  // A menu item's accessible name carries its icon's name too ("user 用户管理"): match the label.
  const entry = page.getByRole("menuitem").filter({ has: page.getByText(item, { exact: true }), visible: true });
  const landed = page.locator(".ant-menu-item-selected").filter({ has: page.getByText(item, { exact: true }), visible: true });
  // On a busy machine a click can land on a submenu still animating and be lost: click again until
  // the item is the selected one. A page that later takes the user back is still caught by the
  // caller's own URL assertion.
  let popupTries = 0;
  await expect(async () => {
    if ((await landed.count()) > 0) return;
    if (!(await entry.count())) {
      const collapsed = (await page.locator(".ant-layout-sider.ant-layout-sider-collapsed").count()) > 0;
      if (collapsed && popupTries++ >= 2) {
        // The pop-up did not come twice (a hover can be lost while the menu re-renders under a
        // cursor that never moved): expand the sider, as a person would, and use the inline submenu.
        await page.getByRole("button", { name: /^(展开菜单|Expand menu)$/ }).click({ timeout: 5_000 });
        await expect(page.locator(".ant-layout-sider.ant-layout-sider-collapsed")).toHaveCount(0, { timeout: 5_000 });
      }
      const stillCollapsed = (await page.locator(".ant-layout-sider.ant-layout-sider-collapsed").count()) > 0;
      const groupLabel = sider(page).getByText(group, { exact: true });
      const groupItem = sider(page).getByRole("menuitem").filter({ has: page.getByText(group, { exact: true }) });
      if (stillCollapsed) {
        // Collapsed, the group opens as a pop-up on hover (idempotent, unlike a click, which would
        // close a pop-up still opening). The cursor leaves first so that the hover is a real entry.
        await page.mouse.move(720, 890);
        await groupLabel.hover({ timeout: 5_000 });
      } else {
        // Expanded, it is an inline submenu that a click toggles: one already open (its items still
        // animating in on a busy machine) is left alone, or the retry would close it again.
        const open = (await groupItem.first().getAttribute("aria-expanded", { timeout: 5_000 })) === "true";
        if (!open) await groupLabel.click({ timeout: 5_000 });
      }
      await expect(entry.first()).toBeVisible({ timeout: 5_000 });
    }
    await entry.first().click({ timeout: 5_000 });
    await expect(landed.first()).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
}

/** The tab of the tag bar labelled `label`. */
/** The tag bar of open pages (a page's own tabs, PageTabs, are not in it). */
export const tagBar = (page: Page) => page.getByRole("navigation", { name: /^(已打开的页面|Open pages)$/ });

export const tab = (page: Page, label: string) =>
  tagBar(page).locator(".ant-tabs-nav .ant-tabs-tab").filter({ has: page.locator(".ant-tabs-tab-btn").getByText(label, { exact: true }) });

/** A tab's close button (antd gives it role=tab, so it is found by its label). */
export const closeButton = (page: Page, label: string) => tab(page, label).getByLabel("关闭", { exact: true });

/** Labels of the tag bar's tabs, in order. */
export async function tabLabels(page: Page): Promise<string[]> {
  return (await tagBar(page).locator(".ant-tabs-nav .ant-tabs-tab .ant-tabs-tab-btn").allInnerTexts()).map((s) => s.trim());
}

/** The warning/error toast (antd message) with this text. */
export const toast = (page: Page, text: string | RegExp) => page.locator(".ant-message-notice").filter({ hasText: text });

export async function expectSignedOut(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/login(\?|$)/);
  expect(await storedAccessToken(page)).toBeNull();
}

/**
 * The first data row of the list on the page (用户管理's users, newest first): what shows that the
 * list loaded. Not a named account: the journeys before add users, and the oldest (admin) moves to
 * later pages.
 */
export const firstRow = (page: Page) => page.locator(".ant-table-tbody tr.ant-table-row").first();
