/**
 * The lazy tree list beyond one level, on the departments of the reference server: a search asks
 * the search meta's endpoint (a tree searches every level, not the top one), and a refetch
 * reloads the levels already opened.
 */
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Button } from "antd";
import { useInvalidate } from "@refinedev/core";
import { capture, findRow, findTable, renderConsole, setupResourceTest } from "../../testing/harness";
import { deptSpec } from "../../../domain/resources/system/dept/spec";
import { deptResource } from "../../resources/system/dept";
import { resourceDescriptor } from "./descriptor";
import { ResourceList } from "./ResourceList";

const t = setupResourceTest(() => import("../../resources/system/dept/DeptList"));

/** A toolbar button that refetches the list, as a save elsewhere on the page would. */
function Refresh() {
  const invalidate = useInvalidate();
  return <Button onClick={() => invalidate({ resource: deptSpec.name, invalidates: ["list"] })}>重新加载</Button>;
}

/** The departments' own list and meta, with the toolbar button above. */
const withRefresh = resourceDescriptor(
  deptSpec,
  async () => ({ default: () => <ResourceList spec={deptSpec} tree="lazy" paged={false} searchMeta={{ params: {} }} toolbar={<Refresh />} /> }),
  deptResource.meta,
);

describe("ResourceList as a lazy tree", () => {
  it("lists the top level with its fixed parent, and searches without it", async () => {
    const calls = capture(t.api.server, "/blade-system/dept/lazy-list");
    const user = userEvent.setup();
    renderConsole(deptResource);
    const table = await findTable();
    await within(table).findByText("刀锋科技");
    await user.type(within(document.querySelector("form") as HTMLElement).getByLabelText("机构名称"), "苏州");
    await user.click(screen.getByRole("button", { name: /搜\s*索/ }));
    // A second-level department, found without opening its parent.
    await within(table).findByText("苏州刀锋");
    expect(calls.map((c) => c.query)).toEqual([{ parentId: "0" }, { deptName: "苏州" }]);
  });

  it("reloads the levels already opened when the list is fetched again", async () => {
    const [top] = (await (await t.api.request("/api/blade-system/dept/lazy-list", { token: t.token, query: { parentId: "0" } })).json()).data as { id: string }[];
    const created = await t.api.request("/api/blade-system/dept/submit", { token: t.token, json: { parentId: top.id, deptName: "将移走的枝", fullName: "将移走的分支机构", deptCategory: 2, sort: 99 } });
    expect(created.status, await created.clone().text()).toBe(200);
    const user = userEvent.setup();
    renderConsole(withRefresh);
    const root = await findRow("刀锋科技");
    await user.click(within(root).getByRole("button", { name: /展开|expand/i }));
    await findRow("将移走的枝");
    // Another administrator deletes it meanwhile.
    const [gone] = (await (await t.api.request("/api/blade-system/dept/lazy-list", { token: t.token, query: { parentId: top.id } })).json()).data.filter(
      (d: { deptName: string }) => d.deptName === "将移走的枝",
    ) as { id: string }[];
    expect((await t.api.request("/api/blade-system/dept/remove", { method: "POST", token: t.token, query: { ids: gone.id } })).status).toBe(200);
    await user.click(screen.getByRole("button", { name: "重新加载" }));
    await waitFor(() => expect(screen.queryByText("将移走的枝")).not.toBeInTheDocument());
    // The opened level is still open, with the departments that remain.
    expect(within(await findTable()).getByText("苏州刀锋")).toBeInTheDocument();
  });
});
