/**
 * What every list of the kit gives the operator, shown on the posts page against the reference
 * server: dialog titles that name the thing, delete confirmations that name what goes, the count
 * of chosen rows with a way to drop them, an empty search that says what was searched, and a dialog
 * that asks (in antd, not the browser's confirm) before dropping what was typed.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findRow, findTable, renderConsole, setupResourceTest } from "../../testing/harness";
import { postResource } from "../../resources/system/post";

setupResourceTest(() => import("../../resources/system/post/PostList"));

const searchForm = () => document.querySelector("form#post-search") as HTMLElement;
const checkbox = (row: HTMLElement) => within(row).getByRole("checkbox");

describe("The list kit (on 岗位管理)", () => {
  it("titles its create and edit dialogs with the action and the thing: 新增岗位, 编辑岗位", async () => {
    const user = userEvent.setup();
    renderConsole(postResource);
    await findTable();
    await user.click(await screen.findByRole("button", { name: /新\s*增/ }));
    await screen.findByRole("dialog", { name: "新增岗位" });
    await user.click(screen.getByRole("button", { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const row = await findRow("首席执行官");
    await user.click(await within(row).findByRole("button", { name: /编\s*辑/ }));
    await screen.findByRole("dialog", { name: "编辑岗位" });
  });

  it("names the row under §8's question when one row is deleted", async () => {
    const user = userEvent.setup();
    renderConsole(postResource);
    const row = await findRow("首席执行官");
    await user.click(await within(row).findByRole("button", { name: /删\s*除/ }));
    const confirm = (await screen.findByText("确定将选择数据删除?")).closest(".ant-popover") as HTMLElement;
    expect(within(confirm).getByText("将删除「首席执行官」")).toBeInTheDocument();
  });

  it("shows 已选 N 项 with 清空选择, and a bulk delete names the count and the first few rows", async () => {
    const user = userEvent.setup();
    renderConsole(postResource);
    const ceo = await findRow("首席执行官");
    await user.click(checkbox(ceo));
    await screen.findByText("已选 1 项");
    await user.click((await screen.findAllByRole("button", { name: /删\s*除/ }))[0]);
    const one = await screen.findByRole("dialog");
    expect(within(one).getAllByText("确定将选择数据删除?").length).toBeGreaterThan(0);
    expect(within(one).getByText("将删除「首席执行官」")).toBeInTheDocument();
    await user.click(within(one).getByRole("button", { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    // The whole page: the count, and three names followed by 等.
    const table = await findTable();
    await user.click(within(table).getAllByRole("checkbox")[0]);
    const ticked = within(table).getAllByRole("checkbox").slice(1).length;
    expect(ticked).toBeGreaterThan(3);
    await screen.findByText(`已选 ${ticked} 项`);
    await user.click((await screen.findAllByRole("button", { name: /删\s*除/ }))[0]);
    const many = await screen.findByRole("dialog");
    expect(within(many).getByText(new RegExp(`^将删除 ${ticked} 项：首席执行官、[^、]+、[^、]+ 等$`))).toBeInTheDocument();
    await user.click(within(many).getByRole("button", { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(screen.getByRole("button", { name: "清空选择" }));
    await waitFor(() => expect(screen.queryByText(/^已选/)).not.toBeInTheDocument());
    expect(within(table).getAllByRole("checkbox").every((c) => !(c as HTMLInputElement).checked)).toBe(true);
  });

  it("names each checkbox for a screen reader: a row's after the row (选择「首席执行官」), the header's 全选", async () => {
    renderConsole(postResource);
    const ceo = await findRow("首席执行官");
    expect(within(ceo).getByRole("checkbox", { name: "选择「首席执行官」" })).toBeInTheDocument();
    expect(within(await findTable()).getByRole("checkbox", { name: "全选" })).toBeInTheDocument();
  });

  it("says what was searched when nothing matches, and clears the search on request", async () => {
    const user = userEvent.setup();
    renderConsole(postResource);
    await findTable();
    await user.type(within(searchForm()).getByLabelText("岗位名称"), "没有这个岗位{Enter}");
    const empty = await screen.findByTestId("no-match");
    expect(empty).toHaveTextContent("没有符合「岗位名称：没有这个岗位」的数据");
    await user.click(within(empty).getByRole("button", { name: "清空筛选" }));
    await findRow("首席执行官");
    expect(within(searchForm()).getByLabelText("岗位名称")).toHaveValue("");
    await waitFor(() => expect(window.location.search).not.toContain("postName"));
  });
});

describe("Closing a form dialog with unsaved changes (on 岗位管理)", () => {
  const LEAVE = "确定要离开吗?有未保存的修改。";
  // refine's own close asks through window.confirm; answering yes would close the dialog unasked here.
  const nativeConfirm = () => vi.spyOn(window, "confirm").mockReturnValue(true);
  afterEach(() => vi.restoreAllMocks());

  const openCreate = async (user: ReturnType<typeof userEvent.setup>) => {
    await findTable();
    await user.click(await screen.findByRole("button", { name: /新\s*增/ }));
    return screen.findByRole("dialog", { name: "新增岗位" });
  };
  // antd names every dialog by the same id under test, so the question is found by its own title.
  const question = async () => (await screen.findByText(LEAVE, { selector: ".ant-modal-confirm-title" })).closest(".ant-modal-confirm") as HTMLElement;
  const asking = () => screen.queryByText(LEAVE, { selector: ".ant-modal-confirm-title" });

  it("asks in an antd dialog on 取消, Esc and ×: 取消 there keeps the text, 确定 closes", async () => {
    const confirm = nativeConfirm();
    const user = userEvent.setup();
    renderConsole(postResource);
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText("岗位名称"), "临时岗位");

    await user.click(within(dialog).getByRole("button", { name: /取\s*消/ }));
    await user.click(within(await question()).getByRole("button", { name: /取\s*消/ }));
    await waitFor(() => expect(asking()).not.toBeInTheDocument());
    expect(screen.getByRole("dialog", { name: "新增岗位" })).toBeInTheDocument();
    expect(within(dialog).getByLabelText("岗位名称")).toHaveValue("临时岗位");

    // Esc in a field, as a browser sends it (user-event's Escape carries no keyCode, which antd reads).
    fireEvent.keyDown(within(dialog).getByLabelText("岗位名称"), { key: "Escape", code: "Escape", keyCode: 27 });
    await user.click(within(await question()).getByRole("button", { name: /取\s*消/ }));
    await waitFor(() => expect(asking()).not.toBeInTheDocument());
    expect(within(dialog).getByLabelText("岗位名称")).toHaveValue("临时岗位");

    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await user.click(within(await question()).getByRole("button", { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(confirm).not.toHaveBeenCalled();

    // Opened again, it starts empty: what was dropped is gone.
    const again = await openCreate(user);
    expect(within(again).getByLabelText("岗位名称")).toHaveValue("");
  });

  it("closes a dialog nothing was typed into at once, asking nothing", async () => {
    const confirm = nativeConfirm();
    const user = userEvent.setup();
    renderConsole(postResource);
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole("button", { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(asking()).not.toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });
});
