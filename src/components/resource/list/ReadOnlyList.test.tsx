/**
 * The kit's read-only list against the reference server, on the operation log's endpoints: the
 * date range picked in the form reaches the list and the export as the keys the server reads
 * (whole days: the first from 00:00:00, the last to 23:59:59), 导出 sends the search, and
 * 导出选中 sends exactly the ticked rows.
 */
import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import dayjs from "dayjs";
import { lazy } from "react";
import { findRow, renderConsole, setupResourceTest } from "../../../testing/harness";
import { operationLogResource } from "../../../resources/logAudit/systemOperation";
import { ReadOnlyList } from "./ReadOnlyList";

const t = setupResourceTest(() => import("./ReadOnlyList"));

const LOG = "/blade-log";

/** A page made of the kit alone: account search, a whole-day range, both exports. */
function KitPage() {
  return (
    <ReadOnlyList
      resource="operationLog"
      name="kit"
      meta={{ api: LOG, endpoints: { list: "api/operationList" }, rawFilters: true }}
      search={[{ name: "account", label: "账号" }]}
      range={{ label: "时间范围", from: { field: "createTimeStart", operator: "eq" }, to: { field: "createTimeEnd", operator: "eq" } }}
      export={{ filtered: `${LOG}/operationLog/download`, ticked: `${LOG}/api/export` }}
      columns={[
        { title: "ID", dataIndex: "recordIds", width: 200 },
        { title: "操作", dataIndex: "title", width: 200 },
      ]}
    />
  );
}
const kitResource = { ...operationLogResource, list: lazy(async () => ({ default: KitPage })) };

async function createDept(deptName: string): Promise<string> {
  const res = await t.api.request("/api/blade-system/dept/submit", { token: t.token, json: { deptName, parentId: "0", deptCategory: 1, sort: 1 } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** The files the page saves, and every call it makes to the log module. */
function watch() {
  const saved: Blob[] = [];
  vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push(blob), "blob:export"), revokeObjectURL: () => {} }));
  const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
  const calls: { url: URL; method: string; body: Promise<string> }[] = [];
  t.api.server.events.on("request:start", ({ request }) => {
    if (request.url.includes("/blade-log/")) calls.push({ url: new URL(request.url), method: request.method, body: request.clone().text() });
  });
  const stop = () => {
    t.api.server.events.removeAllListeners();
    click.mockRestore();
  };
  return { saved, calls, stop };
}

const csvLines = async (blob: Blob) => (await blob.text()).replace(/^\ufeff/, "").trim().split("\r\n").slice(1);

describe("The kit's read-only list", () => {
  it("sends a picked date range as the server's keys, whole days, to the list and to the export of the search", async () => {
    await createDept("区间样本");
    const w = watch();
    const user = userEvent.setup();
    renderConsole(kitResource);
    await findRow("机构管理-新增");
    const form = document.querySelector("form#kit-search") as HTMLElement;
    const [start, end] = within(form).getAllByRole("textbox").slice(1);
    const today = dayjs().format("YYYY-MM-DD");
    await user.click(start);
    await user.type(start, "2000-01-01{Enter}");
    await user.type(end, `${today}{Enter}`);
    await user.click(within(form).getByRole("button", { name: /搜\s*索/ }));
    await waitFor(() =>
      expect(w.calls.some((c) => c.url.pathname.endsWith("/api/operationList") && c.url.searchParams.get("createTimeStart") === "2000-01-01 00:00:00")).toBe(true),
    );
    const listed = w.calls.filter((c) => c.url.pathname.endsWith("/api/operationList")).at(-1)!;
    expect(listed.url.searchParams.get("createTimeEnd")).toBe(`${today} 23:59:59`);

    await user.click(screen.getByRole("button", { name: /导\s*出$/ }));
    await waitFor(() => expect(w.saved).toHaveLength(1));
    w.stop();
    const exported = w.calls.find((c) => c.url.pathname.endsWith("/operationLog/download"))!;
    expect(exported.method).toBe("GET");
    expect(exported.url.searchParams.get("createTimeStart")).toBe("2000-01-01 00:00:00");
    expect(exported.url.searchParams.get("createTimeEnd")).toBe(`${today} 23:59:59`);
    expect(exported.url.searchParams.has("current")).toBe(false);
    expect((await csvLines(w.saved[0])).some((l) => l.includes("区间样本"))).toBe(true);
  });

  it("exports exactly the ticked rows by their ids, and offers nothing to export while none is ticked", async () => {
    const ticked = [await createDept("勾选一"), await createDept("勾选二")];
    await createDept("未勾选");
    const w = watch();
    const user = userEvent.setup();
    renderConsole(kitResource);
    expect(await screen.findByRole("button", { name: /导出选中（0）/ })).toBeDisabled();
    const keys: string[] = [];
    for (const id of ticked) {
      const row = await findRow(id);
      await user.click(within(row).getByRole("checkbox"));
      keys.push(row.getAttribute("data-row-key")!);
    }
    await user.click(await screen.findByRole("button", { name: /导出选中（2）/ }));
    await waitFor(() => expect(w.saved).toHaveLength(1));
    w.stop();
    const call = w.calls.find((c) => c.url.pathname.endsWith("/api/export"))!;
    expect(call.method).toBe("POST");
    expect(new URLSearchParams(await call.body).get("ids")?.split(",").sort()).toEqual(keys.sort());
    const lines = await csvLines(w.saved[0]);
    expect(lines).toHaveLength(2);
    expect(lines.some((l) => l.includes("勾选一")) && lines.some((l) => l.includes("勾选二"))).toBe(true);
    expect(lines.some((l) => l.includes("未勾选"))).toBe(false);
  });
});
