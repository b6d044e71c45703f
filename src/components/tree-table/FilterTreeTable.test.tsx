import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FilterTreeTable } from "./FilterTreeTable";

afterEach(cleanup);

interface Dir {
  id: string;
  name: string;
  children?: Dir[];
}
const rows: Dir[] = [
  { id: "1", name: "办公", children: [{ id: "11", name: "邮件系统" }, { id: "12", name: "审批中心" }] },
  { id: "2", name: "研发", children: [{ id: "21", name: "代码仓库" }] },
];
const columns = [{ title: "名称", dataIndex: "name", key: "name" }];
const row = (name: string) => screen.getByText(name).closest("tr")!;

describe("FilterTreeTable (§2 filterable tree table)", () => {
  it("filters by keyword keeping each match under its parents", async () => {
    const user = userEvent.setup();
    render(<FilterTreeTable rows={rows} columns={columns} />);
    expect(screen.getByText("代码仓库")).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText("输入关键字进行过滤"), "审批");
    expect(screen.getByText("办公")).toBeInTheDocument();
    expect(screen.getByText("审批中心")).toBeInTheDocument();
    expect(screen.queryByText("邮件系统")).toBeNull();
    expect(screen.queryByText("研发")).toBeNull();
    expect(screen.queryByRole("checkbox")).toBeNull();
  });

  it("offers checkboxes, disabled for the ids in the disabled list, and reports the checked ids", async () => {
    const user = userEvent.setup();
    const onCheck = vi.fn();
    render(<FilterTreeTable rows={rows} columns={columns} checkable checkedIds={["21"]} disabledIds={["12"]} onCheck={onCheck} />);
    expect(within(row("审批中心")).getByRole("checkbox")).toBeDisabled();
    expect(within(row("代码仓库")).getByRole("checkbox")).toBeChecked();
    await user.click(within(row("邮件系统")).getByRole("checkbox"));
    expect(onCheck).toHaveBeenLastCalledWith(["21", "11"]);
    // Checking a parent checks only itself (a directory, not everything in it).
    await user.click(within(row("办公")).getByRole("checkbox"));
    expect(onCheck).toHaveBeenLastCalledWith(["21", "1"]);
  });

  it("names every checkbox for a screen reader: each row's by the row, the header's by what it does", () => {
    render(<FilterTreeTable rows={rows} columns={columns} checkable checkedIds={[]} />);
    expect(within(row("邮件系统")).getByRole("checkbox", { name: "选择「邮件系统」" })).toBeInTheDocument();
    expect(within(row("研发")).getByRole("checkbox", { name: "选择「研发」" })).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "全选" })).toBeInTheDocument();
  });
});
