import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Chooses `option` in the select labelled `label` inside `scope` (a dialog), and checks that the
 * field shows it. On a busy machine a click can land while the dropdown is still animating in and
 * be ignored, so the choice is retried until it shows (after typing `search`, when given) — never re-clicked once it does (a second
 * click on a chosen tree node would unselect it).
 */
export async function pickOption(page: Page, scope: Locator, label: string, option: string, { search }: { search?: string } = {}): Promise<void> {
  const item = scope.locator(".ant-form-item").filter({ has: page.getByText(label, { exact: true }) });
  const chosen = item.locator(".ant-select-selection-item, .ant-select-selection-item-content").filter({ hasText: option });
  await expect(async () => {
    if ((await chosen.count()) > 0) return;
    await scope.getByLabel(label).click();
    // A tree loaded a level at a time (departments) offers deeper nodes through its server search.
    if (search) await scope.getByLabel(label).fill(search);
    const dropdown = page.locator(".ant-select-dropdown:visible");
    await dropdown.locator(".ant-select-tree-title, .ant-select-item-option-content").filter({ hasText: option }).first().click({ timeout: 3_000 });
    await expect(chosen.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  // A multiple select stays open over the next field: close it by clicking outside it (Escape
  // could reach the dialog and close that instead).
  const open = page.locator(".ant-select-dropdown:visible");
  if ((await open.count()) > 0) {
    await scope.locator(".ant-modal-title, .ant-drawer-title").first().click();
    await expect(open).toHaveCount(0);
  }
}
