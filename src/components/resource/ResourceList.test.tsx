/**
 * The kit's list beyond what the resources' own tests show: the lazy tree variant and the
 * buttons the access-control provider hides.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanup, configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { capture, renderConsole } from "../../testing/harness";
import { setPermissionCodes } from "../../providers/auth/menu-store";
import { createTestServer, ok, resetStorage } from "../../providers/testing/fixtures";
import { defineResource, field } from "../../../domain/validation";
import { resourceDescriptor } from "./descriptor";
import { ResourceList } from "./ResourceList";

configure({ asyncUtilTimeout: 20_000 });

const spec = defineResource({
  name: "thing",
  menuCode: "thing",
  api: "/blade-system/thing",
  path: "/system/thing",
  title: { zh: "事物", en: "Things" },
  fields: { thingName: field.text({ zh: "名称", en: "Name" }, 20, { required: true, search: "like" }) },
});
const lazyThing = resourceDescriptor(spec, async () => ({ default: () => <ResourceList spec={spec} tree="lazy" /> }));

const server = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  cleanup();
  resetStorage();
  server.resetHandlers();
});
afterAll(() => server.close());

const row = (id: string, thingName: string, hasChildren: boolean) => ({ id, parentId: "0", thingName, hasChildren, createTime: "2026-01-01 00:00:00" });

describe("ResourceList", () => {
  it("loads the children of a tree row from lazy-list when it is expanded, once", async () => {
    setPermissionCodes(["thing", "thing_add", "thing_edit", "thing_delete"]);
    capture(server, "/blade-system/thing/page", () =>
      HttpResponse.json(ok({ records: [row("1", "根节点", true), row("2", "叶子", false)], total: 2, size: 10, current: 1, pages: 1 })),
    );
    const lazy = capture(server, "/blade-system/thing/lazy-list", () => HttpResponse.json(ok([{ ...row("3", "子节点", false), parentId: "1" }])));
    const user = userEvent.setup();
    renderConsole(lazyThing);
    const root = (await screen.findByText("根节点")).closest("tr")!;
    expect(await screen.findByRole("button", { name: /新\s*增/ })).toBeInTheDocument();
    expect(await within(root).findByRole("button", { name: /编\s*辑/ })).toBeInTheDocument();
    // A leaf keeps antd's hidden placeholder (the "spaced" icon, which antd's stylesheet hides) instead of an expander.
    const leafToggle = within((await screen.findByText("叶子")).closest("tr")!).queryByRole("button", { name: /展开|expand/i });
    expect(leafToggle === null || leafToggle.classList.contains("ant-table-row-expand-icon-spaced")).toBe(true);
    await user.click(within(root).getByRole("button", { name: /展开|expand/i }));
    await screen.findByText("子节点");
    expect(lazy.map((c) => c.query.parentId)).toEqual(["1"]);
    await user.click(within(root).getByRole("button", { name: /关闭|collapse/i }));
    await user.click(within(root).getByRole("button", { name: /展开|expand/i }));
    expect(lazy).toHaveLength(1);
  });

  it("hides create, edit, delete and bulk delete from a user without their codes", async () => {
    setPermissionCodes(["thing"]);
    capture(server, "/blade-system/thing/page", () =>
      HttpResponse.json(ok({ records: [row("1", "只读", false)], total: 1, size: 10, current: 1, pages: 1 })),
    );
    renderConsole(lazyThing);
    await screen.findByText("只读");
    await waitFor(() => expect(screen.queryByRole("button", { name: /新\s*增/ })).not.toBeInTheDocument());
    expect(screen.queryByRole("button", { name: /编\s*辑/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /删\s*除/ })).not.toBeInTheDocument();
  });
});
