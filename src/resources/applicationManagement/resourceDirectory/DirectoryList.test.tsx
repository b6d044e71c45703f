/** 资源目录 against the reference server: the tree with its applications, the form, delete, start/stop and import. */
import { File as NodeFile } from "node:buffer";
import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findRow, renderConsole, setupResourceTest } from "../../../testing/harness";
import { resourceDirectoryResource } from ".";

const t = setupResourceTest(() => import("./DirectoryList"));
afterEach(() => vi.unstubAllGlobals());

interface Node {
  id: string;
  directoryName: string;
  status: number;
  apps: { appName: string }[];
  children?: Node[];
}
async function post(path: string, json: Record<string, unknown>): Promise<string> {
  const res = await t.api.request(`/api/authentication${path}`, { token: t.token, json });
  const body = await res.json();
  expect(body.msg, JSON.stringify(body)).toBe("操作成功");
  return (body.data as { id: string }).id;
}
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
async function directories(): Promise<Node[]> {
  const res = await t.api.request("/api/authentication/bladeApplicationDirectory/list", { token: t.token });
  return flat((await res.json()).data as Node[]);
}
const saveButton = (dialog: HTMLElement) => within(dialog).getByRole("button", { name: /保\s*存/ });

describe("Applications → 资源目录 against the reference server", () => {
  it("creates a directory holding a chosen application and shows it in the tree with its application", async () => {
    const user = userEvent.setup();
    await post("/app/insert", { appName: "协同办公", appCode: "oa", appUrl: "https://oa.example.com" });
    renderConsole(resourceDirectoryResource);
    await user.click(await screen.findByRole("button", { name: /新\s*增/ }));
    const dialog = await screen.findByRole("dialog");
    await user.click(saveButton(dialog));
    await within(dialog).findByText("请输入目录名称");
    await user.type(within(dialog).getByLabelText("目录名称"), "办公类");
    await user.type(within(dialog).getByLabelText("目录编码"), "office");
    await user.click(within(dialog).getByLabelText("包含应用"));
    await user.click(await screen.findByTitle("协同办公"));
    await user.click(saveButton(dialog));
    await screen.findByText("添加成功");
    const row = await findRow("办公类");
    expect(within(row).getByText("协同办公")).toBeInTheDocument();
    expect((await directories()).find((d) => d.directoryName === "办公类")!.apps.map((a) => a.appName)).toEqual(["协同办公"]);
  });

  it("picks the owner among the tenant's users by name or account, showing who and where they are, also on edit", async () => {
    const user = userEvent.setup();
    await t.api.createUser({ account: "keeperli", password: "K33per-pass", realName: "李管家", roleAliases: ["user"] });
    await t.api.createUser({ account: "asleep", password: "As1eep-pass", realName: "李停用", roleAliases: ["user"], status: 0 });
    renderConsole(resourceDirectoryResource);
    await user.click(await screen.findByRole("button", { name: /新\s*增/ }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("目录名称"), "档案类");
    await user.type(within(dialog).getByLabelText("目录编码"), "archive");
    const owner = within(dialog).getByRole("combobox", { name: "负责人" });
    // By name: the enabled users only, each with account and department.
    await user.type(owner, "李");
    const option = await screen.findByTitle("李管家 (keeperli) · 刀锋科技");
    expect(screen.queryByTitle(/李停用/)).toBeNull();
    await user.clear(owner);
    // By account too.
    await user.type(owner, "keeperl");
    await user.click(await screen.findByTitle("李管家 (keeperli) · 刀锋科技"));
    expect(option).toBeTruthy();
    expect(await within(dialog).findByTestId("owner-dept")).toHaveTextContent("刀锋科技");
    await user.click(saveButton(dialog));
    await screen.findByText("添加成功");
    const res = await t.api.request("/api/authentication/bladeApplicationDirectory/list", { token: t.token });
    const saved = flat((await res.json()).data as (Node & { ownerName: string })[]).find((d) => d.directoryName === "档案类") as Node & { ownerName: string };
    expect(saved.ownerName).toBe("李管家");

    const row = await findRow("档案类");
    await user.click(within(row).getByRole("button", { name: /编\s*辑/ }));
    const edit = await screen.findByRole("dialog", { name: /编辑/ });
    await waitFor(() => expect(within(edit).getByTitle("李管家 (keeperli) · 刀锋科技")).toBeInTheDocument());
    expect(within(edit).getByTestId("owner-dept")).toHaveTextContent("刀锋科技");
  });

  it("refuses to delete a directory that has sub-directories with the server's reason, and shows the child when opened", async () => {
    const user = userEvent.setup();
    const parent = await post("/bladeApplicationDirectory/insert", { directoryName: "研发类", directoryCode: "dev" });
    await post("/bladeApplicationDirectory/insert", { directoryName: "测试工具", directoryCode: "dev.test", parentId: parent });
    renderConsole(resourceDirectoryResource);
    const row = await findRow("研发类");
    await user.click(within(row).getByRole("button", { name: /展开行|Expand row/ }));
    await findRow("测试工具");
    await user.click(within(row).getByRole("button", { name: /删\s*除/ }));
    const confirm = (await screen.findByText(/目录与应用、应用角色的关联将一并删除/)).closest(".ant-popover") as HTMLElement;
    await user.click(within(confirm).getByRole("button", { name: /删\s*除/ }));
    expect((await screen.findAllByText("该目录下还有子目录,请先删除子目录")).length).toBeGreaterThan(0);
    expect((await directories()).map((d) => d.directoryName)).toContain("研发类");
  });

  it("stops a directory after a confirmation saying what the resource centre loses", async () => {
    const user = userEvent.setup();
    await post("/bladeApplicationDirectory/insert", { directoryName: "财务类", directoryCode: "finance" });
    renderConsole(resourceDirectoryResource);
    const row = await findRow("财务类");
    const toggle = within(row).getByRole("switch", { name: "财务类 状态" });
    // Enabled once the buttons granted to the signed-in administrator are known.
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect((await screen.findAllByText(/确定停用目录「财务类」/)).length).toBeGreaterThan(0);
    await user.click(await screen.findByRole("button", { name: /确\s*定/ }));
    await screen.findByText("修改成功");
    await waitFor(async () => expect((await directories()).find((d) => d.directoryName === "财务类")!.status).toBe(0));
  });

  it("imports a filled-in template and lists the refused rows with their reasons", async () => {
    const user = userEvent.setup();
    const ExcelJS = (await import("exceljs")).default;
    const template = await t.api.request("/api/authentication/bladeApplicationDirectory/export-template", { token: t.token });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await template.arrayBuffer()) as never);
    book.worksheets[0].getRow(2).values = ["导入目录", "imported"];
    book.worksheets[0].getRow(3).values = ["孤儿目录", "orphan", "missing"];
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    // jsdom's File has no stream(): the file and the form are Node's, as a browser's are real ones.
    const NodeFormData = (await new Request("http://x", { method: "POST", body: new URLSearchParams() }).formData()).constructor;
    vi.stubGlobal("FormData", NodeFormData);
    renderConsole(resourceDirectoryResource);
    await user.click(await screen.findByRole("button", { name: /导\s*入/ }));
    const dialog = await screen.findByRole("dialog", { name: "导入资源目录" });
    await user.upload(dialog.querySelector("input[type=file]") as HTMLInputElement, new NodeFile([bytes], "目录.xlsx", { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }) as unknown as File);
    await user.click(within(dialog).getByRole("button", { name: /开始导入/ }));
    await within(dialog).findByText("导入完成：共 2 行，成功 1 行，失败 1 行");
    const refused = (await within(dialog).findByText("孤儿目录")).closest("tr")!;
    expect(refused).toHaveTextContent("上级目录编码「missing」不存在");
    expect((await directories()).map((d) => d.directoryName)).toContain("导入目录");
  });
});
