/**
 * Departments against the reference server: MSW forwards /api/* to the Hono app on a fresh copy of
 * the seeded database (刀锋科技 with 常州刀锋 and 苏州刀锋 below it), so every level, search, form,
 * move, delete and import below is real behaviour.
 */
import { File as NodeFile } from "node:buffer";
import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findTable, loadedField, renderConsole, setupResourceTest } from "../../../testing/harness";
import { deptResource } from ".";

const t = setupResourceTest(() => import("./DeptList"));
afterEach(() => vi.unstubAllGlobals());

type User = ReturnType<typeof userEvent.setup>;

interface Dept {
  id: string;
  parentId: string;
  ancestors: string;
  deptName: string;
}

const api = async <T,>(path: string, init: Parameters<typeof t.api.request>[1] = {}) =>
  ((await (await t.api.request(`/api/blade-system/dept/${path}`, { token: t.token, ...init })).json()) as { data: T }).data;
const find = async (deptName: string) => (await api<Dept[]>("lazy-list", { query: { deptName } })).find((d) => d.deptName === deptName);
const create = (deptName: string, parentId: string) => api<Dept>("submit", { json: { deptName, parentId, deptCategory: 2, sort: 1 } });

/** The table row of a department (its full name defaults to its name, so the name shows twice). */
async function findRow(name: string): Promise<HTMLElement> {
  const cells = await within(await findTable()).findAllByText(name, {}, { timeout: 10_000 });
  return cells[0].closest("tr") as HTMLElement;
}

const searchForm = () => document.querySelector("form#dept-search") as HTMLElement;
const expand = async (user: User, name: string) => user.click(await within(await findRow(name)).findByRole("button", { name: /展开|expand/i }));

async function openForm(user: User, button: HTMLElement, title: RegExp) {
  await user.click(button);
  return screen.findByRole("dialog", { name: title });
}

/** Opens the parent tree select and types a word: the server's matches are offered. */
async function searchParent(user: User, dialog: HTMLElement, word: string) {
  const box = within(dialog).getByRole("combobox", { name: "上级机构" });
  await user.click(box);
  await user.type(box, word);
}

