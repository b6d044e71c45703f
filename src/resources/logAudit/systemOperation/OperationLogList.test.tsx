/** The operation log page against the reference server: a real write shows up, its detail, the export and the chain check. */
import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { sql } from "drizzle-orm";
import { findRow, findTable, renderConsole, setupResourceTest } from "../../../testing/harness";
import { operationLogResource } from ".";

const t = setupResourceTest(() => import("./OperationLogList"));

async function createDept(deptName: string): Promise<string> {
  const res = await t.api.request("/api/blade-system/dept/submit", { token: t.token, json: { deptName, parentId: "0", deptCategory: 1, sort: 1 } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

describe("Log audit → Operation log against the reference server", () => {
  it("lists an administrative write with its operation, and shows its changed fields as text", async () => {
    await createDept("审计样本");
    const user = userEvent.setup();
    renderConsole(operationLogResource);
    const row = await findRow("机构管理-新增");
    expect(within(row).getByText("新增")).toBeInTheDocument();
    await user.click(within(row).getByRole("button", { name: /详\s*情/ }));
    const dialog = await screen.findByRole("dialog");
    // Before (none) and after of each changed field.
    expect((await within(dialog).findAllByText("审计样本")).length).toBeGreaterThan(0);
    expect(within(dialog).getByText("deptName")).toBeInTheDocument();
  });

  it("searches by operation type and exports exactly what the search shows as a blob", async () => {
    await createDept("导出样本");
    const saved: { name: string; blob: Blob }[] = [];
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push({ name: "", blob }), "blob:export"), revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1].name = this.download;
    });
    const seen: Request[] = [];
    t.api.server.events.on("request:start", ({ request }) => void (request.url.includes("operationLog/download") && seen.push(request.clone())));
    const user = userEvent.setup();
    renderConsole(operationLogResource);
    await findTable();
    await user.type(screen.getByPlaceholderText("请输入操作"), "机构管理{Enter}");
    await within(await findTable()).findAllByText("机构管理-新增");
    await user.click(await screen.findByRole("button", { name: /导\s*出$/ }));
    await waitFor(() => expect(saved[0]?.name).toMatch(/^系统操作日志\d{14}\.csv$/));
    t.api.server.events.removeAllListeners();
    click.mockRestore();
    const url = new URL(seen[0].url);
    expect(url.searchParams.get("title")).toBe("机构管理");
    expect(url.search).not.toMatch(/token|bearer|blade-auth/i);
    const lines = (await saved[0].blob.text()).replace(/^\ufeff/, "").trim().split("\r\n");
    expect(lines[0]).toContain("操作");
    expect(lines.slice(1).length).toBeGreaterThan(0);
    expect(lines.slice(1).every((l) => l.includes("机构管理"))).toBe(true);
  });

  it("reads the list through api/operationList and exports the ticked rows by their ids through api/export", async () => {
    const depts = [await createDept("选中一"), await createDept("选中二")];
    await createDept("未选中");
    const saved: { name: string; blob: Blob }[] = [];
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push({ name: "", blob }), "blob:export"), revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1].name = this.download;
    });
    const seen: { url: string; method: string; body: Promise<string> }[] = [];
    t.api.server.events.on("request:start", ({ request }) => {
      if (request.url.includes("/blade-log/")) seen.push({ url: request.url, method: request.method, body: request.clone().text() });
    });
    const user = userEvent.setup();
    renderConsole(operationLogResource);
    const exportSelected = await screen.findByRole("button", { name: /导出选中（0）/ });
    expect(exportSelected).toBeDisabled();
    const picked = [];
    // A row is found by the id of the department its write created.
    for (const id of depts) {
      const row = await findRow(id);
      await user.click(within(row).getByRole("checkbox"));
      picked.push(row.getAttribute("data-row-key")!);
    }
    await user.click(await screen.findByRole("button", { name: /导出选中（2）/ }));
    await waitFor(() => expect(saved[0]?.name).toMatch(/^系统操作日志\d{14}\.csv$/));
    t.api.server.events.removeAllListeners();
    click.mockRestore();

    expect(seen.some((r) => new URL(r.url).pathname === "/api/blade-log/api/operationList")).toBe(true);
    expect(seen.some((r) => new URL(r.url).pathname === "/api/blade-log/operationLog/page")).toBe(false);
    const call = seen.find((r) => new URL(r.url).pathname === "/api/blade-log/api/export")!;
    expect(call.method).toBe("POST");
    expect(new URLSearchParams(await call.body).get("ids")?.split(",").sort()).toEqual(picked.sort());
    const lines = (await saved[0].blob.text()).replace(/^\ufeff/, "").trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).some((l) => l.includes("选中一"))).toBe(true);
    expect(lines.slice(1).some((l) => l.includes("选中二"))).toBe(true);
    expect(lines.some((l) => l.includes("未选中"))).toBe(false);
  });

  it("verifies the chain, and names the row where it breaks after a tampering", async () => {
    await createDept("链一");
    await createDept("链二");
    const user = userEvent.setup();
    renderConsole(operationLogResource);
    await findTable();
    await user.click(await screen.findByRole("button", { name: /校验日志链/ }));
    await screen.findByText(/日志链完整：已校验 \d+ 条记录/);
    await t.api.db.execute(sql`update blade_log_operation set summary = '{}' where seq = 2 and tenant_id = '000000'`);
    await user.click(await screen.findByRole("button", { name: /校验日志链/ }));
    await screen.findByText(/日志链在第 2 条记录处断开.*记录被篡改/);
  });
});
