import { expect, type Locator, type Page } from "@playwright/test";

/**
 * The dialog named `name`, once shown. The journeys ask for reduced motion (playwright.config.ts),
 * so antd does not zoom it in: it is where it stays the moment it is visible, and a click lands.
 */
export async function openedDialog(page: Page, name: string | RegExp): Promise<Locator> {
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  return dialog;
}
