/** The sample pages against the reference server's sample module (through MSW), both data providers. */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { findTable, renderConsole, setupResourceTest } from "../../../testing/harness";
import { dataAuthApproveResource } from "../approve";
import { assetCatalogResource } from "../catalog";
import { dataAuthPolicyResource } from "../policy";

setupResourceTest(() => Promise.all([import("../policy/PolicyPage"), import("../approve/ApprovePage"), import("../catalog/CatalogPage")]));

const bodyRows = (table: HTMLElement) => within(table).getAllByRole("row").filter((r) => r.closest("tbody"));

describe("sample data pages", () => {
  it("pages the eleven sample projects ten at a time through the simple-rest provider, and searches them", async () => {
    const user = userEvent.setup();
    renderConsole(dataAuthPolicyResource);
    const table = await findTable();
    await within(table).findByText("数据仓库");
    expect(bodyRows(table)).toHaveLength(10);
    expect(screen.getByText("共 11 条")).toBeInTheDocument();
    await user.click(screen.getByTitle("下一页"));
    await within(table).findByText("交通调度");
    await waitFor(() => expect(bodyRows(table)).toHaveLength(1));

    await user.type(screen.getByLabelText("项目名称"), "画像");
    await user.click(screen.getByRole("button", { name: /搜\s*索/ }));
    await within(table).findByText("用户画像");
    await waitFor(() => expect(bodyRows(table)).toHaveLength(1));
  });

  it("shows the approval items as pending through the Blade provider", async () => {
    renderConsole(dataAuthApproveResource);
    const table = await findTable();
    await within(table).findAllByText("待审批");
    expect(bodyRows(table)).toHaveLength(10);
  });

  it("shows the catalogue tree with its special nodes and a table's columns", async () => {
    const user = userEvent.setup();
    renderConsole(assetCatalogResource);
    await screen.findByText("全部");
    expect(screen.getByText("表")).toBeInTheDocument();
    expect(screen.getByText("视图")).toBeInTheDocument();
    await user.click(await screen.findByText("ods_user"));
    const table = await findTable();
    expect(within(table).getByText("user_name")).toBeInTheDocument();
  });
});
