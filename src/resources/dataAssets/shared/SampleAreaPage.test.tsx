/** The sample top-level pages of §2 against the reference server's sample module (through MSW). */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { findTable, renderConsole, setupResourceTest } from "../../../testing/harness";
import { myWorkbenchResource } from "../myWorkbench";
import { projectBoardResource } from "../projectBoard";
import { sampleSystemResource } from "../sampleSystem";
import { shareResource } from "../share";

setupResourceTest(() => import("./SampleAreaPage"));

const bodyRows = (table: HTMLElement) => within(table).getAllByRole("row").filter((r) => r.closest("tbody") && !r.classList.contains("ant-table-placeholder"));
const cards = () => document.querySelectorAll(".ant-list-item .ant-card");

describe("sample top-level pages", () => {
  it("my workbench: the figures, the collected projects, and the pending approvals on their own tab", async () => {
    const user = userEvent.setup();
    renderConsole(myWorkbenchResource);
    await screen.findByText("我的工作台");
    // 11 projects, 4 of them collected, 11 approval items pending.
    const figure = (title: string) => screen.getByText(title, { selector: ".ant-statistic-title" }).closest<HTMLElement>(".ant-statistic")!;
    await waitFor(() => expect(within(figure("项目数")).getByText("11")).toBeInTheDocument());
    await waitFor(() => expect(within(figure("已收藏")).getByText("4")).toBeInTheDocument());
    await waitFor(() => expect(within(figure("待审批")).getByText("11")).toBeInTheDocument());
    const collected = await findTable();
    await within(collected).findByText("数据仓库");
    expect(bodyRows(collected)).toHaveLength(4);
    expect(within(collected).queryByText("用户画像")).toBeNull();
    expect(within(collected).getAllByText("是")).toHaveLength(4);

    await user.click(screen.getByRole("tab", { name: "待审批" }));
    const pending = await screen.findByRole("tabpanel", { name: "待审批" });
    await within(pending).findByText("共 11 条");
    expect(within(pending).getAllByText("待审批", { selector: ".ant-tag" })).toHaveLength(10);
  });

  it("project board: the projects as cards, ten a page, searched by status", async () => {
    const user = userEvent.setup();
    renderConsole(projectBoardResource);
    await screen.findByText("共 11 条");
    await waitFor(() => expect(cards()).toHaveLength(10));
    await user.click(screen.getByTitle("下一页"));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByText("交通调度")).toBeInTheDocument();

    await user.click(screen.getByLabelText("状态"));
    await user.click(await screen.findByTitle("停用"));
    await user.click(screen.getByRole("button", { name: /搜\s*索/ }));
    await screen.findByText("共 2 条");
    expect([...cards()].map((c) => c.querySelector(".ant-card-head-title")?.textContent)).toEqual(["财务报表", "客户服务"]);
  });

  it("system management: the sample menu tree, a level loaded when it is opened", async () => {
    const user = userEvent.setup();
    renderConsole(sampleSystemResource);
    const table = await findTable();
    await within(table).findByText("/integration");
    expect(bodyRows(table)).toHaveLength(10);
    expect(within(table).queryByText("我的工作台")).toBeNull();
    const workbench = within(table).getByText("数据工作台").closest("tr")!;
    await user.click(within(workbench).getByRole("button", { name: /expand|展开/i }));
    await within(table).findByText("/workbench/projectBoard");
    expect(within(table).getByText("我的工作台")).toBeInTheDocument();
  });

  it("sharing: approval items and, on the next tab, the view records searched by viewer", async () => {
    const user = userEvent.setup();
    renderConsole(shareResource);
    await screen.findByText("共 11 条");
    await user.click(screen.getByRole("tab", { name: "访问记录" }));
    const records = await screen.findByRole("tabpanel", { name: "访问记录" });
    await within(records).findByText("共 6 条");
    await user.type(within(records).getByLabelText("查看人"), "李四");
    await user.click(within(records).getByRole("button", { name: /搜\s*索/ }));
    await within(records).findByText("共 3 条");
    expect(within(records).queryByText("张三")).toBeNull();
  });
});
