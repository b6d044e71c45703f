/**
 * The lazy tree list beyond one level: a search asks the search meta's endpoint (a tree searches
 * every level, not the top one), and a refetch reloads the levels already opened.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanup, configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Button } from "antd";
import { useInvalidate } from "@refinedev/core";
import { HttpResponse } from "msw";
import { capture, renderConsole } from "../../testing/harness";
import { setPermissionCodes } from "../../providers/auth/menu-store";
import { createTestServer, ok, resetStorage } from "../../providers/testing/fixtures";
import { defineResource, field } from "../../../domain/validation";
import { resourceDescriptor } from "./descriptor";
import { ResourceList } from "./ResourceList";

configure({ asyncUtilTimeout: 20_000 });

const spec = defineResource({
  name: "branch",
  menuCode: "branch",
  api: "/blade-system/branch",
  path: "/system/branch",
  title: { zh: "分支", en: "Branches" },
  fields: { branchName: field.text({ zh: "名称", en: "Name" }, 20, { required: true, search: "like" }) },
});

/** A toolbar button that refetches the list, as a save elsewhere on the page would. */
function Refresh() {
  const invalidate = useInvalidate();
  return <Button onClick={() => invalidate({ resource: "branch", invalidates: ["list"] })}>重新加载</Button>;
}

const page = resourceDescriptor(
  spec,
  async () => ({ default: () => <ResourceList spec={spec} tree="lazy" paged={false} searchMeta={{ params: {} }} toolbar={<Refresh />} /> }),
  { listMode: "list", endpoints: { list: "lazy-list" }, params: { parentId: "0" } },
);

const server = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  cleanup();
  resetStorage();
  server.resetHandlers();
});
afterAll(() => server.close());

const node = (id: string, parentId: string, branchName: string, hasChildren = false) => ({ id, parentId, branchName, hasChildren, createTime: "2026-01-01 00:00:00" });

describe("ResourceList as a lazy tree", () => {
  it("lists the top level with its fixed parent, and searches without it", async () => {
    setPermissionCodes(["branch"]);
    const calls = capture(server, "/blade-system/branch/lazy-list", (c) =>
      HttpResponse.json(ok(c.query.branchName ? [node("3", "2", "深处的枝")] : [node("1", "0", "主干", true)])),
    );
    const user = userEvent.setup();
    renderConsole(page);
    await screen.findByText("主干");
    await user.type(screen.getByLabelText("名称"), "深处");
    await user.click(screen.getByRole("button", { name: /搜\s*索/ }));
    await screen.findByText("深处的枝");
    expect(calls.map((c) => c.query)).toEqual([{ parentId: "0" }, { branchName: "深处" }]);
  });

  it("reloads the levels already opened when the list is fetched again", async () => {
    setPermissionCodes(["branch"]);
    let moved = false;
    capture(server, "/blade-system/branch/lazy-list", (c) => {
      if (c.query.parentId === "0") return HttpResponse.json(ok([node("1", "0", "主干", true)]));
      return HttpResponse.json(ok(moved ? [] : [node("2", "1", "将移走的枝")]));
    });
    const user = userEvent.setup();
    renderConsole(page);
    const root = (await screen.findByText("主干")).closest("tr")!;
    await user.click(within(root).getByRole("button", { name: /展开|expand/i }));
    await screen.findByText("将移走的枝");
    moved = true;
    await user.click(screen.getByRole("button", { name: "重新加载" }));
    await waitFor(() => expect(screen.queryByText("将移走的枝")).not.toBeInTheDocument());
  });
});