describe("System → Departments against the reference server", () => {
  it("shows the top level, and loads a level when it is opened", async () => {
    const user = userEvent.setup();
    renderConsole(deptResource);
    const table = await findTable();
    await within(table).findByText("刀锋科技");
    expect(within(table).queryByText("常州刀锋")).not.toBeInTheDocument();
    await expand(user, "刀锋科技");
    await within(table).findByText("常州刀锋");
    expect(within(table).getByText("苏州刀锋")).toBeInTheDocument();
  });

  it("searches every level by name, and lists the top level again when cleared", async () => {
    const user = userEvent.setup();
    renderConsole(deptResource);
    const table = await findTable();
    await within(table).findByText("刀锋科技");
    await user.type(within(searchForm()).getByLabelText("机构名称"), "苏州");
    await user.click(screen.getByRole("button", { name: /搜\s*索/ }));
    await within(table).findByText("苏州刀锋");
    await waitFor(() => expect(within(table).queryByText("刀锋科技")).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: /清\s*空/ }));
    await within(table).findByText("刀锋科技");
    expect(within(table).queryByText("苏州刀锋")).not.toBeInTheDocument();
  });

  it("refuses an empty form with the spec's messages", async () => {
    const user = userEvent.setup();
    renderConsole(deptResource);
    await findTable();
    const dialog = await openForm(user, await screen.findByRole("button", { name: /新\s*增/ }), /新增/);
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await within(dialog).findByText("请输入机构名称");
    expect(await within(dialog).findByText("请选择机构类型")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("联系电话"), "0512-1234");
    await within(dialog).findByText("格式不正确");
  });

  it("creates a department below a parent opened level by level in the tree select", async () => {
    const user = userEvent.setup();
    renderConsole(deptResource);
    await findTable();
    const dialog = await openForm(user, await screen.findByRole("button", { name: /新\s*增/ }), /新增/);
    await user.type(within(dialog).getByLabelText("机构名称"), "研发中心");
    await user.click(within(dialog).getByRole("combobox", { name: "上级机构" }));
    // Only the top level is there until 刀锋科技 is opened.
    const top = await screen.findByTitle("刀锋科技");
    expect(screen.queryByTitle("常州刀锋")).not.toBeInTheDocument();
    await user.click(top.closest(".ant-select-tree-treenode")!.querySelector(".ant-select-tree-switcher")!);
    await user.click(await screen.findByTitle("常州刀锋"));
    await user.click(within(dialog).getByRole("combobox", { name: "机构类型" }));
    await user.click((await screen.findAllByTitle("部门")).at(-1)!);
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("添加成功");
    const parent = await find("常州刀锋");
    expect(await find("研发中心")).toMatchObject({ parentId: parent!.id, ancestors: `${parent!.ancestors},${parent!.id}` });
  });

  it("moves a department by choosing a parent the server found; the opened level follows", async () => {
    const user = userEvent.setup();
    const root = (await find("刀锋科技"))!;
    const moving = await create("待迁移部", root.id);
    renderConsole(deptResource);
    await findTable();
    await expand(user, "刀锋科技");
    const row = await findRow("待迁移部");
    const dialog = await openForm(user, await within(row).findByRole("button", { name: /编\s*辑/ }), /编辑/);
    await loadedField("机构名称", "待迁移部");
    // The current parent shows by name, its level loaded and opened in the tree.
    await within(dialog).findByText("刀锋科技", { selector: ".ant-select-selection-item" });
    await searchParent(user, dialog, "苏州");
    await user.click(await screen.findByText("苏州刀锋", { selector: ".ant-select-tree-title span, .ant-select-tree-title" }));
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("修改成功");
    const suzhou = (await find("苏州刀锋"))!;
    expect(await find("待迁移部")).toMatchObject({ id: moving.id, parentId: suzhou.id, ancestors: `${suzhou.ancestors},${suzhou.id}` });
    // The level of 刀锋科技, opened before the move, is read again: the department left it.
    await waitFor(() => expect(within(screen.getByRole("table")).queryAllByText("待迁移部")).toHaveLength(0));
  });

  it("refuses to delete a department that still has sub-departments, saying which", async () => {
    const user = userEvent.setup();
    renderConsole(deptResource);
    const row = await findRow("刀锋科技");
    await user.click(await within(row).findByRole("button", { name: /删\s*除/ }));
    const confirm = (await screen.findByText("确定将选择数据删除?")).closest(".ant-popover") as HTMLElement;
    await user.click(within(confirm).getByRole("button", { name: /删\s*除/ }));
    await screen.findByText(/^机构「刀锋科技」下还有下级机构「.+」等\d+个下级机构，请先删除或移走下级机构$/);
    expect(await find("刀锋科技")).toBeDefined();
  });

  it("deletes an empty department after confirmation", async () => {
    const user = userEvent.setup();
    const root = (await find("刀锋科技"))!;
    await create("临时机构", root.id);
    renderConsole(deptResource);
    await expand(user, "刀锋科技");
    const row = await findRow("临时机构");
    await user.click(await within(row).findByRole("button", { name: /删\s*除/ }));
    const confirm = (await screen.findByText("确定将选择数据删除?")).closest(".ant-popover") as HTMLElement;
    await user.click(within(confirm).getByRole("button", { name: /删\s*除/ }));
    await screen.findByText("删除成功");
    await waitFor(async () => expect(await find("临时机构")).toBeUndefined());
  });

  it("imports a filled-in template and shows which rows were refused and why", async () => {
    const user = userEvent.setup();
    const ExcelJS = (await import("exceljs")).default;
    const template = await t.api.request("/api/blade-system/dept/export-template", { token: t.token });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await template.arrayBuffer()) as never);
    book.worksheets[0].getRow(2).values = ["导入部门", "刀锋科技", "部门"];
    book.worksheets[0].getRow(3).values = ["坏电话部门", "刀锋科技", "部门", "", "", "12345"];
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());

    // jsdom's File has no stream(), so Node's fetch would send its content as "undefined": the
    // file and the form are Node's here, as a browser's are real ones.
    const NodeFormData = (await new Request("http://x", { method: "POST", body: new URLSearchParams() }).formData()).constructor;
    vi.stubGlobal("FormData", NodeFormData);
    renderConsole(deptResource);
    await findTable();
    await user.click(await screen.findByRole("button", { name: /导\s*入/ }));
    const dialog = await screen.findByRole("dialog", { name: "机构导入" });
    const input = dialog.querySelector("input[type=file]") as HTMLInputElement;
    await user.upload(input, new NodeFile([bytes], "机构.xlsx", { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }) as unknown as File);
    await user.click(within(dialog).getByRole("button", { name: /开始导入/ }));
    await within(dialog).findByText("导入完成：共 2 行，成功 1 行，失败 1 行");
    const refused = (await within(dialog).findByText("坏电话部门")).closest("tr")!;
    expect(refused).toHaveTextContent("3");
    expect(refused).toHaveTextContent("格式不正确");
    expect(await find("导入部门")).toBeDefined();
  });

  it("refuses a file that is no xlsx before sending it", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderConsole(deptResource);
    await findTable();
    await user.click(await screen.findByRole("button", { name: /导\s*入/ }));
    const dialog = await screen.findByRole("dialog", { name: "机构导入" });
    await user.upload(dialog.querySelector("input[type=file]") as HTMLInputElement, new File(["a,b"], "机构.csv", { type: "text/csv" }));
    await screen.findByText("上传文件格式错误");
    expect(within(dialog).getByRole("button", { name: /开始导入/ })).toBeDisabled();
  });
});
