/**
 * The script IDE as a developer uses it: open it, type a drop table and see the high-risk marker,
 * format with Ctrl+Shift+L, save with Ctrl+S and find the script again after a reload; a string
 * that merely mentions drop table is not flagged.
 */
import { expect, test, type Page } from "@playwright/test";
import { adminPassword } from "./support/api";
import { loginAs } from "./support/login";

const HIGH_RISK = "该语法属于高危语法，请谨慎操作！";
const name = `journey_${Date.now().toString(36)}`;

// Monaco renders spaces as no-break spaces.
const editorText = async (page: Page) => (await page.locator(".monaco-editor .view-lines").innerText()).replace(/\u00a0/g, " ");

/**
 * Waits until the editor's last check read `text` in full (the check runs 500 ms after typing
 * stops). Monaco may store a typed line break as CRLF, so either length counts.
 */
async function checked(page: Page, text: string) {
  const crlf = text.length + (text.match(/\n/g)?.length ?? 0);
  await expect(page.getByTestId("ide-editor")).toHaveAttribute("data-checked-length", new RegExp(`^(${text.length}|${crlf})$`), { timeout: 20_000 });
}

async function openIde(page: Page) {
  await page.goto("/dataFactory/ide/ide");
  await expect(page.locator(".monaco-editor")).toBeVisible({ timeout: 30_000 });
}

/** Runs an entry of the editor's context menu; the menu fades in, so a click that missed is retried. */
async function contextAction(page: Page, label: string, effect: ReturnType<Page["getByText"]>) {
  await expect(async () => {
    if (!(await page.locator(".monaco-menu").isVisible())) await page.locator(".monaco-editor .view-lines").click({ button: "right" });
    const item = page.locator(".monaco-menu .action-item").filter({ has: page.getByText(label, { exact: true }) });
    await item.hover();
    await item.click();
    await expect(effect.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

async function typeInEditor(page: Page, text: string) {
  await page.locator(".monaco-editor .view-lines").click();
  // insertText: one input event, so Monaco's auto-closing quotes do not double the quote.
  await page.keyboard.insertText(text);
}

test("the IDE marks a drop table, formats, saves and reopens it; a quoted drop table is not flagged", async ({ page }) => {
  await loginAs(page, "admin", adminPassword());
  // Bench figure: from navigation to an editor that has focus and takes input (cold chunk cache).
  const started = Date.now();
  await openIde(page);
  await expect(page.locator(".monaco-editor.focused")).toBeVisible({ timeout: 30_000 });
  const ms = Date.now() - started;
  test.info().annotations.push({ type: "time to editable editor", description: `${ms} ms` });
  console.log(`[bench] IDE: time to an editable editor ${ms} ms`);

  const script = "select user_name, city from ods_user where age > 20;\ndrop table ods_order;";
  await typeInEditor(page, script);
  await checked(page, script);
  await expect(page.locator(".monaco-editor .squiggly-warning").first()).toBeAttached();
  await expect(page.getByTestId("ide-risk")).toContainText(HIGH_RISK);

  // Ctrl+Shift+L: clause keywords upper case on lines of their own, items indented by two spaces.
  await page.keyboard.press("Control+Shift+L");
  await expect.poll(() => editorText(page)).toMatch(/SELECT\s*\n\s+user_name,/);
  await expect.poll(() => editorText(page)).toContain("DROP TABLE ods_order;");

  // Ctrl+S: the toolbar's badge already says the warning (said once, not again as a message); then the new script's name.
  await page.keyboard.press("Control+S");
  const dialog = page.getByRole("dialog", { name: "新建脚本" });
  await dialog.getByLabel("脚本名称").fill(name);
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.getByRole("button", { name: /确\s*定|OK/ }).click();
    await expect(page.getByText("保存成功")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page).toHaveURL(/script=\d+/);

  await page.reload();
  await expect(page.locator(".monaco-editor")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("listitem").filter({ hasText: name })).toBeVisible();
  await expect.poll(() => editorText(page), { timeout: 20_000 }).toContain("DROP TABLE ods_order;");

  // A new script whose drop table is only a string literal: checked, and nothing marked.
  await page.getByRole("button", { name: "新建脚本" }).click();
  await expect(page.getByText("未命名脚本", { exact: true })).toBeVisible();
  await expect.poll(() => editorText(page)).toBe("");
  const quoted = "select 'drop table x'";
  await typeInEditor(page, quoted);
  await checked(page, quoted);
  await expect(page.locator(".monaco-editor .squiggly-warning")).toHaveCount(0);
  await expect(page.getByTestId("ide-risk")).toHaveCount(0);
});

test("HQL syntax errors are marked, and the context menu switches the check off and pastes only what the IDE copied", async ({ page }) => {
  await loginAs(page, "admin", adminPassword());
  await openIde(page);
  await page.getByRole("button", { name: "新建脚本" }).click();
  await expect(page.getByText("未命名脚本", { exact: true })).toBeVisible();
  const broken = "selec * from ods_user";
  await typeInEditor(page, broken);
  await checked(page, broken);
  await expect(page.locator(".monaco-editor .squiggly-error").first()).toBeAttached();

  // Right-click → 开启/关闭语法检查: the error marker goes, and the choice is remembered (isParserClose).
  await page.keyboard.press("Escape");
  await contextAction(page, "开启/关闭语法检查", page.getByRole("button", { name: "语法检查已关闭" }));
  await expect(page.locator(".monaco-editor .squiggly-error")).toHaveCount(0);
  expect(await page.evaluate(() => Object.keys(localStorage).find((k) => k.endsWith("isParserClose")))).toBeTruthy();

  // Remembered: opened again, the page starts with the check off, and the same error is not marked.
  await openIde(page);
  await expect(page.getByRole("button", { name: "语法检查已关闭" })).toBeVisible();
  await page.getByRole("button", { name: "新建脚本" }).click();
  await expect.poll(() => editorText(page)).toBe("");
  await typeInEditor(page, broken);
  await checked(page, broken);
  await expect(page.locator(".monaco-editor .squiggly-error")).toHaveCount(0);

  // Paste from the menu with nothing copied inside the IDE: §5's hint about Ctrl+V.
  await contextAction(page, "粘贴", page.getByText("很抱歉，IDE未监控到复制文本", { exact: false }));

  // Switch the check back on for whoever comes next.
  await page.getByRole("button", { name: "语法检查已关闭" }).click();
  await expect(page.locator(".monaco-editor .squiggly-error").first()).toBeAttached();
});
