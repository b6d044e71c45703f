/**
 * The kit's list beyond what the resources' own tests show, on real resources of the registry
 * against the reference server: the lazy tree variant (departments) and the buttons the
 * access-control provider hides (posts, for a role granted the page without its buttons).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { inArray } from "drizzle-orm";
import { menu, role, roleMenu } from "../../../server/db/schema";
import { nextId } from "../../../server/db/ids";
import { formatDateTime } from "../../../server/db/time";
import { capture, findRow, findTable, renderConsole, setupResourceTest, signIn } from "../../testing/harness";
import { deptResource } from "../../resources/system/dept";
import { postResource } from "../../resources/system/post";

const t = setupResourceTest(async () => {
  await import("../../resources/system/dept/DeptList");
  await import("../../resources/system/post/PostList");
});

/** Holds 系统管理 › 岗位管理 and none of its buttons: it may list posts, not change them. */
const viewer = { account: "viewer", password: "Viewer-pass-3" };

beforeAll(async () => {
  const roleId = nextId();
  await t.api.db.insert(role).values({ id: roleId, tenantId: "000000", roleName: "岗位查看", roleAlias: "postViewer", sort: 9, createTime: formatDateTime(new Date()) });
  const pages = await t.api.db.select({ id: menu.id }).from(menu).where(inArray(menu.path, ["/system", "/system/post"]));
  expect(pages).toHaveLength(2);
  await t.api.db.insert(roleMenu).values(pages.map((m) => ({ id: nextId(), roleId, menuId: m.id })));
  await t.api.createUser({ ...viewer, roleAliases: ["postViewer"] });
});

describe("ResourceList", () => {
  it("loads the children of a tree row from lazy-list when it is expanded, once", async () => {
    const [top] = (await (await t.api.request("/api/blade-system/dept/lazy-list", { token: t.token, query: { parentId: "0" } })).json()).data as { id: string }[];
    const lazy = capture(t.api.server, "/blade-system/dept/lazy-list");
    const user = userEvent.setup();
    renderConsole(deptResource);
    const root = await findRow("刀锋科技");
    expect(await screen.findByRole("button", { name: /新\s*增/ })).toBeInTheDocument();
    expect(await within(root).findByRole("button", { name: /编\s*辑/ })).toBeInTheDocument();
    await user.click(within(root).getByRole("button", { name: /展开|expand/i }));
    // A leaf keeps antd's hidden placeholder (the "spaced" icon, which antd's stylesheet hides) instead of an expander.
    const leafToggle = within(await findRow("常州刀锋")).queryByRole("button", { name: /展开|expand/i });
    expect(leafToggle === null || leafToggle.classList.contains("ant-table-row-expand-icon-spaced")).toBe(true);
    expect(lazy.map((c) => c.query.parentId)).toEqual(["0", top.id]);
    await user.click(within(root).getByRole("button", { name: /关闭|collapse/i }));
    await user.click(within(root).getByRole("button", { name: /展开|expand/i }));
    expect(within(await findTable()).getByText("常州刀锋")).toBeInTheDocument();
    expect(lazy).toHaveLength(2);
  });

  it("hides create, edit, delete and bulk delete from a user without their codes", async () => {
    await signIn(t.api, viewer);
    renderConsole(postResource);
    await findRow("首席执行官");
    await waitFor(() => expect(screen.queryByRole("button", { name: /新\s*增/ })).not.toBeInTheDocument());
    expect(screen.queryByRole("button", { name: /编\s*辑/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /删\s*除/ })).not.toBeInTheDocument();
  });
});
