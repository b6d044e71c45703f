/** Posts against the reference server: list, search, create, edit and delete are real round trips. */
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findRow, findTable, loadedField, renderConsole, setupResourceTest } from "../../../testing/harness";
import { postResource } from ".";

const t = setupResourceTest(() => import("./PostList"));

const searchForm = () => document.querySelector("form#post-search") as HTMLElement;

async function postsOnServer(postName: string) {
  const res = await t.api.request("/api/blade-system/post/list", { token: t.token, query: { postName } });
  return (await res.json()).data.records as { id: string; postCode: string; postName: string; category: number }[];
}

describe("System → Posts against the reference server", () => {
  it("lists the seeded posts with the dictionary's category names, 10 a page kept in the URL", async () => {
    renderConsole(postResource);
    const table = await findTable();
    await within(table).findByText("首席执行官");
    expect(within(table).getAllByText("高层").length).toBeGreaterThan(0);
    await waitFor(() => expect(window.location.search).toContain("pageSize=10"));
  });

  it("refuses an empty form with the spec's messages and sends nothing", async () => {
    const user = userEvent.setup();
    renderConsole(postResource);
    await findTable();
    await user.click(await screen.findByRole("button", { name: /新\s*增/ }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await within(dialog).findByText("请输入岗位编号");
    // antd validates each field on its own tick: wait for every message, not only the first.
    expect(await within(dialog).findByText("请输入岗位名称")).toBeInTheDocument();
    expect(await within(dialog).findByText("请选择岗位类型")).toBeInTheDocument();
  });

  it("creates a post, shows the server's refusal of a duplicate code beside the field", async () => {
    const user = userEvent.setup();
    renderConsole(postResource);
    await findTable();
    await user.click(await screen.findByRole("button", { name: /新\s*增/ }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByLabelText("岗位类型"));
    await user.click(await screen.findByTitle("中层"));
    await user.type(within(dialog).getByLabelText("岗位编号"), "dev01");
    await user.type(within(dialog).getByLabelText("岗位名称"), "开发工程师");
    await user.dblClick(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("添加成功");
    const [created] = await postsOnServer("开发工程师");
    expect(created).toMatchObject({ postCode: "dev01", category: 2 });
    expect(await postsOnServer("开发工程师")).toHaveLength(1);

    await user.click(await screen.findByRole("button", { name: /新\s*增/ }));
    const again = await screen.findByRole("dialog");
    await user.click(within(again).getByLabelText("岗位类型"));
    await user.click((await screen.findAllByTitle("基层")).at(-1)!);
    await user.type(within(again).getByLabelText("岗位编号"), "dev01");
    await user.type(within(again).getByLabelText("岗位名称"), "另一个");
    await user.click(within(again).getByRole("button", { name: /保\s*存/ }));
    await waitFor(() => expect(screen.getAllByText("岗位编号已存在").length).toBeGreaterThanOrEqual(2));
    expect(await postsOnServer("另一个")).toEqual([]);
  });

  it("edits a post in the same form, loaded from the server", async () => {
    const user = userEvent.setup();
    renderConsole(postResource);
    const row = await findRow("首席执行官");
    await user.click(await within(row).findByRole("button", { name: /编\s*辑/ }));
    const dialog = await screen.findByRole("dialog");
    const name = await loadedField("岗位名称", "首席执行官");
    await user.clear(name);
    await user.type(name, "总裁");
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("修改成功");
    expect(await postsOnServer("总裁")).toHaveLength(1);
  });

  it("searches by name and deletes after confirmation", async () => {
    const user = userEvent.setup();
    renderConsole(postResource);
    await findTable();
    await user.type(within(searchForm()).getByLabelText("岗位名称"), "人力");
    await user.click(screen.getByRole("button", { name: /搜\s*索/ }));
    await waitFor(() => expect(window.location.search).toContain("postName"));
    const row = await findRow("人力经理");
    await user.click(await within(row).findByRole("button", { name: /删\s*除/ }));
    const confirm = (await screen.findByText("确定将选择数据删除?")).closest(".ant-popover") as HTMLElement;
    await user.click(within(confirm).getByRole("button", { name: /删\s*除/ }));
    await screen.findByText("删除成功");
    await waitFor(async () => expect(await postsOnServer("人力经理")).toEqual([]));
  });

  it("warns when bulk delete has nothing selected", async () => {
    const user = userEvent.setup();
    renderConsole(postResource);
    await findTable();
    await user.click((await screen.findAllByRole("button", { name: /删\s*除/ }))[0]);
    await screen.findByText("请选择至少一条数据");
  });
});
