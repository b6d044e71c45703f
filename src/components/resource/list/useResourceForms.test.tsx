/**
 * The kit's edit dialog opened again on the record it just showed (岗位管理 against the reference
 * server): it shows what the server holds now — the saved edit after a save, the stored value
 * after a discarded edit — and another record shows its own values. The save case showed the old
 * values before the fix; the discard case guards that refilling on every opening brings back the
 * stored record rather than the discarded typing.
 */
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findRow, loadedField, renderConsole, setupResourceTest } from "../../../testing/harness";
import { postResource } from "../../../resources/system/post";

setupResourceTest(() => import("../../../resources/system/post/PostList"));

type User = ReturnType<typeof userEvent.setup>;
const LEAVE = "确定要离开吗?有未保存的修改。";

async function openEdit(user: User, rowText: string) {
  const row = await findRow(rowText);
  await user.click(await within(row).findByRole("button", { name: /编\s*辑/ }));
  return screen.findByRole("dialog", { name: "编辑岗位" });
}

async function retype(field: HTMLElement, user: User, text: string) {
  await user.clear(field);
  await user.type(field, text);
}

const closed = () => waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

describe("Reopening the edit dialog of the same record (on 岗位管理)", () => {
  it("shows the saved values after a save, not the ones it was first filled with", async () => {
    const user = userEvent.setup();
    renderConsole(postResource);
    const dialog = await openEdit(user, "首席执行官");
    await retype(await loadedField("岗位名称", "首席执行官"), user, "总裁");
    await retype(within(dialog).getByLabelText("岗位描述"), user, "全面负责公司经营");
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("修改成功");
    await closed();
    await findRow("总裁");

    const again = await openEdit(user, "总裁");
    await loadedField("岗位名称", "总裁");
    expect(within(again).getByLabelText("岗位描述")).toHaveValue("全面负责公司经营");
    await user.click(within(again).getByRole("button", { name: /取\s*消/ }));
    await closed();

    const other = await openEdit(user, "首席技术官");
    await loadedField("岗位名称", "首席技术官");
    expect(within(other).getByLabelText("岗位描述")).toHaveValue("");
  });

  it("shows the stored values after an edit was discarded, and another record shows its own", async () => {
    const user = userEvent.setup();
    renderConsole(postResource);
    const dialog = await openEdit(user, "首席运营官");
    await retype(await loadedField("岗位名称", "首席运营官"), user, "不保存的名称");
    await user.click(within(dialog).getByRole("button", { name: /取\s*消/ }));
    const question = (await screen.findByText(LEAVE, { selector: ".ant-modal-confirm-title" })).closest(".ant-modal-confirm") as HTMLElement;
    await user.click(within(question).getByRole("button", { name: /确\s*定/ }));
    await closed();

    await openEdit(user, "首席运营官");
    await loadedField("岗位名称", "首席运营官");
    await user.click(within(screen.getByRole("dialog", { name: "编辑岗位" })).getByRole("button", { name: /取\s*消/ }));
    await closed();

    await openEdit(user, "首席财务官");
    await loadedField("岗位名称", "首席财务官");
  });
});

describe("The kit's form dialogs and the focus (on 岗位管理)", () => {
  it("give the focus back to the button that opened them, edit and create alike", async () => {
    const user = userEvent.setup();
    renderConsole(postResource);
    const row = await findRow("首席技术官");
    const editButton = await within(row).findByRole("button", { name: /编\s*辑/ });
    editButton.focus();
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "编辑岗位" });
    await loadedField("岗位名称", "首席技术官");
    await user.click(within(dialog).getByRole("button", { name: /取\s*消/ }));
    await closed();
    expect(editButton).toHaveFocus();

    const add = screen.getByRole("button", { name: /新\s*增/ });
    add.focus();
    await user.keyboard("{Enter}");
    const created = await screen.findByRole("dialog", { name: "新增岗位" });
    await user.click(within(created).getByRole("button", { name: /取\s*消/ }));
    await closed();
    expect(add).toHaveFocus();
  });
});
