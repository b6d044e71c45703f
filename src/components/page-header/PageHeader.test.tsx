import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { List } from "@refinedev/antd";
import { Refine } from "@refinedev/core";
import { PageHeader } from "./PageHeader";

afterEach(cleanup);

describe("the list page header (refine's List without pro-layout)", () => {
  it("draws refine's List with its title as a heading above the page's content, and no back button", () => {
    render(
      <Refine options={{ disableTelemetry: true }}>
        <List title="用户管理" breadcrumb={false} canCreate={false}>
          <p>表格</p>
        </List>
      </Refine>,
    );
    expect(screen.getByRole("heading", { level: 4, name: "用户管理" })).toBeVisible();
    expect(document.querySelector(".ant-page-header .ant-page-header-content")).toHaveTextContent("表格");
    // pro-layout's own markup, which the console's styles and tests know it by.
    expect(document.querySelector(".ant-page-header-heading-title")).toHaveTextContent("用户管理");
    expect(screen.queryByRole("button", { name: "back" })).toBeNull();
  });

  it("puts the extra buttons on the right and goes back from the back button, by mouse or Enter", () => {
    const onBack = vi.fn();
    render(<PageHeader title="详情" backIcon={<span>←</span>} onBack={onBack} extra={<button type="button">保存</button>} />);
    expect(document.querySelector(".ant-page-header-heading-extra")).toContainElement(screen.getByRole("button", { name: "保存" }));
    fireEvent.click(screen.getByRole("button", { name: "back" }));
    fireEvent.keyDown(screen.getByRole("button", { name: "back" }), { key: "Enter" });
    expect(onBack).toHaveBeenCalledTimes(2);
  });
});
