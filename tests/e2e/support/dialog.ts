import { expect, type Locator, type Page } from "@playwright/test";

/**
 * The dialog named `name`, once its opening motion has ended. antd zooms a modal in from the
 * pointer; on a loaded machine a click during that motion can land where the button was a frame
 * earlier and be lost, so a journey acts on a dialog only after this.
 */
export async function openedDialog(page: Page, name: string | RegExp): Promise<Locator> {
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/-appear/);
  return dialog;
}
