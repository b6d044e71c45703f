/**
 * One layout on every list page (issue 19): the page header holds the title only; the list's
 * actions sit in one toolbar row, left-aligned, under the search form and directly above the table,
 * every button spaced alike; row actions spaced alike; in-page tabs in one style.
 * Rendered against the reference server through MSW, signed in once for the whole file.
 */
import { cleanup, configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { dataAuthApproveResource } from "../../resources/dataAssets/approve";
import { developResource } from "../../resources/dataAssets/develop";
import { operationLogResource } from "../../resources/logAudit/systemOperation";
import { sessionResource } from "../../resources/monitor/sessionManagement";
import { menuResource } from "../../resources/system/menu";
import { postResource } from "../../resources/system/post";
import { roleResource } from "../../resources/system/role";
import { userResource } from "../../resources/system/user";
import { resetStorage } from "../../providers/testing/fixtures";
import { findTable, renderConsole, signIn, startTestApi, type TestApi } from "../../testing/harness";
import { BUTTON_GAP, ROW_ACTION_GAP } from "./ListToolbar";

configure({ asyncUtilTimeout: 20_000 });
let api: TestApi;
beforeAll(async () => {
  // The pages' chunks once, so that no test pays for them inside its own timeouts.
  await Promise.all([
    import("../../resources/system/post/PostList"),
    import("../../resources/system/user/UserList"),
    import("../../resources/system/role/RoleList"),
    import("../../resources/system/menu/MenuList"),
    import("../../resources/monitor/sessionManagement/SessionPage"),
    import("../../resources/logAudit/systemOperation/OperationLogList"),
    import("../../resources/dataAssets/shared/SampleAreaPage"),
    import("../../resources/dataAssets/approve/ApprovePage"),
  ]);
  api = await startTestApi();
  await signIn(api);
});
afterAll(() => {
  resetStorage();
  return api.close();
});
afterEach(() => cleanup());

/**
 * The list's toolbar holding `buttons`: the one toolbar of the page, after the search form and
 * right before the table (an alert about the list may sit between), left-aligned, each button its
 * own gap (never two in one wrapper, where they would touch), nothing in the page header's corner.
 */
async function expectToolbar(buttons: RegExp[]) {
  const toolbar = await screen.findByRole("toolbar", { name: "列表操作" }, { timeout: 15_000 });
  expect(screen.getAllByRole("toolbar")).toHaveLength(1);
  for (const name of buttons) expect(within(toolbar).getByRole("button", { name })).toBeInTheDocument();
  expect(document.querySelector(".ant-page-header-heading-extra")).toBeNull();

  let next = toolbar.nextElementSibling;
  while (next?.classList.contains("ant-alert")) next = next.nextElementSibling;
  expect(next?.matches(".ant-table-wrapper, .ant-list")).toBe(true);
  const form = toolbar.parentElement!.querySelector("form");
  if (form) expect(form.compareDocumentPosition(toolbar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

  expect(toolbar.style.display).toBe("flex");
  expect(toolbar.style.justifyContent).toBe("");
  expect(toolbar.style.gap).toBe(`${BUTTON_GAP}px`);
  for (const button of toolbar.querySelectorAll("button")) {
    let item: Element = button;
    while (item.parentElement !== toolbar) item = item.parentElement!;
    expect([item, ...item.querySelectorAll("button")].filter((e) => e.matches("button"))).toHaveLength(1);
  }
  return toolbar;
}

/** Every row's buttons in the one row-actions group, spaced alike. */
async function expectRowActions(table: HTMLElement) {
  await waitFor(() => expect(table.querySelector("tbody td .ant-btn")).not.toBeNull());
  const cells = [...table.querySelectorAll("tbody td")].filter((td) => td.querySelector(".ant-btn"));
  expect(cells.length).toBeGreaterThan(0);
  for (const cell of cells) {
    const group = cell.querySelector<HTMLElement>("[data-row-actions]");
    expect(group).not.toBeNull();
    expect(group!.style.gap).toBe(`${ROW_ACTION_GAP}px`);
    for (const button of cell.querySelectorAll(".ant-btn")) expect(group!.contains(button)).toBe(true);
  }
}

/** The page's own tabs: antd's line tabs, never the tag bar's cards nor a segmented switch. */
function expectLineTabs() {
  const tabs = document.querySelectorAll(".ant-tabs");
  expect(tabs.length).toBeGreaterThan(0);
  for (const t of tabs) expect(t.classList.contains("ant-tabs-card")).toBe(false);
  expect(document.querySelector(".ant-segmented")).toBeNull();
}

describe("one list layout on every list page", () => {
  it("the kit's list: create and batch delete above the table, the row's edit and delete spaced alike", async () => {
    renderConsole(postResource);
    const table = await findTable();
    await expectToolbar([/新\s*增/, /删\s*除/]);
    await expectRowActions(table);
  });

  it("users: the page's batch, import and export buttons join the kit's in the one toolbar beside the department tree", async () => {
    renderConsole(userResource);
    const table = await findTable();
    await expectToolbar([/新\s*增/, /删\s*除/, /启\s*用/, /导\s*入/, /导\s*出/]);
    await expectRowActions(table);
  });

  it("the operation log: the chain check and both exports in the toolbar, each with its own gap", async () => {
    renderConsole(operationLogResource);
    await findTable();
    await expectToolbar([/校验日志链/, /导\s*出$/, /导出选中/]);
  });

  it("会话管理: line tabs, the stop and export buttons in the toolbar above the table", async () => {
    renderConsole(sessionResource);
    const table = await findTable();
    await expectToolbar([/批量下线/, /导\s*出/]);
    await expectRowActions(table);
    expectLineTabs();
  });

  it("roles: the list and the policy view are line tabs, the list keeps the kit's toolbar", async () => {
    const user = userEvent.setup();
    renderConsole(roleResource);
    await findTable();
    await expectToolbar([/新\s*增/, /删\s*除/]);
    expectLineTabs();
    await user.click(screen.getByRole("tab", { name: "角色策略" }));
    await screen.findByText("角色策略", { selector: ".ant-card-head-title" });
    expectLineTabs();
  });

  it("menus: the menus and the top menus are line tabs", async () => {
    renderConsole(menuResource);
    await findTable();
    await expectToolbar([/新\s*增/]);
    expectLineTabs();
  });

  it("a sample area: its link to the IDE sits in the list's toolbar, not in the page header", async () => {
    renderConsole(developResource);
    const toolbar = await expectToolbar([/脚本开发/]);
    expect(within(toolbar).getByRole("link")).toHaveAttribute("href", "/dataFactory/ide/ide");
  });

  it("授权审批: approve and reject of a row spaced as every row's actions", async () => {
    renderConsole(dataAuthApproveResource);
    const table = await findTable();
    await expectRowActions(table);
  });
});
